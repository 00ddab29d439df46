import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, type SnapshotFrom } from 'xstate';
import { resetPasswordMachine } from '../../machines/resetPassword.machine';
import { formOracle } from '../helpers/formOracle';
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
type Values = { newPassword: string; confirmPassword: string };
/** The sign-up password rules and the match rule, in plain code. */
const errorsOf = (v: Values): Record<string, string> => {
  const errors: Record<string, string> = {};
  if (v.newPassword.length < 8) errors.newPassword = 'Password must be at least 8 characters long';
  else if (!/\d/.test(v.newPassword) || !/[^A-Za-z0-9]/.test(v.newPassword))
    errors.newPassword = 'Password must contain a number and a special character';
  if (v.confirmPassword !== v.newPassword) errors.confirmPassword = 'Passwords do not match';
  return errors;
};
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
    const { form, apply } = formOracle({
      values: { newPassword: '', confirmPassword: '' },
      errorsOf,
      states: { editing: 'editing', busy: 'resetting', done: 'done' },
      call: 'resetPassword',
      fallback: 'An error occurred.',
    });
    let step = 0;
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
        const e = path.steps[step++]?.event;
        if (e && e.type !== 'xstate.init') apply(e);
        expect(real.value).toBe(form.state);
        expect(real.status).toBe(form.state === 'done' ? 'done' : 'active');
        const { values, errors, formError, submitted } = form;
        expect(real.context).toEqual({ ...input, values, errors, formError, submitted });
        expect(calls.resetPassword ?? []).toEqual(
          form.sent.map((v) => ({ ...input, newPassword: v.newPassword })),
        );
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
