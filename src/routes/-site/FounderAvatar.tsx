import * as styles from './about.css';
import type { Founder } from './founders';

const TONES: Record<Founder['tone'], [string, string]> = {
  green: ['#046c4e', '#3ecf9a'],
  teal: ['#0e5e6f', '#38bdf8'],
  amber: ['#92400e', '#f5b454'],
  plum: ['#6b21a8', '#e879f9'],
};

/** A drawn avatar: the founder's initials on a two-tone badge (no photos are downloaded). */
export function FounderAvatar({ founder }: { founder: Founder }) {
  const [dark, light] = TONES[founder.tone];
  const gradientId = `avatar-${founder.initials}`;
  return (
    <svg
      className={styles.avatar}
      viewBox="0 0 96 96"
      width="96"
      height="96"
      aria-hidden="true"
      focusable="false"
    >
      <defs>
        <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor={dark} />
          <stop offset="1" stopColor={light} />
        </linearGradient>
      </defs>
      <circle cx="48" cy="48" r="48" fill={`url(#${gradientId})`} />
      <circle cx="48" cy="48" r="40" fill="none" stroke="#ffffff" strokeOpacity="0.35" strokeWidth="2" />
      <text
        x="48"
        y="57"
        textAnchor="middle"
        fill="#ffffff"
        fontSize="28"
        fontWeight="800"
        fontFamily="system-ui, sans-serif"
      >
        {founder.initials}
      </text>
    </svg>
  );
}
