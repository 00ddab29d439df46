import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, type SnapshotFrom } from 'xstate';
import type { PublicUser } from '../../contract/users';
import { accountSettingsMachine } from '../../machines/accountSettings.machine';
import { formOracle } from '../helpers/formOracle';
import {
  expectFullCoverage,
  flowModel,
  httpError,
  manualActor,
  networkError,
  rejectingActor,
  runPath,
  sampleUser,
} from '../helpers/machineModel';

const user = sampleUser as PublicUser;
const input = { user };
// The server keeps the new email pending until it is confirmed: the form shows the pending one.
const saved = { ...user, firstName: 'Adaeze', pendingEmail: 'new@example.ng' };
const events = [
  { type: 'field.change', name: 'firstName', value: ' Adaeze ' },
  { type: 'field.change', name: 'firstName', value: '' },
  { type: 'field.change', name: 'username', value: 'ad' },
  { type: 'form.submit' },
  { type: 'xstate.done.actor.updateProfile', output: { user: saved } },
  { type: 'xstate.error.actor.updateProfile', error: httpError(409, 'That username is taken.') },
  { type: 'xstate.error.actor.updateProfile', error: networkError() },
];
type Values = { firstName: string; lastName: string; username: string; email: string };
/** Sign-up's rules for the four fields, in plain code, for the values the paths type. */
const errorsOf = (v: Values): Record<string, string> => ({
  ...(v.firstName.trim() === '' ? { firstName: 'First name is required' } : {}),
  ...(v.username.trim().length < 3 ? { username: 'Username must be at least 3 characters long' } : {}),
});
const trimmed = (v: Values) => ({
  firstName: v.firstName.trim(),
  lastName: v.lastName.trim(),
  username: v.username.trim(),
  email: v.email.trim(),
});
const key = (s: SnapshotFrom<typeof accountSettingsMachine>) => [
  s.context.values,
  s.context.errors,
  s.context.formError,
  s.context.success,
  s.context.submitted,
];

beforeEach(() => {
  vi.useFakeTimers();
});

describe('account settings (profile) flow', () => {
  const paths = flowModel(accountSettingsMachine, { events, key, input }).getShortestPaths();

  it('covers every state and transition', () => expectFullCoverage(accountSettingsMachine, paths));

  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_, path) => {
    const savedUsers: unknown[] = [];
    let success: string | null = null;
    const { form, apply } = formOracle({
      values: { firstName: 'Ada', lastName: 'Obi', username: 'adaobi', email: 'ada@example.ng' } as Values,
      errorsOf,
      states: { editing: 'editing', busy: 'saving', done: 'editing' },
      call: 'updateProfile',
      fallback: 'An error occurred.',
      // The form shows what the server saved (a new email stays pending), and says so.
      afterDone: (f) => {
        f.values = { firstName: 'Adaeze', lastName: 'Obi', username: 'adaobi', email: 'new@example.ng' };
        success = 'Profile updated successfully!';
      },
    });
    let step = 0;
    await runPath(path, {
      machine: accountSettingsMachine.provide({
        actions: { profileSaved: (_, p) => void savedUsers.push(p.user) },
      }),
      input,
      actorNames: ['updateProfile'],
      view: key,
      check: (real, _m, calls) => {
        const e = path.steps[step++]?.event;
        if (e?.type === 'field.change' || e?.type === 'form.submit') success = null;
        if (e && e.type !== 'xstate.init') apply(e);
        expect(real.value).toBe(form.state);
        const { values, errors, formError, submitted } = form;
        expect(real.context).toEqual({ userId: user._id, values, errors, formError, submitted, success });
        // What is sent is trimmed, for this account.
        expect(calls.updateProfile ?? []).toEqual(form.sent.map((v) => ({ id: user._id, body: trimmed(v) })));
        // The session user is replaced each time the server said yes, and only then.
        const yes = path.steps
          .slice(0, step)
          .filter((x) => x.event.type === 'xstate.done.actor.updateProfile');
        expect(savedUsers).toEqual(yes.map(() => saved));
      },
    });
  });

  it("falls back to 'An error occurred.' and validates like sign-up", async () => {
    const actor = createActor(
      accountSettingsMachine.provide({ actors: { updateProfile: rejectingActor(networkError()) } }),
      { input },
    ).start();
    actor.send({ type: 'field.change', name: 'email', value: 'not-an-email' });
    actor.send({ type: 'field.change', name: 'lastName', value: ' ' });
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().context.errors).toEqual({
      email: 'Invalid email address',
      lastName: 'Last name is required',
    });
    actor.send({ type: 'field.change', name: 'email', value: 'ada@example.ng' });
    actor.send({ type: 'field.change', name: 'lastName', value: 'Obi' });
    actor.send({ type: 'form.submit' });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().context.formError).toBe('An error occurred.');
  });

  it('shows a pending new email in the form until it is confirmed', () => {
    const actor = createActor(accountSettingsMachine, {
      input: { user: { ...user, pendingEmail: 'new@example.ng' } },
    }).start();
    expect(actor.getSnapshot().context.values.email).toBe('new@example.ng');
  });

  it('sends every field without the spaces around it', async () => {
    const call = manualActor<unknown, unknown>();
    const actor = createActor(
      accountSettingsMachine.provide({ actors: { updateProfile: call.actor as never } }),
      {
        input,
      },
    ).start();
    for (const [name, value] of Object.entries({
      firstName: ' Adaeze ',
      lastName: ' Obi ',
      username: ' adaobi ',
      email: ' ada@example.ng ',
    }))
      actor.send({ type: 'field.change', name: name as keyof Values, value });
    actor.send({ type: 'form.submit' });
    expect(call.calls).toEqual([
      {
        id: user._id,
        body: { firstName: 'Adaeze', lastName: 'Obi', username: 'adaobi', email: 'ada@example.ng' },
      },
    ]);
    actor.stop();
  });
});
