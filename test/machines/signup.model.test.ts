import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, type SnapshotFrom } from 'xstate';
import { signupMachine } from '../../machines/signup.machine';
import { formOracle } from '../helpers/formOracle';
import {
  expectFullCoverage,
  flowModel,
  httpError,
  networkError,
  rejectingActor,
  resolvingActor,
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
type Values = typeof good;
/** Sign-up's rules in plain code, for the values the paths type. */
const errorsOf = (v: Values): Record<string, string> => {
  const e: Record<string, string> = {};
  if (v.firstName.trim() === '') e.firstName = 'First name is required';
  if (v.lastName.trim() === '') e.lastName = 'Last name is required';
  if (v.username.trim().length < 3) e.username = 'Username must be at least 3 characters long';
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v.email.trim())) e.email = 'Invalid email address';
  if (v.password.length < 8) e.password = 'Password must be at least 8 characters long';
  else if (!/\d/.test(v.password) || !/[^A-Za-z0-9]/.test(v.password))
    e.password = 'Password must contain a number and a special character';
  if (v.confirmPassword !== v.password) e.confirmPassword = 'Passwords do not match';
  return e;
};
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
    const empty = { firstName: '', lastName: '', username: '', email: '', password: '', confirmPassword: '' };
    const { form, apply } = formOracle<Values>({
      values: empty,
      errorsOf,
      states: { editing: 'editing', busy: 'submitting', done: 'registered' },
      call: 'register',
      fallback: 'An error occurred. Please try again.',
    });
    let step = 0;
    await runPath(path, {
      machine: signupMachine.provide({ actions: { registered: (_, p) => void registered.push(p) } }),
      actorNames: ['register'],
      view: key,
      check: (real, _m, calls) => {
        const e = path.steps[step++]?.event;
        if (e && e.type !== 'xstate.init') apply(e);
        expect(real.value).toBe(form.state);
        expect(real.status).toBe(form.state === 'registered' ? 'done' : 'active');
        const { values, errors, formError, submitted } = form;
        expect(real.context).toEqual({ values, errors, formError, submitted });
        expect(calls.register ?? []).toEqual(form.sent);
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

  it('goes on to /check-email with the address as typed, without the spaces around it', async () => {
    const registered: unknown[] = [];
    const actor = createActor(
      signupMachine.provide({
        actors: { register: resolvingActor({ message: 'Registered' }) },
        actions: { registered: (_, p) => void registered.push(p) },
      }),
    ).start();
    for (const [name, value] of Object.entries({ ...good, email: ' ada@example.ng ' }))
      actor.send({ type: 'field.change', name: name as keyof typeof good, value });
    actor.send({ type: 'form.submit' });
    await vi.advanceTimersByTimeAsync(0);
    expect(registered).toEqual([{ email: 'ada@example.ng' }]);
  });
});
