import { createFileRoute, redirect } from '@tanstack/react-router';
import { useCarriedEmail, useCarriedResetToken } from '../auth/emailState';
import { ResetPasswordPage } from '../auth/ResetPasswordPage';

/**
 * Reached from a verified code with the email and the reset token in navigation state (never the
 * URL); without them there is nothing to reset with, so start over.
 */
export const Route = createFileRoute('/reset-password')({
  beforeLoad: ({ location }) => {
    if (!location.state.email || !location.state.resetToken) {
      throw redirect({ to: '/forgot-password', replace: true });
    }
  },
  component: function ResetPassword() {
    return <ResetPasswordPage email={useCarriedEmail()} resetToken={useCarriedResetToken()} />;
  },
});
