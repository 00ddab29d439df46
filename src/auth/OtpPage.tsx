import { PinInput } from '@ark-ui/react/pin-input';
import { Link, useNavigate } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { codeError, formatCountdown, OTP_LENGTH, otpMachine } from '../../machines/otp.machine';
import { forgotPassword, verifyOtp } from '../api/users';
import { Button } from '../ui/Button';
import { FormAlert } from '../ui/Field';
import * as field from '../ui/field.css';
import { AuthLayout } from './AuthLayout';
import * as layout from './AuthLayout.css';
import * as otp from './OtpPage.css';
import './emailState';

/**
 * Email code: six boxes (Ark UI PinInput: typing, pasting all six, backspace), the
 * countdown 'Code expires in m:ss' from 5:00, 'Resend code' (sends a new code and restarts the
 * countdown), 'Confirm code' / 'Verifying...', disabled while the code is incomplete or busy.
 */
export function OtpPage({ email }: { email: string }) {
  const navigate = useNavigate();
  const actor = useActorRef(
    otpMachine.provide({
      actors: {
        verifyOtp: fromPromise(({ input }) => verifyOtp(input)),
        resendCode: fromPromise(({ input }) => forgotPassword(input)),
      },
      actions: {
        // The reset token goes in history state: never in the URL, so never in a log or a referrer.
        codeVerified: (_, { email: verified, resetToken }) =>
          void navigate({ to: '/reset-password', state: { email: verified, resetToken }, replace: true }),
      },
    }),
    { input: { email } },
  );
  const code = useSelector(actor, (s) => s.context.code);
  const remaining = useSelector(actor, (s) => s.context.remaining);
  const expired = useSelector(actor, (s) => s.matches({ timer: 'expired' }));
  const verifying = useSelector(actor, (s) => s.matches({ form: 'verifying' }));
  const resending = useSelector(actor, (s) => s.matches({ form: 'resending' }));
  const error = useSelector(actor, (s) => s.context.error);
  const notice = useSelector(actor, (s) => s.context.notice);
  const invalid = codeError(code) !== null;

  return (
    <AuthLayout
      title="Email Verification"
      subtitle={
        <>
          We've sent a 6-digit code to <span className={layout.emphasis}>{email}</span>
        </>
      }
    >
      <form
        className={field.form}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          actor.send({ type: 'form.submit' });
        }}
      >
        <FormAlert tone="error">{error}</FormAlert>
        <FormAlert tone="success">{notice}</FormAlert>
        <PinInput.Root
          className={otp.root}
          count={OTP_LENGTH}
          type="numeric"
          otp
          autoFocus
          placeholder=""
          value={code}
          onValueChange={(details) => actor.send({ type: 'code.change', code: details.value })}
          disabled={verifying}
          translations={{ inputLabel: (index, length) => `Digit ${index + 1} of ${length}` }}
        >
          <PinInput.Label className={field.label}>Verification code</PinInput.Label>
          <PinInput.Control className={otp.control}>
            {Array.from({ length: OTP_LENGTH }, (_, index) => (
              <PinInput.Input key={index} index={index} className={otp.box} />
            ))}
          </PinInput.Control>
          <PinInput.HiddenInput />
        </PinInput.Root>
        <div className={layout.splitRow}>
          <p className={otp.countdown} aria-live={remaining % 60 === 0 || expired ? 'polite' : 'off'}>
            {expired
              ? 'The code has expired. Ask for a new one.'
              : `Code expires in ${formatCountdown(remaining)}`}
          </p>
          <button
            type="button"
            className={layout.linkButton}
            disabled={resending || verifying}
            onClick={() => actor.send({ type: 'code.resend' })}
          >
            {resending ? 'Sending...' : 'Resend code'}
          </button>
        </div>
        <Button type="submit" block busy={verifying} disabled={invalid || resending}>
          {verifying ? 'Verifying...' : 'Confirm code'}
        </Button>
        <p className={layout.footnote}>
          Wrong email?{' '}
          <Link to="/forgot-password" state={{ email }} className={layout.link}>
            Change it
          </Link>
        </p>
        <p className={layout.footnote}>
          No account yet?{' '}
          <Link to="/signup" className={layout.link}>
            Sign up
          </Link>
        </p>
      </form>
    </AuthLayout>
  );
}
