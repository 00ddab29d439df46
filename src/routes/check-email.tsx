import { createFileRoute, redirect } from '@tanstack/react-router';
import { CheckEmailPage } from '../auth/CheckEmailPage';
import { useCarriedEmail } from '../auth/emailState';

/** Spec §2: redirects to /login if no email is in navigation state. */
export const Route = createFileRoute('/check-email')({
  beforeLoad: ({ location }) => {
    if (!location.state.email) throw redirect({ to: '/login', replace: true });
  },
  component: function CheckEmail() {
    return <CheckEmailPage email={useCarriedEmail()} />;
  },
});
