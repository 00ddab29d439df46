import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, type SnapshotFrom } from 'xstate';
import { changePasswordMachine } from '../../machines/changePassword.machine';
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
    await runPath(path, {
      machine: changePasswordMachine,
      actorNames: ['changePassword'],
      view: key,
      check: (real, _m, calls) => {
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
