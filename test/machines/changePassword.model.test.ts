import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, type SnapshotFrom } from 'xstate';
import { changePasswordMachine } from '../../machines/changePassword.machine';
import { formOracle } from '../helpers/formOracle';
import { expectFullCoverage, flowModel, httpError, networkError, runPath } from '../helpers/machineModel';

const events = [
  { type: 'field.change', name: 'currentPassword', value: 'Old#pass1' },
  { type: 'field.change', name: 'newPassword', value: 'New#pass1' },
  { type: 'field.change', name: 'confirmPassword', value: 'New#pass1' },
  { type: 'field.change', name: 'confirmPassword', value: 'Other#1' },
  { type: 'form.submit' },
  { type: 'xstate.done.actor.changePassword', output: { message: 'Password changed.' } },
  {
    type: 'xstate.error.actor.changePassword',
    error: httpError(400, 'Your current password is not correct.'),
  },
  { type: 'xstate.error.actor.changePassword', error: networkError() },
];
type Values = { currentPassword: string; newPassword: string; confirmPassword: string };
const empty: Values = { currentPassword: '', newPassword: '', confirmPassword: '' };
/** The current password is required; the new one follows the sign-up rules and is typed twice. */
const errorsOf = (v: Values): Record<string, string> => {
  const errors: Record<string, string> = {};
  if (v.currentPassword === '') errors.currentPassword = 'Password is required';
  if (v.newPassword.length < 8) errors.newPassword = 'Password must be at least 8 characters long';
  else if (!/\d/.test(v.newPassword) || !/[^A-Za-z0-9]/.test(v.newPassword))
    errors.newPassword = 'Password must contain a number and a special character';
  if (v.confirmPassword !== v.newPassword) errors.confirmPassword = 'Passwords do not match';
  return errors;
};
const key = (s: SnapshotFrom<typeof changePasswordMachine>) => [
  s.context.values,
  s.context.errors,
  s.context.formError,
  s.context.success,
  s.context.submitted,
];

beforeEach(() => {
  vi.useFakeTimers();
});

describe('change-password flow', () => {
  const paths = flowModel(changePasswordMachine, { events, key }).getShortestPaths();

  it('covers every state and transition', () => expectFullCoverage(changePasswordMachine, paths));

  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_, path) => {
    let success: string | null = null;
    const { form, apply } = formOracle({
      values: empty,
      errorsOf,
      states: { editing: 'editing', busy: 'saving', done: 'editing' },
      call: 'changePassword',
      fallback: 'An error occurred.',
      // The section stays open: a changed password leaves nothing typed, and says so.
      afterDone: (f) => {
        f.values = empty;
        f.submitted = false;
        success = 'Password changed successfully!';
      },
    });
    let step = 0;
    await runPath(path, {
      machine: changePasswordMachine,
      actorNames: ['changePassword'],
      view: key,
      check: (real, _m, calls) => {
        const e = path.steps[step++]?.event;
        // Any edit or submit puts the success words away.
        if (e?.type === 'field.change' || e?.type === 'form.submit') success = null;
        if (e && e.type !== 'xstate.init') apply(e);
        expect(real.value).toBe(form.state);
        const { values, errors, formError, submitted } = form;
        expect(real.context).toEqual({ values, errors, formError, submitted, success });
        expect(calls.changePassword ?? []).toEqual(form.sent);
        if (real.matches('saving')) expect(calls.changePassword?.at(-1)).toEqual(real.context.values);
        // A changed password leaves nothing typed on screen.
        if (real.context.success) expect(real.context.values.newPassword).toBe('');
      },
    });
  });

  it('asks for the current password and applies the sign-up rules', () => {
    const actor = createActor(changePasswordMachine).start();
    actor.send({ type: 'field.change', name: 'newPassword', value: 'short' });
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().context.errors).toEqual({
      currentPassword: 'Password is required',
      newPassword: 'Password must be at least 8 characters long',
      confirmPassword: 'Passwords do not match',
    });
  });
});
