import * as styles from './illustration.css';

/**
 * The second hero's picture, drawn rather than downloaded: a stage under spotlights, a crowd with
 * hands up, and a Gatepass ticket with its QR code. Colours follow the theme.
 */
export function HeroIllustration() {
  const crowd = [
    { x: 60, h: 58, c: styles.person1 },
    { x: 110, h: 66, c: styles.person2 },
    { x: 160, h: 54, c: styles.person3 },
    { x: 212, h: 70, c: styles.person1 },
    { x: 262, h: 60, c: styles.person2 },
    { x: 312, h: 68, c: styles.person3 },
    { x: 362, h: 56, c: styles.person1 },
    { x: 412, h: 64, c: styles.person2 },
  ];
  return (
    <svg
      className={styles.svg}
      viewBox="0 0 480 400"
      width="480"
      height="400"
      role="img"
      aria-labelledby="hero-art-title"
    >
      <title id="hero-art-title">
        A crowd cheering in front of a lit stage, and a Gatepass ticket with a QR code
      </title>
      <defs>
        <linearGradient id="hero-sky" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#0b2a20" />
          <stop offset="1" stopColor="#14523d" />
        </linearGradient>
        <linearGradient id="hero-beam" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#fde68a" stopOpacity="0.85" />
          <stop offset="1" stopColor="#fde68a" stopOpacity="0" />
        </linearGradient>
      </defs>
      <rect x="0" y="0" width="480" height="400" rx="28" fill="url(#hero-sky)" />
      {/* Spotlights */}
      <path d="M90 0 L40 300 L170 300 Z" fill="url(#hero-beam)" opacity="0.55" />
      <path d="M240 0 L180 300 L300 300 Z" fill="url(#hero-beam)" opacity="0.7" />
      <path d="M390 0 L310 300 L440 300 Z" fill="url(#hero-beam)" opacity="0.55" />
      {/* Stars / confetti */}
      <g className={styles.confetti}>
        <circle cx="40" cy="40" r="3" />
        <circle cx="150" cy="70" r="2.5" />
        <circle cx="330" cy="50" r="3" />
        <circle cx="440" cy="90" r="2.5" />
        <rect x="270" y="110" width="7" height="7" rx="1.5" transform="rotate(20 273 113)" />
        <rect x="120" y="140" width="7" height="7" rx="1.5" transform="rotate(-25 123 143)" />
      </g>
      {/* Stage */}
      <rect x="20" y="250" width="440" height="28" rx="6" className={styles.stage} />
      <rect x="60" y="206" width="360" height="44" rx="8" className={styles.stageBack} />
      {/* Performer */}
      <circle cx="240" cy="168" r="14" className={styles.performer} />
      <path d="M224 206 q16 -36 32 0" className={styles.performer} />
      <path d="M256 190 l22 -30" strokeWidth="6" strokeLinecap="round" className={styles.performerStroke} />
      {/* Crowd */}
      {crowd.map((p) => (
        <g key={p.x} className={p.c}>
          <circle cx={p.x} cy={400 - p.h - 26} r="17" />
          <rect x={p.x - 24} y={400 - p.h} width="48" height={p.h + 10} rx="22" />
          <path
            d={`M${p.x + 14} ${400 - p.h + 6} l14 -48`}
            strokeWidth="9"
            strokeLinecap="round"
            fill="none"
            stroke="currentColor"
          />
        </g>
      ))}
      {/* Ticket */}
      <g transform="translate(282 20) rotate(8)">
        <path
          d="M0 0 h172 v36 a14 14 0 0 0 0 28 v36 h-172 v-36 a14 14 0 0 0 0 -28 z"
          className={styles.ticket}
        />
        <line x1="118" y1="8" x2="118" y2="92" className={styles.ticketPerforation} />
        <text x="22" y="32" className={styles.ticketBrand}>
          GATEPASS
        </text>
        <text x="24" y="56" className={styles.ticketText}>
          Admit one
        </text>
        <text x="24" y="74" className={styles.ticketText}>
          ₦ Naira
        </text>
        <g className={styles.qr} transform="translate(130 34)">
          <rect x="0" y="0" width="12" height="12" />
          <rect x="18" y="0" width="12" height="12" />
          <rect x="0" y="18" width="12" height="12" />
          <rect x="16" y="16" width="5" height="5" />
          <rect x="24" y="22" width="6" height="8" />
          <rect x="4" y="34" width="8" height="6" />
          <rect x="20" y="34" width="10" height="6" />
        </g>
      </g>
    </svg>
  );
}
