import { createFileRoute, Outlet, redirect } from '@tanstack/react-router';

/**
 * The guarded group: without a stored token the visitor goes to /login, replacing the
 * history entry, with the requested location in `from` so sign-in can bring them back.
 */
export const Route = createFileRoute('/_auth')({
  beforeLoad: ({ context, location }) => {
    if (!context.auth.isAuthenticated()) {
      throw redirect({ to: '/login', search: { from: location.href }, replace: true });
    }
  },
  component: Outlet,
});
