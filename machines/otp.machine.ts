import { assign, fromPromise, setup } from 'xstate';
import { messageOr } from './lib/form';

export const OTP_LENGTH = 6;
/** The countdown runs from 300 seconds, the server's code lives as long. */
export const OTP_SECONDS = 300;

const emptyCode = () => Array.from({ length: OTP_LENGTH }, () => '');

/** Exactly 6 items, each exactly 1 character (and digits, as the server requires). */
export function codeError(code: readonly string[]): string | null {
  if (code.length !== OTP_LENGTH || code.some((d) => d.length === 0)) return 'OTP must be exactly 6 digits';
  if (code.some((d) => d.length !== 1)) return 'Each digit must be exactly 1 character';
  if (code.some((d) => !/^\d$/.test(d))) return 'OTP must be exactly 6 digits';
  return null;
}

/** 'm:ss' for the countdown line 'Code expires in m:ss'. */
export function formatCountdown(seconds: number): string {
  const s = Math.max(0, seconds);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

type Context = {
  email: string;
  code: string[];
  seconds: number;
  remaining: number;
  error: string | null;
  notice: string | null;
};

/**
 * The emailed-code page. Two regions run side by side: the countdown
 * (one `after` step a second, so tests run it on a simulated clock) and the form (confirm or
 * resend). A successful resend clears the boxes and restarts the countdown from 5:00, in one
 * transition into both regions, so every event the machine has is one the page sends.
 */
export const otpMachine = setup({
  types: {
    input: {} as { email: string; seconds?: number },
    context: {} as Context,
    events: {} as { type: 'code.change'; code: string[] } | { type: 'form.submit' } | { type: 'code.resend' },
  },
  actors: {
    verifyOtp: fromPromise<{ resetToken: string }, { email: string; otp: string }>(async () => {
      throw new Error('verifyOtp actor not provided');
    }),
    resendCode: fromPromise<unknown, { email: string }>(async () => {
      throw new Error('resendCode actor not provided');
    }),
  },
  actions: {
    /** The right code: on to the new password with the email and the one-time reset token. */
    codeVerified: (_, _params: { email: string; resetToken: string }) => {},
  },
  delays: { second: 1000 },
  guards: {
    codeValid: ({ context }) => codeError(context.code) === null,
    timeLeft: ({ context }) => context.remaining > 1,
  },
}).createMachine({
  id: 'otp',
  context: ({ input }) => {
    const seconds = input.seconds ?? OTP_SECONDS;
    return {
      email: input.email,
      code: emptyCode(),
      seconds,
      remaining: seconds,
      error: null,
      notice: null,
    };
  },
  type: 'parallel',
  states: {
    timer: {
      initial: 'running',
      states: {
        running: {
          after: {
            second: [
              {
                guard: 'timeLeft',
                target: 'running',
                reenter: true,
                actions: assign({ remaining: ({ context }) => context.remaining - 1 }),
              },
              { target: 'expired', actions: assign({ remaining: 0 }) },
            ],
          },
        },
        // Only a successful resend restarts the countdown (its transition targets this region too).
        expired: {},
      },
    },
    form: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'code.change': {
              actions: assign(({ event }) => ({
                code: emptyCode().map((_, i) => event.code[i] ?? ''),
                error: null,
              })),
            },
            // 'Confirm code' is disabled until the code is valid, so an incomplete code
            // is never submitted: the guard only keeps the machine honest on its own.
            'form.submit': {
              guard: 'codeValid',
              target: 'verifying',
              actions: assign({ error: null, notice: null }),
            },
            'code.resend': { target: 'resending', actions: assign({ error: null, notice: null }) },
          },
        },
        verifying: {
          invoke: {
            id: 'verifyOtp',
            src: 'verifyOtp',
            input: ({ context }) => ({ email: context.email, otp: context.code.join('') }),
            onDone: {
              target: 'verified',
              actions: {
                type: 'codeVerified',
                params: ({ context, event }) => ({
                  email: context.email,
                  resetToken: event.output.resetToken,
                }),
              },
            },
            onError: {
              target: 'idle',
              actions: assign({ error: ({ event }) => messageOr(event.error, 'Invalid or expired OTP.') }),
            },
          },
        },
        resending: {
          invoke: {
            id: 'resendCode',
            src: 'resendCode',
            input: ({ context }) => ({ email: context.email }),
            // A new code: the form is ready again and the countdown starts over from the full
            // time (re-entering `running` restarts its one-second step too). One transition into
            // both regions, so no event of its own that nothing on the page would send.
            onDone: {
              target: ['#otp.form.idle', '#otp.timer.running'],
              actions: assign({
                remaining: ({ context }) => context.seconds,
                code: () => emptyCode(),
                notice: ({ context }) => `We've sent a new code to ${context.email}.`,
              }),
            },
            onError: {
              target: 'idle',
              actions: assign({ error: ({ event }) => messageOr(event.error, 'An error occurred.') }),
            },
          },
        },
        verified: { type: 'final' },
      },
    },
  },
});
