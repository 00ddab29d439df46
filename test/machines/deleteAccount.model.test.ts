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
  { type: 'xstate.error.actor.deleteAccount', error: httpError(409, null) },
  { type: 'xstate.error.actor.deleteAccount', error: httpError(401, 'Incorrect password.') },
];
type Ev = { type: string; value?: string; error?: unknown };
type Form = { state: string; password: string; error: string | null; refusal: string | null };

/** What the section must do, from its description above the machine, not from the machine. */
function nextForm(f: Form, e: Ev): Form {
  const err = e.error as { status?: number; serverMessage?: string | null } | undefined;
  switch (`${f.state} ${e.type}`) {
    case 'closed delete.start':
      return { state: 'confirming', password: '', error: null, refusal: null };
    case 'confirming delete.cancel':
      return { ...f, state: 'closed' };
    case 'confirming field.change':
      return { ...f, password: e.value ?? '', error: null };
    case 'confirming form.submit':
      return f.password === ''
        ? { ...f, error: 'Password is required' }
        : { ...f, state: 'deleting', error: null, refusal: null };
    case 'deleting xstate.done.actor.deleteAccount':
      return { ...f, state: 'deleted' };
    case 'deleting xstate.error.actor.deleteAccount':
      // A 409 is the server saying why not now: a notice, not the password's error.
      return err?.status === 409
        ? { ...f, state: 'confirming', refusal: err.serverMessage ?? 'Your account cannot be deleted now.' }
        : { ...f, state: 'confirming', error: err?.serverMessage ?? 'An error occurred.' };
    default:
      return f;
  }
}
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
    let form: Form = { state: 'closed', password: '', error: null, refusal: null };
    let step = 0;
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
        const event = path.steps[step++]?.event as Ev;
        if (event.type !== 'xstate.init') form = nextForm(form, event);
        const { state, ...context } = form;
        expect(real.value).toBe(state);
        expect(real.context).toEqual(context);
        expect(real.status).toBe(state === 'deleted' ? 'done' : 'active');
        if (real.matches('deleting')) expect(calls.deleteAccount?.at(-1)).toEqual({ password: 'Secret#123' });
        expect(deleted).toBe(real.matches('deleted') ? 1 : 0);
        // A refusal is shown as the server said it, never as the password's error.
        expect(real.context.error).not.toBe(REFUSAL);
      },
    });
  });
});
