import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import type { TicketView } from '../../contract/orders';
import { sharedTicketMachine } from '../../machines/sharedTicket.machine';
import { runFlowPath } from '../helpers/flowPath';
import { expectFullCoverage, flowModel, httpError, networkError } from '../helpers/machineModel';
import { machineShape } from '../helpers/machineShape';

const token = 'a'.repeat(64);
const ticket = { code: 'code-1', attendeeName: 'Tobi Adeyemi' } as TicketView;
const gone = httpError(404, 'This ticket link no longer works: the ticket was transferred.');
const events = [
  { type: 'retry' },
  { type: 'claim' },
  { type: 'xstate.done.actor.open', output: ticket },
  { type: 'xstate.error.actor.open', error: gone },
  { type: 'xstate.error.actor.open', error: networkError() },
  { type: 'xstate.error.actor.open', error: httpError(404, null) },
  {
    type: 'xstate.done.actor.claim',
    output: { code: 'code-2', message: 'The ticket is now in My Tickets.' },
  },
  {
    type: 'xstate.error.actor.claim',
    error: httpError(409, 'Ticket changes closed when the event started.'),
  },
  { type: 'xstate.error.actor.claim', error: networkError() },
];

// The page's words when the server gave none (decision 040), written here, not read off the machine.
const WORDS = {
  cutOff: 'This ticket link is not complete. Open it again from the message you received.',
  gone: 'This ticket link no longer works.',
  loadFailed: 'The ticket could not be loaded. Check your connection and try again.',
  claimFailed: 'The ticket could not be added to your account. Please try again.',
};
/** What the page must hold after a call failed: the server's sentence, else its own words. */
const afterError = (event: { type: string; error?: unknown }) => {
  const server = (event.error as { serverMessage?: string | null }).serverMessage;
  if (server) return server;
  if (event.type === 'xstate.error.actor.claim') return WORDS.claimFailed;
  return (event.error as { status?: number }).status === 404 ? WORDS.gone : WORDS.loadFailed;
};
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
      check: ({ event, real, before, calls, entered, notices }) => {
        // Where a path can rest, and what the page holds there.
        expect(real.status).toBe(real.matches('gone') || real.matches('claimed') ? 'done' : 'active');
        if (given.length !== 64) expect(real.context.error).toBe(WORDS.cutOff);
        if (event.type.startsWith('xstate.error.actor.')) expect(real.context.error).toBe(afterError(event));
        if (event.type === 'xstate.done.actor.open') {
          expect(real.context.ticket).toEqual(ticket);
          expect(real.context.error).toBeNull();
        }
        // A new claim clears the last failure; nothing else touches the ticket or the error.
        if (event.type === 'claim') expect(real.context.error).toBeNull();
        if (event.type === 'retry') expect(real.context.error).toBe(before?.context.error);
        expect(notices).toEqual(real.matches('claimed') ? ['success: The ticket is now in My Tickets.'] : []);
        // A malformed token is never sent; each load and claim is one call with the link's token.
        expect(calls.open ?? []).toEqual(Array(entered('loading')).fill(input));
        expect(calls.claim ?? []).toEqual(Array(entered('claiming')).fill(input));
        if (given.length !== 64) expect(real.matches('gone')).toBe(true);
        expect(claimed).toEqual(real.matches('claimed') ? [{ code: 'code-2' }] : []);
      },
    });
  });
  if (given.length === 64)
    it('covers every state and transition from a whole link', () =>
      expectFullCoverage(sharedTicketMachine, paths));
});

it('has the shape decision 040 describes', () =>
  expect(machineShape(sharedTicketMachine)).toEqual([
    'state sharedTicket.checking always --> sharedTicket.loading [wellFormed] | --> sharedTicket.gone []',
    'state sharedTicket.loading invokes open:open',
    'state sharedTicket.failed',
    'state sharedTicket.gone (final)',
    'state sharedTicket.shown',
    'state sharedTicket.claiming invokes claim:claim',
    'state sharedTicket.claimed (final)',
    'sharedTicket.claiming --xstate.done.actor.claim--> sharedTicket.claimed []',
    'sharedTicket.claiming --xstate.error.actor.claim--> sharedTicket.shown []',
    'sharedTicket.failed --retry--> sharedTicket.loading []',
    'sharedTicket.loading --xstate.done.actor.open--> sharedTicket.shown []',
    'sharedTicket.loading --xstate.error.actor.open--> sharedTicket.failed []',
    'sharedTicket.loading --xstate.error.actor.open--> sharedTicket.gone [notFound]',
    'sharedTicket.shown --claim--> sharedTicket.claiming []',
  ]));
