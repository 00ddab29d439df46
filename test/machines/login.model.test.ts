import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { loginMachine, UNVERIFIED_MESSAGE } from '../../machines/login.machine';
import { formOracle } from '../helpers/formOracle';
import { expectFullCoverage, flowModel, rejectingActor, runPath } from '../helpers/machineModel';

const user = {
  _id: '0b6d8c1e-8a51-4f3e-9a55-6d7f1c2b3a4d',
  id: '0b6d8c1e-8a51-4f3e-9a55-6d7f1c2b3a4d',
  firstName: 'Ada',
  lastName: 'Obi',
  username: 'adaobi',
  email: 'ada@example.ng',
  pendingEmail: null,
  inactivityMinutes: 5,
  concurrentSessions: true,
};

const events = [
  { type: 'field.change', name: 'email', value: 'not-an-email' },
  { type: 'field.change', name: 'email', value: ' ada@example.ng ' },
  { type: 'field.change', name: 'password', value: '' },
  { type: 'field.change', name: 'password', value: 'Secret#123' },
  { type: 'rememberMe.change', checked: true },
  { type: 'form.submit' },
  { type: 'xstate.done.actor.login', output: { token: 'tok', user } },
  { type: 'xstate.error.actor.login', error: { status: 401, serverMessage: 'Invalid email or password.' } },
  { type: 'xstate.error.actor.login', error: { status: 403, serverMessage: UNVERIFIED_MESSAGE } },
  {
    type: 'xstate.error.actor.login',
    error: { status: 429, serverMessage: 'Too many attempts. Try again in a minute.' },
  },
  { type: 'xstate.error.actor.login', error: new TypeError('Failed to fetch') },
] as const;

const key = (s: SnapshotFrom<typeof loginMachine>) => [
  s.context.values,
  s.context.errors,
  s.context.formError,
  s.context.submitted,
];
const model = flowModel(loginMachine, { events, key });
const paths = model.getShortestPaths();

type Values = { email: string; password: string; rememberMe: boolean };
/** The sign-in rules in plain code: an email address, and a password typed. */
const errorsOf = (v: Values): Record<string, string> => ({
  ...(/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v.email.trim()) ? {} : { email: 'Invalid email address' }),
  ...(v.password === '' ? { password: 'Password is required' } : {}),
});

function recorder() {
  const done: { signedIn: unknown[]; unverified: unknown[] } = { signedIn: [], unverified: [] };
  const machine = loginMachine.provide({
    actions: {
      signedIn: (_, params) => void done.signedIn.push(params),
      unverified: (_, params) => void done.unverified.push(params),
    },
  });
  return { done, machine };
}

beforeEach(() => {
  vi.useFakeTimers();
});

describe('login flow', () => {
  it('covers every state and transition', () => expectFullCoverage(loginMachine, paths));

  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_, path) => {
    const { done, machine } = recorder();
    const { form, apply } = formOracle<Values>({
      values: { email: '', password: '', rememberMe: false },
      errorsOf,
      states: { editing: 'editing', busy: 'submitting', done: 'signedIn' },
      call: 'login',
      fallback: 'Invalid email or password.',
    });
    let step = 0;
    await runPath(path, {
      machine,
      actorNames: ['login'],
      view: (s) => key(s),
      check: (real, _model, calls) => {
        const e = path.steps[step++]?.event as { type: string; checked?: boolean; error?: unknown };
        const server = (e.error as { serverMessage?: string } | undefined)?.serverMessage;
        if (e.type === 'rememberMe.change') form.values = { ...form.values, rememberMe: e.checked === true };
        // An unverified email is sent to confirm it, not shown as a failure.
        else if (
          e.type === 'xstate.error.actor.login' &&
          server === 'Please verify your email before logging in.'
        )
          form.state = 'unverified';
        else if (e.type !== 'xstate.init') apply(e);
        expect(real.value).toBe(form.state);
        expect(real.status).toBe(['signedIn', 'unverified'].includes(form.state) ? 'done' : 'active');
        const { values, errors, formError, submitted } = form;
        expect(real.context).toEqual({ values, errors, formError, submitted });
        expect(calls.login ?? []).toEqual(
          form.sent.map((v) => ({ email: v.email.trim(), password: v.password, rememberMe: v.rememberMe })),
        );
        if (real.matches('submitting')) {
          // The request carries the trimmed email, the password and 'Remember me'.
          const last = calls.login?.at(-1) as { email: string; rememberMe: boolean };
          expect(last.email).toBe(real.context.values.email.trim());
          expect(last.rememberMe).toBe(real.context.values.rememberMe);
        }
        if (real.matches('signedIn')) expect(done.signedIn).toEqual([{ token: 'tok', user }]);
        else expect(done.signedIn).toEqual([]);
        if (real.matches('unverified')) expect(done.unverified).toEqual([{ email: 'ada@example.ng' }]);
        else expect(done.unverified).toEqual([]);
      },
    });
  });

  it('shows the spec messages: field errors, server message, fallback', async () => {
    const { machine } = recorder();
    const { createActor } = await import('xstate');
    const actor = createActor(machine).start();
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().context.errors).toEqual({
      email: 'Invalid email address',
      password: 'Password is required',
    });
    actor.stop();
    const failing = createActor(
      machine.provide({
        actors: {
          login: rejectingActor(new TypeError('Failed to fetch')),
        },
      }),
    ).start();
    failing.send({ type: 'field.change', name: 'email', value: 'ada@example.ng' });
    failing.send({ type: 'field.change', name: 'password', value: 'x' });
    failing.send({ type: 'form.submit' });
    await vi.advanceTimersByTimeAsync(0);
    expect(failing.getSnapshot().context.formError).toBe('Invalid email or password.');
  });
});
