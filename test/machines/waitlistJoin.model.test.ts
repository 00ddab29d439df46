import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type SnapshotFrom } from 'xstate';
import type { MyWaitlistResponse } from '../../contract/waitlist';
import { waitlistJoinMachine } from '../../machines/waitlistJoin.machine';
import { runFlowPath } from '../helpers/flowPath';
import {
  expectFullCoverage,
  flowModel,
  httpError,
  networkError,
  resolvingActor,
} from '../helpers/machineModel';

const typeId = '7e000000-0000-4000-8000-000000000001';
const otherId = '7e000000-0000-4000-8000-000000000002';
const input = { eventId: '7e000000-0000-4000-8000-0000000000e1', ticketTypeId: typeId, limit: 4 };
const entry = (status: 'waiting' | 'offered' | 'expired', quantity = 2) => ({
  ticketTypeId: typeId,
  quantity,
  status,
  position: status === 'waiting' ? 3 : null,
  orderId: status === 'offered' ? '7e000000-0000-4000-8000-0000000000a1' : null,
  expiresAt: status === 'offered' ? '2031-03-14T10:00:00.000Z' : null,
});
const answer = (open: boolean, ...entries: ReturnType<typeof entry>[]): MyWaitlistResponse => ({
  open: open ? [typeId] : [],
  limits: open ? { [typeId]: input.limit } : {},
  entries,
});
const notSoldOut = httpError(409, 'Regular is not sold out: you can buy it now.');
const events = [
  { type: 'quantity.change', quantity: 2 },
  { type: 'quantity.change', quantity: 9 },
  { type: 'quantity.change', quantity: 4 },
  { type: 'quantity.change', quantity: 0 },
  { type: 'join.submit' },
  { type: 'leave' },
  { type: 'load.retry' },
  { type: 'xstate.done.actor.loadEntry', output: answer(true) },
  // The server's join limit below the page's (a type with one seat in stock).
  { type: 'xstate.done.actor.loadEntry', output: { ...answer(true), limits: { [typeId]: 1 } } },
  { type: 'xstate.done.actor.loadEntry', output: answer(true, entry('waiting')) },
  { type: 'xstate.done.actor.loadEntry', output: answer(false, entry('offered')) },
  { type: 'xstate.done.actor.loadEntry', output: answer(false, entry('expired')) },
  { type: 'xstate.error.actor.loadEntry', error: networkError() },
  { type: 'xstate.error.actor.loadEntry', error: httpError(404, 'Event not found.') },
  // Another type's entry is not this type's.
  {
    type: 'xstate.done.actor.loadEntry',
    output: {
      open: [typeId, otherId],
      limits: { [typeId]: input.limit, [otherId]: input.limit },
      entries: [{ ...entry('waiting'), ticketTypeId: otherId }],
    },
  },
  { type: 'xstate.done.actor.join', output: answer(true, entry('waiting')) },
  { type: 'xstate.error.actor.join', error: notSoldOut },
  { type: 'xstate.error.actor.join', error: networkError() },
  { type: 'xstate.done.actor.leave', output: answer(true) },
  { type: 'xstate.error.actor.leave', error: networkError() },
  { type: 'xstate.error.actor.leave', error: httpError(409, 'Your offer was already taken up.') },
];
type Ev = { type: string; quantity?: number; output?: MyWaitlistResponse; error?: unknown };
type Panel = {
  state: string;
  quantity: number;
  /** How many seats the server lets this visitor wait for: the page's limit until it says. */
  limit: number;
  entry: MyWaitlistResponse['entries'][number] | null;
  open: boolean;
  error: string | null;
};
const WORDS = {
  load: 'Could not load the waiting list. Please try again.',
  join: 'Could not join the waiting list. Please try again.',
  leave: 'Could not leave the waiting list. Please try again.',
};

/** What the panel must do, from decision 042's words, not from the machine. */
function nextPanel(p: Panel, e: Ev): Panel {
  const server = (e.error as { serverMessage?: string | null } | undefined)?.serverMessage;
  // Where an answer puts the visitor: waiting, offered seats, free to join, or nothing to do here.
  const place = (x: Panel): Panel => ({
    ...x,
    state:
      x.entry?.status === 'waiting'
        ? 'waiting'
        : x.entry?.status === 'offered'
          ? 'offered'
          : x.open
            ? 'idle'
            : 'closed',
  });
  const answered = (a: MyWaitlistResponse) =>
    place({
      ...p,
      limit: a.limits[typeId] ?? p.limit,
      quantity: Math.min(p.quantity, a.limits[typeId] ?? p.limit),
      entry: a.entries.find((x) => x.ticketTypeId === typeId) ?? null,
      open: a.open.includes(typeId),
      error: null,
    });
  const call = /^xstate\.(done|error)\.actor\.(\w+)$/.exec(e.type);
  if (call && `${p.state}` === { loadEntry: 'loading', join: 'joining', leave: 'leaving' }[call[2] ?? '']) {
    if (call[1] === 'done') return answered(e.output as MyWaitlistResponse);
    if (call[2] === 'loadEntry') return { ...p, state: 'loadFailed', error: server ?? WORDS.load };
    if (call[2] === 'join') return { ...p, state: 'idle', error: server ?? WORDS.join };
    return place({ ...p, error: server ?? WORDS.leave });
  }
  switch (`${p.state} ${e.type}`) {
    case 'loadFailed load.retry':
      return { ...p, state: 'loading' };
    case 'idle quantity.change': {
      const q = e.quantity ?? 0;
      return q >= 1 && q <= p.limit ? { ...p, quantity: q, error: null } : p;
    }
    case 'idle join.submit':
      return { ...p, state: 'joining', error: null };
    case 'waiting leave':
    case 'offered leave':
      return { ...p, state: 'leaving' };
    default:
      return p;
  }
}
type Snap = SnapshotFrom<typeof waitlistJoinMachine>;
const key = (s: Snap) => [
  s.context.quantity,
  s.context.limit,
  s.context.entry?.status ?? null,
  s.context.open,
  s.context.error,
];
const paths = flowModel(waitlistJoinMachine, { events, key, input }).getShortestPaths();

describe('waiting list join paths', () => {
  beforeEach(() => void vi.useFakeTimers());
  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_, path) => {
    let panel: Panel = {
      state: 'loading',
      quantity: 1,
      limit: input.limit,
      entry: null,
      open: false,
      error: null,
    };
    const joins: unknown[] = [];
    await runFlowPath(path, {
      machine: waitlistJoinMachine,
      input,
      actorNames: ['loadEntry', 'join', 'leave'],
      view: key,
      check: ({ event, real, calls, entered, index }) => {
        if (index > 0) panel = nextPanel(panel, event);
        if (panel.state === 'joining' && event.type === 'join.submit')
          joins.push({ ticketTypeId: typeId, quantity: panel.quantity });
        const { state, ...context } = panel;
        expect(real.value).toBe(state);
        expect(real.context).toEqual({ ...input, ...context });
        expect(calls.join ?? []).toEqual(joins);
        // One call per visit, for this event and type; joining asks for the chosen seats, within the limit.
        expect(calls.loadEntry ?? []).toEqual(Array(entered('loading')).fill({ eventId: input.eventId }));
        expect(calls.leave ?? []).toEqual(Array(entered('leaving')).fill({ ticketTypeId: typeId }));
        for (const c of (calls.join ?? []) as { ticketTypeId: string; quantity: number }[]) {
          expect(c.ticketTypeId).toBe(typeId);
          expect(c.quantity).toBeGreaterThanOrEqual(1);
          expect(c.quantity).toBeLessThanOrEqual(input.limit);
        }
        expect(real.context.quantity).toBeLessThanOrEqual(input.limit);
        // Never more than the server lets anyone wait for, once it has said.
        expect(real.context.quantity).toBeLessThanOrEqual(real.context.limit);
        for (const c of (calls.join ?? []) as { quantity: number }[])
          expect(c.quantity).toBeLessThanOrEqual(real.context.limit);
        // What the page shows follows the server's answer.
        if (real.matches('waiting')) expect(real.context.entry?.position).toBe(3);
        if (real.matches('offered')) expect(real.context.entry?.orderId).toBeTruthy();
        if (real.matches('idle')) expect(real.context.open).toBe(true);
        // (The words after a failed call are the oracle's, above.)
      },
    });
  });

  it('covers every state and transition', () => expectFullCoverage(waitlistJoinMachine, paths));

  it("takes the server's join limit: a choice above it comes down to it", () => {
    const actor = createActor(
      waitlistJoinMachine.provide({
        actors: {
          loadEntry: fromPromise(async () => answer(true)),
          join: fromPromise(
            async (): Promise<MyWaitlistResponse> => ({ ...answer(true), limits: { [typeId]: 1 } }),
          ),
        },
      }),
      { input },
    ).start();
    return vi
      .waitFor(() => expect(actor.getSnapshot().value).toBe('idle'))
      .then(async () => {
        actor.send({ type: 'quantity.change', quantity: 3 });
        expect(actor.getSnapshot().context).toMatchObject({ quantity: 3, limit: 4 });
        actor.send({ type: 'join.submit' });
        await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('idle'));
        expect(actor.getSnapshot().context).toMatchObject({ quantity: 1, limit: 1 });
        actor.send({ type: 'quantity.change', quantity: 2 });
        expect(actor.getSnapshot().context.quantity).toBe(1);
      });
  });

  // A refused choice has no transition, so the generated paths never send it: the bounds are
  // checked here, one seat to the limit and no further either way.
  it('takes 1 to limit seats and refuses the rest', async () => {
    const actor = createActor(
      waitlistJoinMachine.provide({ actors: { loadEntry: resolvingActor(answer(true)) } }),
      { input },
    ).start();
    await vi.advanceTimersByTimeAsync(0);
    const choose = (quantity: number) => {
      actor.send({ type: 'quantity.change', quantity });
      return actor.getSnapshot().context.quantity;
    };
    expect(actor.getSnapshot().value).toBe('idle');
    expect([choose(4), choose(5), choose(2), choose(1), choose(0)]).toEqual([4, 4, 2, 1, 1]);
    actor.stop();
  });
});
