import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { signupMachine } from '../../machines/signup.machine';
import {
  expectFullCoverage,
  flowModel,
  httpError,
  networkError,
  rejectingActor,
  runPath,
} from '../helpers/machineModel';

const good = {
  firstName: 'Ada',
  lastName: 'Obi',
  username: 'adaobi',
  email: 'ada@example.ng',
  password: 'Secret#123',
  confirmPassword: 'Secret#123',
};
const fill = Object.entries(good).map(([name, value]) => ({ type: 'field.change', name, value }));
const events = [
  ...fill,
  { type: 'field.change', name: 'password', value: 'password' },
  { type: 'field.change', name: 'confirmPassword', value: 'Other#123' },
  { type: 'form.submit' },
  { type: 'xstate.done.actor.register', output: { message: 'Registered' } },
  { type: 'xstate.error.actor.register', error: httpError(409, 'That email is already registered.') },
  { type: 'xstate.error.actor.register', error: networkError() },
];
// How many fields are filled well, and how many errors show: enough to reach every state.
const key = (s: SnapshotFrom<typeof signupMachine>) => [
  Object.entries(s.context.values).filter(([k, v]) => v === (good as Record<string, string>)[k]).length,
  Object.keys(s.context.errors).length,
  s.context.formError,
  s.context.submitted,
];

beforeEach(() => {
  vi.useFakeTimers();
});

describe('sign-up flow', () => {
  // Full fills: each field right or wrong; submit; answer. Shortest paths per transition.
  const model = flowModel(signupMachine, { events, key });
  const paths = model.getShortestPaths();

  it('covers every state and transition', () => expectFullCoverage(signupMachine, paths));

  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_, path) => {
    const registered: unknown[] = [];
    await runPath(path, {
      machine: signupMachine.provide({ actions: { registered: (_, p) => void registered.push(p) } }),
      actorNames: ['register'],
      view: key,
      check: (real, _m, calls) => {
        if (real.matches('submitting')) expect(calls.register?.at(-1)).toEqual(real.context.values);
        expect(registered).toEqual(real.matches('registered') ? [{ email: 'ada@example.ng' }] : []);
      },
    });
  });

  it('shows the spec validation messages under the fields', async () => {
    const { createActor } = await import('xstate');
    const actor = createActor(signupMachine).start();
    actor.send({ type: 'field.change', name: 'username', value: 'ab' });
    actor.send({ type: 'field.change', name: 'email', value: 'nope' });
    actor.send({ type: 'field.change', name: 'password', value: 'longenough' });
    actor.send({ type: 'field.change', name: 'confirmPassword', value: 'different' });
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().context.errors).toEqual({
      firstName: 'First name is required',
      lastName: 'Last name is required',
      username: 'Username must be at least 3 characters long',
      email: 'Invalid email address',
      password: 'Password must contain a number and a special character',
      confirmPassword: 'Passwords do not match',
    });
    actor.send({ type: 'field.change', name: 'password', value: 'short' });
    expect(actor.getSnapshot().context.errors.password).toBe('Password must be at least 8 characters long');
  });

  it('falls back to the spec message when the server sends none', async () => {
    const { createActor } = await import('xstate');
    const actor = createActor(
      signupMachine.provide({
        actors: {
          register: rejectingActor(networkError()),
        },
      }),
    ).start();
    for (const e of fill) actor.send(e as never);
    actor.send({ type: 'form.submit' });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().context.formError).toBe('An error occurred. Please try again.');
  });
});
