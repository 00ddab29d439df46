import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { deleteAccountMachine } from '../../machines/deleteAccount.machine';
import { expectFullCoverage, flowModel, httpError, networkError, runPath } from '../helpers/machineModel';

const events = [
  { type: 'delete.start' },
  { type: 'delete.cancel' },
  { type: 'field.change', value: 'Secret#123' },
  { type: 'field.change', value: '' },
  { type: 'form.submit' },
  { type: 'xstate.done.actor.deleteAccount', output: { message: 'Account deleted.' } },
  {
    type: 'xstate.error.actor.deleteAccount',
    error: httpError(409, 'You have events with sold tickets, so the account cannot be deleted.'),
  },
  { type: 'xstate.error.actor.deleteAccount', error: networkError() },
];
const key = (s: SnapshotFrom<typeof deleteAccountMachine>) => [s.context.password, s.context.error];

beforeEach(() => {
  vi.useFakeTimers();
});

describe('delete-account flow', () => {
  const paths = flowModel(deleteAccountMachine, { events, key }).getShortestPaths();

  it('covers every state and transition', () => expectFullCoverage(deleteAccountMachine, paths));

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
      },
    });
  });
});
