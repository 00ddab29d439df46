import { Link, useRouterState } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useIsAuthenticated } from '../app/session';
import { Logo } from '../chrome/Logo';
import { ThemeToggle } from '../chrome/ThemeToggle';
import * as styles from './AuthLayout.css';
import { AuthShowcase } from './AuthShowcase';

/**
 * The corner link toggles between Sign in and Sign up depending on the current path; someone signed
 * in (accepting a team invitation, setting a password) is offered neither.
 */
function CornerLink() {
  const onSignup = useRouterState({ select: (s) => s.location.pathname.replace(/\/+$/, '') === '/signup' });
  const signedIn = useIsAuthenticated();
  if (signedIn) return null;
  return onSignup ? (
    <>
      <span className={styles.cornerPrompt}>Already have an account?</span>
      <Link to="/login" className={styles.link}>
        Sign in
      </Link>
    </>
  ) : (
    <>
      <span className={styles.cornerPrompt}>New to Gatepass?</span>
      <Link to="/signup" className={styles.link}>
        Sign up
      </Link>
    </>
  );
}

/** The shared frame of the sign-in pages: carousel on large screens, the form beside it. */
export function AuthLayout({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className={styles.shell}>
      <aside className={styles.showcase} aria-label="About Gatepass">
        <AuthShowcase />
      </aside>
      <main id="main" className={styles.panel}>
        <header className={styles.topbar}>
          <Logo />
          <div className={styles.topbarEnd}>
            <CornerLink />
            <ThemeToggle />
          </div>
        </header>
        <div className={styles.body}>
          <div className={styles.card}>
            <h1 className={styles.title}>{title}</h1>
            {subtitle && <p className={styles.subtitle}>{subtitle}</p>}
            <div className={styles.content}>{children}</div>
          </div>
        </div>
      </main>
    </div>
  );
}
