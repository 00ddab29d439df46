import { Link } from '@tanstack/react-router';
import * as styles from './chrome.css';

export function Logo() {
  return (
    <Link to="/" className={styles.logo} aria-label="Gatepass home">
      <svg viewBox="0 0 64 64" width="32" height="32" aria-hidden="true">
        <rect width="64" height="64" rx="14" fill="currentColor" />
        <path d="M18 20h28v8a4 4 0 0 0 0 8v8H18v-8a4 4 0 0 0 0-8z" fill="#fff" />
      </svg>
      <span>Gatepass</span>
    </Link>
  );
}
