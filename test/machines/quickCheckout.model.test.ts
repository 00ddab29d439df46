import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { quickCheckoutMachine, setPasswordMachine } from '../../machines/quickCheckout.machine';
import { runFlowPath } from '../helpers/flowPath';
import { expectFullCoverage, flowModel, httpError, networkError } from '../helpers/machineModel';

const session = {
  token: 'session-token',
  user: {
    _id: '5e000000-0000-4000-8000-000000000001',
    id: '5e000000-0000-4000-8000-000000000001',
    firstName: 'Bola',
    lastName: 'Ade',
    username: 'bolaade_1a2b3c4d',
    email: 'bola@example.ng',
    pendingEmail: null,
    inactivityMinutes: 5,
    concurrentSessions: true,
  },
};
const taken = httpError(409, 'An account with this email already exists. Sign in to get your tickets.');

const cases = [
  {
    name: 'quick checkout',
    machine: quickCheckoutMachine,
    id: 'quickCheckout',
    start: { firstName: '', lastName: '', email: '' },
    fields: [
      { type: 'field.change', name: 'firstName', value: 'Bola' },
      { type: 'field.change', name: 'lastName', value: 'Ade' },
      { type: 'field.change', name: 'email', value: 'bola@example.ng' },
      { type: 'field.change', name: 'email', value: 'not-an-email' },
    ],
  },
  {
    name: 'set password',
    machine: setPasswordMachine('a-link-token'),
    id: 'setPassword',
    start: { token: 'a-link-token', password: '', confirmPassword: '' },
    fields: [
      { type: 'field.change', name: 'password', value: 'Lagos#2026!' },
      { type: 'field.change', name: 'confirmPassword', value: 'Lagos#2026!' },
      { type: 'field.change', name: 'confirmPassword', value: 'Other#2026!' },
    ],
  },
] as const;

describe.each(cases)('$name form paths', ({ machine, fields, id, start }) => {
  beforeEach(() => void vi.useFakeTimers());
  const events = [
    ...fields,
    { type: 'form.submit' },
    { type: 'xstate.done.actor.submit', output: session },
    { type: 'xstate.error.actor.submit', error: taken },
    { type: 'xstate.error.actor.submit', error: networkError() },
  ];
  type Snap = SnapshotFrom<typeof machine>;
  const key = (s: Snap) => [s.context.values, Object.keys(s.context.errors).length > 0, s.context.formError];
  const paths = flowModel(machine, { events, key }).getShortestPaths();

  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_, path) => {
    const signedIn: unknown[] = [];
    await runFlowPath(path, {
      machine: machine.provide({ actions: { signedIn: (_x, p) => void signedIn.push(p) } }),
      actorNames: ['submit'],
      view: key,
      check: ({ event, real, before, calls, entered, index }) => {
        // The form starts empty (the link's token kept apart from what is typed).
        if (index === 0) expect(real.context.values).toEqual(start);
        // One call per valid submit, with the form's values; a refused one keeps them to correct.
        expect(calls.submit ?? []).toHaveLength(entered('submitting'));
        if (event.type === 'form.submit' && real.matches('submitting'))
          expect(calls.submit?.at(-1)).toEqual(real.context.values);
        if (event.type === 'form.submit' && real.matches('editing'))
          expect(Object.keys(real.context.errors).length).toBeGreaterThan(0);
        expect(signedIn).toEqual(real.matches('signedIn') ? [session] : []);
        if (event.type === 'xstate.error.actor.submit') {
          expect(real.context.values).toEqual(before?.context.values);
          expect(real.context.formError).toBe(
            event.error === taken ? taken.serverMessage : 'Something went wrong. Please try again.',
          );
        }
      },
    });
  });

  it('covers every state and transition', () => expectFullCoverage(machine, paths));
  it('is the machine its page names', () => expect(machine.id).toBe(id));
});
