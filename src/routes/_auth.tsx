import { createFileRoute, Outlet, redirect } from '@tanstack/react-router';
import { keptTicketsHolder } from '../app/keptTicketsMarker';

/** Pages that open without a session while tickets are kept on the phone (decision 053 §5). */
const KEPT_TICKET_PAGES = /^\/(?:profile|tickets\/(?!all(?:$|\/))[^/]+)$/;

/**
 * The guarded group: without a stored token the visitor goes to /login, replacing the
 * history entry, with the requested location in `from` so sign-in can bring them back. After an
 * idle sign-out, My Tickets and a ticket's page still open, from the copy kept on the phone.
 */
export const Route = createFileRoute('/_auth')({
  beforeLoad: ({ context, location }) => {
    if (!context.auth.isAuthenticated()) {
      if (keptTicketsHolder() && KEPT_TICKET_PAGES.test(location.pathname)) return;
      throw redirect({ to: '/login', search: { from: location.href }, replace: true });
    }
  },
  component: Outlet,
});
