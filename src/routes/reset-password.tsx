import { createFileRoute, redirect } from '@tanstack/react-router';
import { useCarriedEmail } from '../auth/emailState';
import { ResetPasswordPage } from '../auth/ResetPasswordPage';

/** Reached from a verified code with the email in navigation state; otherwise start over. */
export const Route = createFileRoute('/reset-password')({
  beforeLoad: ({ location }) => {
    if (!location.state.email) throw redirect({ to: '/forgot-password', replace: true });
  },
  component: function ResetPassword() {
    return <ResetPasswordPage email={useCarriedEmail()} />;
  },
});
