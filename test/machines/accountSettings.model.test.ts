import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, type SnapshotFrom } from 'xstate';
import type { PublicUser } from '../../contract/users';
import { accountSettingsMachine } from '../../machines/accountSettings.machine';
import {
  expectFullCoverage,
  flowModel,
  httpError,
  networkError,
  rejectingActor,
  runPath,
  sampleUser,
} from '../helpers/machineModel';

const user = sampleUser as PublicUser;
const input = { user };
const saved = { ...user, firstName: 'Adaeze' };
const events = [
  { type: 'field.change', name: 'firstName', value: 'Adaeze' },
  { type: 'field.change', name: 'firstName', value: '' },
  { type: 'field.change', name: 'username', value: 'ad' },
  { type: 'form.submit' },
  { type: 'xstate.done.actor.updateProfile', output: { user: saved } },
  { type: 'xstate.error.actor.updateProfile', error: httpError(409, 'That username is taken.') },
  { type: 'xstate.error.actor.updateProfile', error: networkError() },
];
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
    await runPath(path, {
      machine: accountSettingsMachine.provide({
        actions: { profileSaved: (_, p) => void savedUsers.push(p.user) },
      }),
      input,
      actorNames: ['updateProfile'],
      view: key,
      check: (real, _m, calls) => {
        if (real.matches('saving'))
          expect(calls.updateProfile?.at(-1)).toEqual({ id: user._id, body: real.context.values });
        // The session user is replaced exactly when the server said yes.
        if (real.context.success === 'Profile updated successfully!')
          expect(savedUsers.at(-1)).toEqual(saved);
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
});
