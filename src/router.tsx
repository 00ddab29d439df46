import { createRouter, lazyRouteComponent } from '@tanstack/react-router';
import type { DarkMode } from './app/darkMode';
import { isAuthenticated } from './app/session';
import { RouteErrorPage } from './pages/RouteErrorPage';
import { routeTree } from './routeTree.gen';

export type RouterContext = {
  auth: { isAuthenticated: () => boolean };
  darkMode: DarkMode;
};

/** `ssrNonce`: on the server, the CSP nonce of this response, put on the router's inline scripts. */
export function createAppRouter({ darkMode, ssrNonce }: { darkMode: DarkMode; ssrNonce?: string }) {
  return createRouter({
    routeTree,
    context: { auth: { isAuthenticated }, darkMode },
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
