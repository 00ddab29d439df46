import { useRouteContext } from '@tanstack/react-router';
import { useSyncExternalStore } from 'react';
import * as styles from './chrome.css';

/** The server cannot know the visitor's theme: it renders the light toggle (see useIsDark). */
const serverIsLight = () => false;

/** The dark/light switch in the navigation bar; the dark-mode machine owns the state. */
export function ThemeToggle() {
  const darkMode = useRouteContext({ from: '__root__', select: (c) => c.darkMode });
  // The page's colours are right before any script (theme-init.js); only this icon waits for
  // hydration: React hydrates with the server's value, then re-renders with the machine's.
  const isDark = useSyncExternalStore(darkMode.subscribe, darkMode.isDark, serverIsLight);
  return (
    <button
      type="button"
      className={styles.iconButton}
      aria-pressed={isDark}
      aria-label={isDark ? 'Switch to light mode' : 'Switch to dark mode'}
      title={isDark ? 'Switch to light mode' : 'Switch to dark mode'}
      onClick={darkMode.toggle}
    >
      {isDark ? (
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
          <circle cx="12" cy="12" r="4.5" fill="currentColor" />
          {[0, 45, 90, 135, 180, 225, 270, 315].map((a) => (
            <line
              key={a}
              x1="12"
              y1="2.5"
              x2="12"
              y2="5"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
              transform={`rotate(${a} 12 12)`}
            />
          ))}
        </svg>
      ) : (
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
          <path d="M20 14.5A8.5 8.5 0 0 1 9.5 4a8.5 8.5 0 1 0 10.5 10.5z" fill="currentColor" />
        </svg>
      )}
    </button>
  );
}
