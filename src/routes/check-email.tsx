import { createFileRoute, redirect } from '@tanstack/react-router';
import { CheckEmailPage } from '../auth/CheckEmailPage';
import { useCarriedEmail } from '../auth/emailState';
import { fromSearch } from '../auth/returnTo';

/** Redirects to /login if no email is in navigation state. */
export const Route = createFileRoute('/check-email')({
  validateSearch: fromSearch,
  beforeLoad: ({ location, search }) => {
    if (!location.state.email) throw redirect({ to: '/login', search: { from: search.from }, replace: true });
  },
  component: function CheckEmail() {
    const from = Route.useSearch({ select: (s) => s.from });
    return <CheckEmailPage email={useCarriedEmail()} from={from} />;
  },
});
