import { ButtonLink } from '../ui/Button';
import * as styles from './pages.css';

/** Any unknown path: astronaut graphic, a nudge home, 'Back to home'. */
export function NotFoundPage() {
  return (
    <main className={styles.centrePage} id="main">
      <svg
        className={styles.astronaut}
        viewBox="0 0 240 240"
        role="img"
        aria-label="An astronaut drifting in space"
      >
        <circle cx="120" cy="120" r="110" fill="currentColor" opacity="0.08" />
        {[
          [30, 40],
          [200, 60],
          [180, 190],
          [50, 200],
          [120, 20],
        ].map(([x, y]) => (
          <circle key={`${x}-${y}`} cx={x} cy={y} r="3" fill="currentColor" opacity="0.5" />
        ))}
        <g transform="rotate(-14 120 120)">
          <rect
            x="86"
            y="112"
            width="68"
            height="74"
            rx="22"
            fill="#f1f5f9"
            stroke="#94a3b8"
            strokeWidth="4"
          />
          <rect
            x="60"
            y="120"
            width="30"
            height="18"
            rx="9"
            fill="#f1f5f9"
            stroke="#94a3b8"
            strokeWidth="4"
          />
          <rect
            x="150"
            y="120"
            width="30"
            height="18"
            rx="9"
            fill="#f1f5f9"
            stroke="#94a3b8"
            strokeWidth="4"
          />
          <rect
            x="94"
            y="180"
            width="20"
            height="30"
            rx="8"
            fill="#f1f5f9"
            stroke="#94a3b8"
            strokeWidth="4"
          />
          <rect
            x="126"
            y="180"
            width="20"
            height="30"
            rx="8"
            fill="#f1f5f9"
            stroke="#94a3b8"
            strokeWidth="4"
          />
          <circle cx="120" cy="84" r="38" fill="#f1f5f9" stroke="#94a3b8" strokeWidth="4" />
          <rect x="96" y="68" width="48" height="32" rx="16" fill="#0f766e" />
          <rect x="104" y="74" width="14" height="8" rx="4" fill="#ffffff" opacity="0.7" />
          <rect x="106" y="136" width="28" height="18" rx="4" fill="#f59e0b" />
        </g>
      </svg>
      <h1 className={styles.title}>Lost in space</h1>
      <p className={styles.lead}>We couldn’t find the page you were looking for. Let’s get you back home.</p>
      <ButtonLink to="/" size="lg">
        Back to home
      </ButtonLink>
    </main>
  );
}
