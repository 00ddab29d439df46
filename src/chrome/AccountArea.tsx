import { lazy, Suspense, useState } from 'react';
import { AvatarFace, fullName } from '../account/Avatar';
import * as avatar from '../account/Avatar.css';
import { useSessionUser } from '../app/session';
import { ButtonLink } from '../ui/Button';
import * as styles from './chrome.css';

// The avatar menu (Ark UI Menu) and the settings modal behind it are fetched on first use, so the
// home page's first load carries neither.
const loadMenu = () => import('../account/AccountMenu');
const AccountMenu = lazy(loadMenu);

/** Logged out: Login and Sign Up. Logged in: the avatar menu (full name, username, Settings, Sign out). */
export function AccountArea({ authenticated }: { authenticated: boolean }) {
  const user = useSessionUser();
  // Flips once, on the first click; from then on the Ark menu owns open/closed.
  const [requested, setRequested] = useState(false);
  if (!authenticated) {
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
  if (!user) return null;
  const label = `Account menu for ${fullName(user)}`;
  const placeholder = (busy: boolean) => (
    <button
      type="button"
      className={avatar.trigger}
      aria-label={label}
      aria-haspopup="menu"
      aria-busy={busy || undefined}
      onPointerEnter={() => void loadMenu()}
      onFocus={() => void loadMenu()}
      onClick={() => setRequested(true)}
    >
      <AvatarFace user={user} />
    </button>
  );
  if (!requested) return placeholder(false);
  return (
    <Suspense fallback={placeholder(true)}>
      <AccountMenu user={user} label={label} />
    </Suspense>
  );
}
