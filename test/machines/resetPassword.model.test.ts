import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, type SnapshotFrom } from 'xstate';
import { resetPasswordMachine } from '../../machines/resetPassword.machine';
import {
  expectFullCoverage,
  flowModel,
  httpError,
  networkError,
  rejectingActor,
  runPath,
} from '../helpers/machineModel';

const input = { email: 'ada@example.ng', resetToken: 'k3J9x0Qm2VbT7yWc5Lp8Rn4Hs6Df1Ga0Ze9Xu2Yi7Oq' };
const events = [
  { type: 'field.change', name: 'newPassword', value: 'New#pass1' },
  { type: 'field.change', name: 'newPassword', value: 'weak' },
  { type: 'field.change', name: 'confirmPassword', value: 'New#pass1' },
  { type: 'form.submit' },
  { type: 'xstate.done.actor.resetPassword', output: { message: 'Password reset.' } },
  { type: 'xstate.error.actor.resetPassword', error: httpError(400, 'Verify a code first.') },
  { type: 'xstate.error.actor.resetPassword', error: networkError() },
];
const key = (s: SnapshotFrom<typeof resetPasswordMachine>) => [
  s.context.values,
  s.context.errors,
  s.context.formError,
  s.context.submitted,
];

beforeEach(() => {
  vi.useFakeTimers();
});

describe('reset-password flow', () => {
  const paths = flowModel(resetPasswordMachine, { events, key, input }).getShortestPaths();

  it('covers every state and transition', () => expectFullCoverage(resetPasswordMachine, paths));

  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_, path) => {
    let resets = 0;
    await runPath(path, {
      machine: resetPasswordMachine.provide({
        actions: {
          passwordReset: () => {
            resets++;
          },
        },
      }),
      input,
      actorNames: ['resetPassword'],
      view: key,
      check: (real, _m, calls) => {
        // The email, the reset token the verified code earned and the new password go to the server.
        if (real.matches('resetting'))
          expect(calls.resetPassword?.at(-1)).toEqual({
            email: 'ada@example.ng',
            resetToken: input.resetToken,
            newPassword: 'New#pass1',
          });
        expect(resets).toBe(real.matches('done') ? 1 : 0);
      },
    });
  });

  it('applies the sign-up password rules and the match rule', async () => {
    const actor = createActor(
      resetPasswordMachine.provide({ actors: { resetPassword: rejectingActor(networkError()) } }),
      { input },
    ).start();
    actor.send({ type: 'field.change', name: 'newPassword', value: 'abcdefgh' });
    actor.send({ type: 'field.change', name: 'confirmPassword', value: 'abcdefgi' });
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().context.errors).toEqual({
      newPassword: 'Password must contain a number and a special character',
      confirmPassword: 'Passwords do not match',
    });
    actor.send({ type: 'field.change', name: 'newPassword', value: 'abcdefg1!' });
    actor.send({ type: 'field.change', name: 'confirmPassword', value: 'abcdefg1!' });
    actor.send({ type: 'form.submit' });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().context.formError).toBe('An error occurred.');
  });
});
