import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, type SnapshotFrom } from 'xstate';
import type { GuestlistQuery, GuestlistResponse } from '../../contract/organiser';
import { guestlistMachine } from '../../machines/guestlist.machine';
import { runFlowPath } from '../helpers/flowPath';
import { expectFullCoverage, flowModel, httpError, manualActor, networkError } from '../helpers/machineModel';
import { draftEvent } from './organiserFixtures';

const eventId = draftEvent._id;
/** A filtered tab: every refresh and the export must keep asking for exactly this. */
const filter = { q: 'Bakare', checkin: 'in' as const };
const list = (checkedIn: number): GuestlistResponse => ({
  rows: [
    {
      orderId: '5e000000-0000-4000-8000-000000000001',
      ticketName: 'Regular',
      quantity: 2,
      refunded: 0,
      purchasedBy: 'Tunde Bakare',
      email: 'tunde@example.ng',
      orderNumber: 'GP-7K2M9Q',
      orderDate: '2026-11-20T10:00:00.000Z',
      testMode: false,
      tickets: [
        {
          id: '7e000000-0000-4000-8000-000000000001',
          attendeeName: 'Tunde Bakare',
          reference: 'K7M2Q9XA',
          checkedInAt: '2026-11-23T17:05:00.000Z',
          gate: 'Gate A',
        },
        {
          id: '7e000000-0000-4000-8000-000000000002',
          attendeeName: 'Kemi Bakare',
          reference: 'P3N8W4TB',
          checkedInAt: checkedIn > 1 ? '2026-11-23T17:20:00.000Z' : null,
          gate: null,
        },
      ],
      checkedIn,
      changes: [],
    },
  ],
  totals: { orders: 1, tickets: 2, checkedIn },
  answers: { questions: [], byOrder: {}, byTicket: {} },
});
const first = list(1);
const later = list(2);
const input = { eventId, filter, guestlist: first };

const refused = httpError(403, 'Only the organiser of this event can see its guestlist');
const events = [
  { type: 'refresh' },
  { type: 'export' },
  { type: 'page.hidden' },
  { type: 'page.visible' },
  { type: 'xstate.after.refreshInterval.guestlist.list.idle' },
  { type: 'xstate.done.actor.load', output: later },
  { type: 'xstate.error.actor.load', error: networkError() },
  { type: 'xstate.done.actor.exportCsv', output: undefined },
  { type: 'xstate.error.actor.exportCsv', error: refused },
  { type: 'xstate.error.actor.exportCsv', error: networkError() },
];

type Snap = SnapshotFrom<typeof guestlistMachine>;
/** What is shown: the list's count and a failed refresh's words (the time is checked step by step). */
const key = (s: Snap) => [s.context.guestlist.totals.checkedIn, s.context.loadError];
const paths = flowModel(guestlistMachine, { events, key, input }).getShortestPaths();
const refreshMs = 30_000;

beforeEach(() => {
  vi.useFakeTimers();
});

describe('guestlist tab paths', () => {
  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_, path) => {
    const startedAt = Date.now();
    await runFlowPath(path, {
      machine: guestlistMachine,
      input,
      actorNames: ['load', 'exportCsv'],
      delays: { refreshInterval: refreshMs },
      view: key,
      check: ({ index, event, real, before, calls, notices, entered }) => {
        const c = real.context;
        // The loader's list paints the tab: nothing is fetched until a refresh is due or asked for,
        // and then only the guestlist, for this event and filter — once per refresh, not per click.
        expect(calls.load ?? []).toEqual(Array(entered({ list: 'refreshing' })).fill({ eventId, filter }));
        // The export downloads what is shown (the filter applied), one file at a time.
        expect(calls.exportCsv ?? []).toEqual(
          Array(entered({ export: 'exporting' })).fill({ eventId, filter }),
        );
        if (event.type === 'xstate.init') expect([c.guestlist, c.updatedAt]).toEqual([first, startedAt]);
        if (event.type === 'xstate.done.actor.load') {
          expect([c.guestlist, c.loadError, c.updatedAt]).toEqual([later, null, Date.now()]);
        } else if (before) {
          // Nothing else changes when the list was last brought up to date.
          expect(c.updatedAt).toBe(before.context.updatedAt);
        }
        if (event.type === 'xstate.error.actor.load') {
          // What was shown stays; the failure is said above it, and the next tick tries again.
          expect(c.guestlist).toBe(before?.context.guestlist);
          expect(c.loadError).toBe('The guestlist could not be refreshed.');
          expect(real.matches({ list: 'idle' })).toBe(true);
        }
        // Only a failed export speaks, in the words the tab always used.
        const failedExports = path.steps
          .slice(0, index + 1)
          .filter((s) => s.event.type === 'xstate.error.actor.exportCsv').length;
        expect(notices).toHaveLength(failedExports);
        if (event.type === 'xstate.error.actor.exportCsv')
          expect(notices.at(-1)).toBe(
            event.error === refused
              ? 'error: Export failed: Only the organiser of this event can see its guestlist'
              : 'error: Export failed: Failed to fetch',
          );
      },
    });
  });
});

describe('guestlist tab coverage and rules', () => {
  it('covers every state and transition', () => expectFullCoverage(guestlistMachine, paths));

  it('does not refresh while the page is out of sight, and catches up when it is back', async () => {
    const load = manualActor<GuestlistResponse, { eventId: string; filter: GuestlistQuery }>();
    const actor = createActor(guestlistMachine.provide({ actors: { load: load.actor } }), { input });
    actor.start();
    await vi.advanceTimersByTimeAsync(refreshMs);
    expect(load.calls).toHaveLength(1);
    load.resolve(later);
    actor.send({ type: 'page.hidden' });
    await vi.advanceTimersByTimeAsync(10 * refreshMs);
    expect(load.calls).toHaveLength(1);
    actor.send({ type: 'page.visible' });
    expect(load.calls).toHaveLength(2);
    actor.stop();
  });
});
