import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { checkEmailMachine } from '../../machines/checkEmail.machine';
import { expectFullCoverage, flowModel, httpError, networkError, runPath } from '../helpers/machineModel';

const input = { email: 'ada@example.ng' };
const events = [
  { type: 'email.resend' },
  { type: 'xstate.done.actor.resendVerification', output: { message: 'sent' } },
  {
    type: 'xstate.error.actor.resendVerification',
    error: httpError(429, 'Too many requests. Try again later.'),
  },
  { type: 'xstate.error.actor.resendVerification', error: networkError() },
];
const key = (s: SnapshotFrom<typeof checkEmailMachine>) => s.context.alert;

beforeEach(() => {
  vi.useFakeTimers();
});

describe('check-email flow', () => {
  const paths = flowModel(checkEmailMachine, { events, key, input }).getSimplePaths();

  it('covers every state and transition', () => expectFullCoverage(checkEmailMachine, paths));

  it('shows the spec alerts', () => {
    const alerts = paths.flatMap((p) => p.steps.map((s) => s.state.context.alert?.text)).filter(Boolean);
    expect(new Set(alerts)).toEqual(
      new Set([
        'Verification email sent successfully!',
        'Too many requests. Try again later.',
        'An error occurred. Please try again.',
      ]),
    );
  });

  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_, path) => {
    let step = 0;
    await runPath(path, {
      machine: checkEmailMachine,
      input,
      actorNames: ['resendVerification'],
      view: key,
      check: (real, _m, calls) => {
        if (real.matches('sending')) expect(calls.resendVerification?.at(-1)).toEqual(input);
        // The alert answers the last resend, in the page's words when the server gave none.
        const event = path.steps[step++]?.event as { type: string; error?: { serverMessage?: string } };
        expect(real.value).toBe(event.type === 'email.resend' ? 'sending' : 'idle');
        if (event.type === 'xstate.init' || event.type === 'email.resend')
          expect(real.context.alert).toBeNull();
        if (event.type === 'xstate.done.actor.resendVerification')
          expect(real.context.alert).toEqual({
            tone: 'success',
            text: 'Verification email sent successfully!',
          });
        if (event.type === 'xstate.error.actor.resendVerification')
          expect(real.context.alert).toEqual({
            tone: 'error',
            text: event.error?.serverMessage ?? 'An error occurred. Please try again.',
          });
        expect(calls.resendVerification ?? []).toHaveLength(
          path.steps.slice(0, step).filter((s) => s.event.type === 'email.resend').length,
        );
      },
    });
  });
});
