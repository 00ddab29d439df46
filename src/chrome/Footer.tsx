import { Link, useRouteContext } from '@tanstack/react-router';
import * as styles from './chrome.css';
import { Logo } from './Logo';

const SOCIALS = [
  { href: 'https://x.com/gatepassng', label: 'Gatepass on X', path: 'M4 4l16 16M20 4L4 20' },
  {
    href: 'https://instagram.com/gatepassng',
    label: 'Gatepass on Instagram',
    path: 'M7 3h10a4 4 0 0 1 4 4v10a4 4 0 0 1-4 4H7a4 4 0 0 1-4-4V7a4 4 0 0 1 4-4zm5 5a4 4 0 1 0 0 8 4 4 0 0 0 0-8z',
  },
  {
    href: 'https://www.linkedin.com/company/gatepassng',
    label: 'Gatepass on LinkedIn',
    path: 'M4 9h4v11H4zM6 3.5a2 2 0 1 1 0 4 2 2 0 0 1 0-4zM10 9h4v1.6c.6-1 1.9-1.9 3.6-1.9 3.2 0 4.4 2 4.4 5.3V20h-4v-5.2c0-1.5-.3-2.8-1.9-2.8s-2.1 1.2-2.1 2.8V20h-4z',
  },
];

export function Footer() {
  // The router's year, not this render's clock: see copyrightYear.ts.
  const year = useRouteContext({ from: '__root__', select: (c) => c.copyright.year });
  return (
    <footer className={styles.footer}>
      <div className={styles.footerInner}>
        <div className={styles.footerBrand}>
          <Logo />
          <p>Events and tickets for Nigeria, in Naira, from the first RSVP to the last scan at the door.</p>
        </div>
        <nav aria-label="Footer" className={styles.footerLinks}>
          <Link to="/events/all">Events</Link>
          <Link to="/pricing">Pricing</Link>
          <Link to="/about">About</Link>
          <Link to="/contact">Contact</Link>
          <Link to="/blog">Blog</Link>
          <Link to="/terms">Terms of Service</Link>
          <Link to="/privacy">Privacy Policy</Link>
        </nav>
        <ul className={styles.socials} aria-label="Social links">
          {SOCIALS.map((s) => (
            <li key={s.href}>
              {/* biome-ignore lint/a11y/useAnchorContent: the visually hidden label is the link text */}
              <a
                href={s.href}
                aria-label={s.label}
                className={styles.iconButton}
                rel="noopener noreferrer"
                target="_blank"
              >
                <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
                  <path
                    d={s.path}
                    fill="none"
                    stroke="currentColor"
                    strokeWidth="1.8"
                    strokeLinecap="round"
                    strokeLinejoin="round"
                  />
                </svg>
              </a>
            </li>
          ))}
        </ul>
      </div>
      <p className={styles.copyright}>© {year} Gatepass. All rights reserved.</p>
    </footer>
  );
}
