import * as styles from './contact.css';

/** A drawn envelope with a message and a chat bubble in the theme's colours (decorative). */
export function ContactIllustration() {
  return (
    <svg
      className={styles.illustration}
      viewBox="0 0 420 320"
      width="420"
      height="320"
      aria-hidden="true"
      focusable="false"
    >
      <defs>
        <linearGradient id="contact-bg" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#dcf1e8" />
          <stop offset="1" stopColor="#fdf3e1" />
        </linearGradient>
      </defs>
      <circle cx="210" cy="160" r="150" fill="url(#contact-bg)" />
      <g transform="translate(80 110)">
        <rect x="0" y="0" width="220" height="150" rx="14" fill="#046c4e" />
        <path d="M0 14 L110 88 L220 14" fill="none" stroke="#dcf1e8" strokeWidth="6" strokeLinejoin="round" />
        <path d="M0 150 L84 72 M220 150 L136 72" stroke="#035a41" strokeWidth="4" />
      </g>
      <g transform="translate(112 40)">
        <rect x="0" y="0" width="156" height="104" rx="10" fill="#ffffff" stroke="#d5e0db" strokeWidth="2" />
        <rect x="18" y="20" width="96" height="10" rx="5" fill="#046c4e" />
        <rect x="18" y="42" width="120" height="8" rx="4" fill="#a9bcb3" />
        <rect x="18" y="58" width="108" height="8" rx="4" fill="#a9bcb3" />
        <rect x="18" y="74" width="72" height="8" rx="4" fill="#a9bcb3" />
      </g>
      <g transform="translate(286 52)">
        <path
          d="M0 16 a16 16 0 0 1 16 -16 h72 a16 16 0 0 1 16 16 v34 a16 16 0 0 1 -16 16 h-50 l-22 18 v-18 a16 16 0 0 1 -16 -16 z"
          fill="#b45309"
        />
        <circle cx="30" cy="33" r="5" fill="#ffffff" />
        <circle cx="52" cy="33" r="5" fill="#ffffff" />
        <circle cx="74" cy="33" r="5" fill="#ffffff" />
      </g>
      <path
        d="M60 80 l8 -8 M56 62 l12 0 M340 230 l10 8 M348 212 l12 -4"
        stroke="#b45309"
        strokeWidth="4"
        strokeLinecap="round"
      />
    </svg>
  );
}
