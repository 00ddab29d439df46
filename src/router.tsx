import { createRouter, lazyRouteComponent } from '@tanstack/react-router';
import type { DarkMode } from './app/darkMode';
import { isAuthenticated } from './app/session';
import { type CopyrightYear, lagosYear } from './chrome/copyrightYear';
import { RouteErrorPage } from './pages/RouteErrorPage';
import { routeTree } from './routeTree.gen';

export type RouterContext = {
  auth: { isAuthenticated: () => boolean };
  darkMode: DarkMode;
  copyright: CopyrightYear;
};

/** `ssrNonce`: on the server, the CSP nonce of this response, put on the router's inline scripts. */
export function createAppRouter({ darkMode, ssrNonce }: { darkMode: DarkMode; ssrNonce?: string }) {
  const copyright: CopyrightYear = { year: lagosYear() };
  return createRouter({
    routeTree,
    context: { auth: { isAuthenticated }, darkMode, copyright },
    // The footer's year: the server's goes out with the page, and the browser hydrates with it.
    dehydrate: () => ({ copyrightYear: copyright.year }),
    hydrate: (data) => {
      copyright.year = data.copyrightYear;
    },
    defaultPreload: 'intent',
    scrollRestoration: true,
    // Fetched when needed: no page's first load carries it.
    defaultNotFoundComponent: lazyRouteComponent(() => import('./pages/NotFoundPage'), 'NotFoundPage'),
    defaultErrorComponent: RouteErrorPage,
    ...(ssrNonce ? { ssr: { nonce: ssrNonce } } : {}),
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
