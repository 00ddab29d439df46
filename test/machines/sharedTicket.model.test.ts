import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import type { TicketView } from '../../contract/orders';
import { sharedTicketMachine } from '../../machines/sharedTicket.machine';
import { runFlowPath } from '../helpers/flowPath';
import { expectFullCoverage, flowModel, httpError, networkError } from '../helpers/machineModel';

const token = 'a'.repeat(64);
const ticket = { code: 'code-1', attendeeName: 'Tobi Adeyemi' } as TicketView;
const gone = httpError(404, 'This ticket link no longer works: the ticket was transferred.');
const events = [
  { type: 'retry' },
  { type: 'claim' },
  { type: 'xstate.done.actor.open', output: ticket },
  { type: 'xstate.error.actor.open', error: gone },
  { type: 'xstate.error.actor.open', error: networkError() },
  {
    type: 'xstate.done.actor.claim',
    output: { code: 'code-2', message: 'The ticket is now in My Tickets.' },
  },
  {
    type: 'xstate.error.actor.claim',
    error: httpError(409, 'Ticket changes closed when the event started.'),
  },
];
type Snap = SnapshotFrom<typeof sharedTicketMachine>;
const key = (s: Snap) => [s.context.ticket?.code ?? null, s.context.error];

describe.each([
  { name: 'a whole link', token },
  { name: 'a cut-off link', token: token.slice(0, 20) },
])('shared ticket paths ($name)', ({ token: given }) => {
  const input = { token: given };
  const paths = flowModel(sharedTicketMachine, { events, key, input }).getShortestPaths();
  beforeEach(() => void vi.useFakeTimers());
  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_, path) => {
    const claimed: unknown[] = [];
    await runFlowPath(path, {
      machine: sharedTicketMachine.provide({ actions: { claimed: (_x, p) => void claimed.push(p) } }),
      input,
      actorNames: ['open', 'claim'],
      view: key,
      check: ({ event, real, calls, entered }) => {
        // A malformed token is never sent; each load and claim is one call with the link's token.
        expect(calls.open ?? []).toEqual(Array(entered('loading')).fill(input));
        expect(calls.claim ?? []).toEqual(Array(entered('claiming')).fill(input));
        if (given.length !== 64) expect(real.matches('gone')).toBe(true);
        expect(claimed).toEqual(real.matches('claimed') ? [{ code: 'code-2' }] : []);
        if (event.type === 'xstate.error.actor.open' && real.matches('gone'))
          expect(real.context.error).toBe('This ticket link no longer works: the ticket was transferred.');
        if (event.type === 'xstate.error.actor.claim')
          expect(real.context.error).toBe('Ticket changes closed when the event started.');
      },
    });
  });
  if (given.length === 64)
    it('covers every state and transition from a whole link', () =>
      expectFullCoverage(sharedTicketMachine, paths));
});
