import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { guestUnsubscribeMachine } from '../../machines/guestUnsubscribe.machine';
import { expectFullCoverage, flowModel, httpError, networkError, runPath } from '../helpers/machineModel';

const done = { eventName: 'Afrobeats Night Lagos', email: 'ada@example.ng' };
const events = [
  { type: 'xstate.done.actor.unsubscribe', output: done },
  { type: 'xstate.error.actor.unsubscribe', error: httpError(400, 'This unsubscribe link is not valid.') },
  { type: 'xstate.error.actor.unsubscribe', error: networkError() },
  { type: 'retry' },
];
type Snap = SnapshotFrom<typeof guestUnsubscribeMachine>;
const key = (s: Snap) => [s.context.message, s.context.done?.email ?? null];
const inputs = [{ token: 'abc.def' }, { token: '' }, { token: undefined }, { token: '  ' }];

beforeEach(() => void vi.useFakeTimers());

describe.each(inputs)('unsubscribe page with token %j', (input) => {
  const paths = flowModel(guestUnsubscribeMachine, { events, key, input }).getShortestPaths();

  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_, path) => {
    await runPath(path, {
      machine: guestUnsubscribeMachine,
      input,
      actorNames: ['unsubscribe'],
      view: key,
      check: (real, _m, calls) => {
        // Written apart from the machine: a blank link asks nothing; every try sends the trimmed token.
        const sent = calls.unsubscribe ?? [];
        for (const call of sent) expect(call).toEqual({ token: 'abc.def' });
        if (!input.token?.trim()) expect(sent).toEqual([]);
        if (real.matches('unsubscribed')) expect(real.context.done).toEqual(done);
        if (real.matches('invalid'))
          expect(real.context.message).toBe(
            input.token?.trim()
              ? 'This unsubscribe link is not valid.'
              : 'This unsubscribe link is incomplete. Use the link in the latest message.',
          );
        if (real.matches('failed'))
          expect(real.context.message).toBe(
            'We could not reach Gatepass. Check your connection and try again.',
          );
        // The page ends on its answer: confirmed, or refused.
        expect(real.status).toBe(real.matches('unsubscribed') || real.matches('invalid') ? 'done' : 'active');
      },
    });
  });
});

it('covers every state and transition', () =>
  expectFullCoverage(
    guestUnsubscribeMachine,
    inputs.flatMap((input) => flowModel(guestUnsubscribeMachine, { events, key, input }).getShortestPaths()),
  ));
