import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { deleteAccountMachine } from '../../machines/deleteAccount.machine';
import { expectFullCoverage, flowModel, httpError, networkError, runPath } from '../helpers/machineModel';

const REFUSAL =
  "You can't delete your account while a refund is in progress on your orders or events. Please try again once it has been completed.";
const events = [
  { type: 'delete.start' },
  { type: 'delete.cancel' },
  { type: 'field.change', value: 'Secret#123' },
  { type: 'field.change', value: '' },
  { type: 'form.submit' },
  { type: 'xstate.done.actor.deleteAccount', output: { message: 'Account deleted.' } },
  {
    type: 'xstate.error.actor.deleteAccount',
    error: httpError(409, REFUSAL),
  },
  { type: 'xstate.error.actor.deleteAccount', error: networkError() },
];
const key = (s: SnapshotFrom<typeof deleteAccountMachine>) => [
  s.context.password,
  s.context.error,
  s.context.refusal,
];

beforeEach(() => {
  vi.useFakeTimers();
});

describe('delete-account flow', () => {
  const paths = flowModel(deleteAccountMachine, { events, key }).getShortestPaths();

  it('covers every state and transition', () => expectFullCoverage(deleteAccountMachine, paths));

  it('shows the server’s refusal (409) apart from the password error', () => {
    const refusals = paths.flatMap((p) => p.steps.map((s) => s.state.context.refusal)).filter(Boolean);
    expect(refusals).toContain(REFUSAL);
  });

  it('asks for the password before anything is sent', () => {
    const messages = paths.flatMap((p) => p.steps.map((s) => s.state.context.error)).filter(Boolean);
    expect(messages).toContain('Password is required');
    expect(messages).toContain('An error occurred.');
  });

  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_, path) => {
    let deleted = 0;
    await runPath(path, {
      machine: deleteAccountMachine.provide({
        actions: {
          accountDeleted: () => {
            deleted++;
          },
        },
      }),
      actorNames: ['deleteAccount'],
      view: key,
      check: (real, _m, calls) => {
        if (real.matches('deleting')) expect(calls.deleteAccount?.at(-1)).toEqual({ password: 'Secret#123' });
        expect(deleted).toBe(real.matches('deleted') ? 1 : 0);
        // A refusal is shown as the server said it, never as the password's error.
        expect(real.context.error).not.toBe(REFUSAL);
        if (real.context.refusal !== null) expect(real.context.refusal).toBe(REFUSAL);
      },
    });
  });
});
