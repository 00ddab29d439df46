import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import type { TicketCheckResponse } from '../../contract/liveCodes';
import { ticketCheckMachine } from '../../machines/ticketCheck.machine';
import { runFlowPath } from '../helpers/flowPath';
import { expectFullCoverage, flowModel, httpError, networkError } from '../helpers/machineModel';
import { machineShape } from '../helpers/machineShape';

const token = 'c'.repeat(32);
const answer = { eventName: 'Afrobeats Night', valid: true, unused: true } as TicketCheckResponse;
const events = [
  { type: 'refresh' },
  { type: 'xstate.done.actor.check', output: answer },
  {
    type: 'xstate.error.actor.check',
    error: httpError(404, 'This check link does not work. Ask the seller.'),
  },
  { type: 'xstate.error.actor.check', error: httpError(404, null) },
  { type: 'xstate.error.actor.check', error: networkError() },
];
const WORDS = {
  cutOff: 'This check link is not complete. Ask for it again.',
  gone: 'This check link does not work.',
  failed: 'The ticket could not be checked. Check your connection and try again.',
};
type Snap = SnapshotFrom<typeof ticketCheckMachine>;
const key = (s: Snap) => [s.context.check?.eventName ?? null, s.context.error];

describe.each([
  { name: 'a whole link', token },
  { name: 'a cut-off link', token: token.slice(0, 12) },
])('ticket check paths ($name)', ({ token: given }) => {
  const input = { token: given };
  const paths = flowModel(ticketCheckMachine, { events, key, input }).getShortestPaths();
  beforeEach(() => void vi.useFakeTimers());
  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_, path) => {
    await runFlowPath(path, {
      machine: ticketCheckMachine,
      input,
      actorNames: ['check'],
      view: key,
      check: ({ event, real, calls, entered }) => {
        expect(real.status).toBe(real.matches('gone') ? 'done' : 'active');
        // A malformed token is never sent; every load is one call with the link's token.
        expect(calls.check ?? []).toEqual(Array(entered('loading')).fill(input));
        if (given.length !== 32) expect(real.context.error).toBe(WORDS.cutOff);
        if (event.type === 'xstate.error.actor.check') {
          const server = (event.error as { serverMessage?: string | null }).serverMessage;
          const status = (event.error as { status?: number }).status;
          expect(real.context.error).toBe(server ?? (status === 404 ? WORDS.gone : WORDS.failed));
        }
        if (event.type === 'xstate.done.actor.check') {
          expect(real.context.check).toEqual(answer);
          expect(real.context.error).toBeNull();
        }
      },
    });
  });
  if (given.length === 32)
    it('covers every state and transition', () => expectFullCoverage(ticketCheckMachine, paths));
});

it('has the shape decision 058 describes', () =>
  expect(machineShape(ticketCheckMachine)).toEqual([
    'state ticketCheck.start always --> ticketCheck.loading [wellFormed] | --> ticketCheck.gone []',
    'state ticketCheck.loading invokes check:check',
    'state ticketCheck.failed',
    'state ticketCheck.shown',
    'state ticketCheck.gone (final)',
    'ticketCheck.failed --refresh--> ticketCheck.loading []',
    'ticketCheck.loading --xstate.done.actor.check--> ticketCheck.shown []',
    'ticketCheck.loading --xstate.error.actor.check--> ticketCheck.failed []',
    'ticketCheck.loading --xstate.error.actor.check--> ticketCheck.gone [notFound]',
    'ticketCheck.shown --refresh--> ticketCheck.loading []',
  ]));
