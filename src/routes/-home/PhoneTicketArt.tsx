import { formatNaira } from '../../../contract/money';
import * as styles from './home.css';

/** The drawn ticket's price, in naira: a typical Regular ticket, shown as every price is. */
const ART_PRICE_NAIRA = 10_000;

/** A phone showing a Gatepass QR ticket, drawn (no image download); decorative. */
export function PhoneTicketArt() {
  // A fixed pseudo-random 9×9 pattern: looks like a QR code without pretending to be one.
  const cells = Array.from({ length: 81 }, (_, i) => i).filter((i) => {
    let x = Math.imul(i + 1, 374761393);
    x = Math.imul(x ^ (x >>> 13), 1274126177);
    return ((x ^ (x >>> 16)) >>> 0) % 100 < 45;
  });
  return (
    <svg className={styles.heroArt} viewBox="0 0 420 460" aria-hidden="true" focusable="false">
      <circle cx="300" cy="120" r="110" fill="#f59e0b" opacity="0.18" />
      <circle cx="90" cy="360" r="80" fill="#046c4e" opacity="0.14" />
      <g transform="rotate(-6 210 230)">
        <rect x="110" y="30" width="200" height="400" rx="34" fill="#0f1f19" />
        <rect x="122" y="52" width="176" height="356" rx="22" fill="#ffffff" />
        <rect x="180" y="38" width="60" height="8" rx="4" fill="#2b3d35" />
        <rect x="122" y="52" width="176" height="96" rx="22" fill="#046c4e" />
        <rect x="122" y="120" width="176" height="28" fill="#046c4e" />
        <text
          x="140"
          y="86"
          fontFamily="DejaVu Sans, Arial, sans-serif"
          fontSize="13"
          fontWeight="700"
          fill="#ffffff"
          letterSpacing="2"
        >
          GATEPASS
        </text>
        <text
          x="140"
          y="112"
          fontFamily="DejaVu Sans, Arial, sans-serif"
          fontSize="14"
          fontWeight="700"
          fill="#ffffff"
        >
          Afrobeats Under
        </text>
        <text
          x="140"
          y="130"
          fontFamily="DejaVu Sans, Arial, sans-serif"
          fontSize="14"
          fontWeight="700"
          fill="#ffffff"
        >
          the Stars
        </text>
        <g transform="translate(156 170)">
          <rect width="108" height="108" rx="8" fill="#ffffff" stroke="#0f1f19" strokeWidth="3" />
          {cells.map((i) => (
            <rect
              key={i}
              x={9 + (i % 9) * 10}
              y={9 + Math.floor(i / 9) * 10}
              width="10"
              height="10"
              fill="#0f1f19"
            />
          ))}
          {[
            [6, 6],
            [72, 6],
            [6, 72],
          ].map(([x, y]) => (
            <g key={`${x}-${y}`}>
              <rect x={x} y={y} width="30" height="30" fill="#0f1f19" />
              <rect x={(x ?? 0) + 6} y={(y ?? 0) + 6} width="18" height="18" fill="#ffffff" />
              <rect x={(x ?? 0) + 10} y={(y ?? 0) + 10} width="10" height="10" fill="#0f1f19" />
            </g>
          ))}
        </g>
        <line x1="138" y1="300" x2="282" y2="300" stroke="#d5e0db" strokeWidth="2" strokeDasharray="6 6" />
        <text x="140" y="326" fontFamily="DejaVu Sans, Arial, sans-serif" fontSize="12" fill="#4a5a53">
          Admit one · Regular
        </text>
        <text x="140" y="350" fontFamily="DejaVu Sans, Arial, sans-serif" fontSize="12" fill="#4a5a53">
          Eko Convention Centre
        </text>
        <text
          x="140"
          y="382"
          fontFamily="DejaVu Sans, Arial, sans-serif"
          fontSize="18"
          fontWeight="700"
          fill="#046c4e"
        >
          {formatNaira(ART_PRICE_NAIRA)}
        </text>
      </g>
      <g transform="translate(292 330) rotate(8)">
        <rect width="116" height="44" rx="22" fill="#ffffff" stroke="#046c4e" strokeWidth="2" />
        <circle cx="22" cy="22" r="11" fill="#046c4e" />
        <path d="M16 22l4 4 8-8" stroke="#ffffff" strokeWidth="3" fill="none" strokeLinecap="round" />
        <text
          x="40"
          y="27"
          fontFamily="DejaVu Sans, Arial, sans-serif"
          fontSize="13"
          fontWeight="700"
          fill="#046c4e"
        >
          Scanned
        </text>
      </g>
    </svg>
  );
}
