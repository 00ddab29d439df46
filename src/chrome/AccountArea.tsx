import { ButtonLink } from '../ui/Button';
import * as styles from './chrome.css';

/** Logged-out visitors see Login and Sign Up; the signed-in avatar menu replaces this area. */
export function AccountArea({ authenticated }: { authenticated: boolean }) {
  if (authenticated) return null;
  return (
    <div className={styles.accountButtons}>
      <ButtonLink to="/login" tone="ghost" size="sm">
        Login
      </ButtonLink>
      <ButtonLink to="/signup" tone="primary" size="sm">
        Sign Up
      </ButtonLink>
    </div>
  );
}
