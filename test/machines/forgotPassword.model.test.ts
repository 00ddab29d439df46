import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, type SnapshotFrom } from 'xstate';
import { forgotPasswordMachine } from '../../machines/forgotPassword.machine';
import {
  expectFullCoverage,
  flowModel,
  httpError,
  networkError,
  rejectingActor,
  runPath,
} from '../helpers/machineModel';

const events = [
  { type: 'field.change', value: 'nope' },
  { type: 'field.change', value: ' ada@example.ng ' },
  { type: 'form.submit' },
  {
    type: 'xstate.done.actor.requestCode',
    output: { message: 'If that email has an account, a code is on its way.' },
  },
  { type: 'xstate.error.actor.requestCode', error: httpError(429, 'Too many requests. Try again later.') },
  { type: 'xstate.error.actor.requestCode', error: networkError() },
];
const key = (s: SnapshotFrom<typeof forgotPasswordMachine>) => [
  s.context.email,
  s.context.errors,
  s.context.formError,
  s.context.submitted,
];

beforeEach(() => {
  vi.useFakeTimers();
});

describe('forgot-password flow', () => {
  const paths = flowModel(forgotPasswordMachine, { events, key }).getShortestPaths();

  it('covers every state and transition', () => expectFullCoverage(forgotPasswordMachine, paths));

  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_, path) => {
    const sent: unknown[] = [];
    await runPath(path, {
      machine: forgotPasswordMachine.provide({ actions: { codeSent: (_, p) => void sent.push(p) } }),
      actorNames: ['requestCode'],
      view: key,
      check: (real, _m, calls) => {
        if (real.matches('sending')) expect(calls.requestCode?.at(-1)).toEqual({ email: 'ada@example.ng' });
        expect(sent).toEqual(real.matches('codeSent') ? [{ email: 'ada@example.ng' }] : []);
      },
    });
  });

  it("says 'Invalid email address' and falls back to 'An error occurred.'", async () => {
    const actor = createActor(
      forgotPasswordMachine.provide({ actors: { requestCode: rejectingActor(networkError()) } }),
      { input: {} },
    ).start();
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().context.errors).toEqual({ email: 'Invalid email address' });
    actor.send({ type: 'field.change', value: 'ada@example.ng' });
    expect(actor.getSnapshot().context.errors).toEqual({});
    actor.send({ type: 'form.submit' });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().context.formError).toBe('An error occurred.');
  });

  it('starts from a given email (the settings view sends the account email)', () => {
    const actor = createActor(forgotPasswordMachine, { input: { email: 'ada@example.ng' } }).start();
    expect(actor.getSnapshot().context.email).toBe('ada@example.ng');
  });
});
