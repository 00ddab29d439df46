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
    await runPath(path, {
      machine: checkEmailMachine,
      input,
      actorNames: ['resendVerification'],
      view: key,
      check: (real, _m, calls) => {
        if (real.matches('sending')) expect(calls.resendVerification?.at(-1)).toEqual(input);
      },
    });
  });
});
