import { createFileRoute, redirect } from '@tanstack/react-router';
import { useCarriedEmail } from '../auth/emailState';
import { OtpPage } from '../auth/OtpPage';

/** The email comes in navigation state; without it there is no code to enter. */
export const Route = createFileRoute('/forgot-password/email-code')({
  beforeLoad: ({ location }) => {
    if (!location.state.email) throw redirect({ to: '/forgot-password', replace: true });
  },
  component: function EmailCode() {
    return <OtpPage email={useCarriedEmail()} />;
  },
});
