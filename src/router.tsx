import { createRouter } from '@tanstack/react-router';
import type { DarkModeActor } from './app/darkMode';
import { isAuthenticated } from './app/session';
import { NotFoundPage } from './pages/NotFoundPage';
import { RouteErrorPage } from './pages/RouteErrorPage';
import { routeTree } from './routeTree.gen';

export type RouterContext = {
  auth: { isAuthenticated: () => boolean };
  darkMode: DarkModeActor;
};

export function createAppRouter({ darkMode }: { darkMode: DarkModeActor }) {
  return createRouter({
    routeTree,
    context: { auth: { isAuthenticated }, darkMode },
    defaultPreload: 'intent',
    scrollRestoration: true,
    defaultNotFoundComponent: NotFoundPage,
    defaultErrorComponent: RouteErrorPage,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
