import { Outlet, Scripts, useRouterState } from '@tanstack/react-router';
import { Footer } from './Footer';
import { IdleWarning } from './IdleWarning';
import { LazyToaster } from './LazyToaster';
import * as styles from './layout.css';
import { NavBar } from './NavBar';
import { isChromeless } from './navLinks';

/** Navigation bar and footer around every page but the auth pages. */
export function Layout() {
  const chromeless = useRouterState({ select: (s) => isChromeless(s.location.pathname) });
  return (
    <>
      <a href="#main" className={styles.skipLink}>
        Skip to content
      </a>
      {!chromeless && <NavBar />}
      <div className={styles.page}>
        <Outlet />
      </div>
      {!chromeless && <Footer />}
      <LazyToaster />
      <IdleWarning />
      {/* Server only (the SSR bundle): the dehydrated router state (loader data) for hydration. Its
          scripts remove themselves once run, so the browser, which renders nothing here, matches. */}
      {import.meta.env.SSR && <Scripts />}
    </>
  );
}
