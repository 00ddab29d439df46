import { lazy, type ReactNode, Suspense, useState } from 'react';
import * as styles from './chrome.css';

// The slide-in menu (an Ark UI dialog) is fetched on first use: most desktop visitors never open
// it, and it would add ~20 KB to every page's first load.
const MobileMenu = lazy(() => import('./MobileMenu'));

export function MobileMenuButton({ children }: { children: ReactNode }) {
  // Flips once, on the first click; from then on the Ark dialog owns open/closed.
  const [requested, setRequested] = useState(false);
  const trigger = (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
      <path d="M4 6h16M4 12h16M4 18h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
  if (!requested) {
    return (
      <button
        type="button"
        className={`${styles.iconButton} ${styles.mobileOnly}`}
        aria-label="Open menu"
        aria-haspopup="dialog"
        onClick={() => setRequested(true)}
      >
        {trigger}
      </button>
    );
  }
  return (
    <Suspense
      fallback={
        <button
          type="button"
          className={`${styles.iconButton} ${styles.mobileOnly}`}
          aria-label="Open menu"
          aria-busy="true"
        >
          {trigger}
        </button>
      }
    >
      <MobileMenu trigger={trigger}>{children}</MobileMenu>
    </Suspense>
  );
}
