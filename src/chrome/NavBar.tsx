import { Link } from '@tanstack/react-router';
import { useIsAuthenticated } from '../app/session';
import { AccountArea } from './AccountArea';
import * as styles from './chrome.css';
import { Logo } from './Logo';
import { MobileMenuButton } from './MobileMenuButton';
import { NAV_LINKS } from './navLinks';
import { ThemeToggle } from './ThemeToggle';

export function NavLinks({ authenticated, onNavigate }: { authenticated: boolean; onNavigate?: () => void }) {
  const links = authenticated ? [...NAV_LINKS, { to: '/profile', label: 'My Profile' } as const] : NAV_LINKS;
  return (
    <>
      {links.map((link) => (
        <Link
          key={link.to}
          to={link.to}
          className={styles.navLink}
          activeProps={{ 'aria-current': 'page' }}
          onClick={onNavigate}
        >
          {link.label}
        </Link>
      ))}
    </>
  );
}

export function NavBar() {
  const authenticated = useIsAuthenticated();
  return (
    <header className={styles.header}>
      <nav className={styles.nav} aria-label="Main">
        <Logo />
        <div className={styles.desktopLinks}>
          <NavLinks authenticated={authenticated} />
        </div>
        <div className={styles.navEnd}>
          <ThemeToggle />
          <div className={styles.desktopOnly}>
            <AccountArea authenticated={authenticated} />
          </div>
          <MobileMenuButton>
            <NavLinks authenticated={authenticated} />
          </MobileMenuButton>
        </div>
      </nav>
    </header>
  );
}
