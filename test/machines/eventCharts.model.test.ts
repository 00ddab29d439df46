import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, type SnapshotFrom } from 'xstate';
import type { CheckinChartsResponse, SalesChartsResponse } from '../../contract/organiserCharts';
import { CHARTS_REFRESH_MS, type ChartsData, eventChartsMachine } from '../../machines/eventCharts.machine';
import { runFlowPath } from '../helpers/flowPath';
import { expectFullCoverage, flowModel, httpError, manualActor, networkError } from '../helpers/machineModel';
import { draftEvent } from './organiserFixtures';

const eventId = draftEvent._id;
const money = {
  gross: 0,
  discounts: 0,
  gatepassFee: 0,
  refunds: 0,
  organiserReceives: 0,
  paystackFee: 0,
  paystackFeeUnrecorded: 0,
};
const sales: SalesChartsResponse = {
  eventStart: '2031-03-14T17:00:00.000Z',
  ticketTypes: [],
  daily: [],
  hourly: [],
  money: { ...money, test: money },
};
const arrivals = (checkedIn: number): CheckinChartsResponse => ({
  bucketMinutes: 15,
  gates: ['Gate A'],
  arrivals: [{ start: '2031-03-14T17:00:00.000Z', gate: 'Gate A', checkedIn, testCheckedIn: 0 }],
  perType: [],
});
const first = arrivals(1);
const later = arrivals(2);

const refused = httpError(403, 'Only the organiser of this event can see its sales');
const events = [
  { type: 'retry' },
  { type: 'export' },
  { type: 'page.hidden' },
  { type: 'page.visible' },
  { type: 'xstate.after.refreshInterval.eventCharts.data.shown' },
  { type: 'xstate.after.refreshInterval.eventCharts.data.failed' },
  { type: 'xstate.done.actor.load', output: first },
  { type: 'xstate.done.actor.load', output: later },
  { type: 'xstate.error.actor.load', error: networkError() },
  { type: 'xstate.done.actor.exportCsv', output: undefined },
  { type: 'xstate.error.actor.exportCsv', error: refused },
  { type: 'xstate.error.actor.exportCsv', error: networkError() },
];

type Snap = SnapshotFrom<typeof eventChartsMachine>;
/** What is drawn (the arrivals it holds) and a failed load's words. */
const key = (s: Snap) => [
  s.context.data && 'arrivals' in s.context.data ? s.context.data.arrivals[0]?.checkedIn : null,
  s.context.loadError,
];
const model = (live: boolean) => flowModel(eventChartsMachine, { events, key, input: { eventId, live } });
const byLive = [true, false].map((live) => ({ live, paths: model(live).getShortestPaths() }));

beforeEach(() => {
  vi.useFakeTimers();
});

describe.each(byLive)('event charts paths (live: $live)', ({ live, paths }) => {
  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_, path) => {
    await runFlowPath(path, {
      machine: eventChartsMachine,
      input: { eventId, live },
      actorNames: ['load', 'exportCsv'],
      delays: { refreshInterval: CHARTS_REFRESH_MS },
      view: key,
      check: ({ index, event, real, before, calls, notices, entered }) => {
        const c = real.context;
        // One load when the tab opens, then one per refresh or retry: never more.
        expect(calls.load ?? []).toEqual(Array(entered({ data: 'loading' })).fill({ eventId }));
        expect(calls.exportCsv ?? []).toEqual(Array(entered({ export: 'exporting' })).fill({ eventId }));
        // Only a live tab loads by itself.
        if (!live)
          expect(entered({ data: 'loading' })).toBe(
            1 + path.steps.slice(0, index + 1).filter((s) => s.event.type === 'retry').length,
          );
        if (event.type === 'xstate.done.actor.load')
          expect([c.data, c.loadError]).toEqual([event.output, null]);
        if (event.type === 'xstate.error.actor.load') {
          // What was drawn stays; the failure is said above it.
          expect(c.data).toBe(before?.context.data);
          expect(c.loadError).toBe(
            before?.context.data ? 'The charts could not be refreshed.' : 'The charts could not be loaded.',
          );
          expect(real.matches({ data: 'failed' })).toBe(true);
        }
        const failedExports = path.steps
          .slice(0, index + 1)
          .filter((s) => s.event.type === 'xstate.error.actor.exportCsv').length;
        expect(notices).toHaveLength(failedExports);
        if (event.type === 'xstate.error.actor.exportCsv')
          expect(notices.at(-1)).toBe(
            event.error === refused
              ? 'error: Export failed: Only the organiser of this event can see its sales'
              : 'error: Export failed: Failed to fetch',
          );
      },
    });
  });
});

describe('event charts coverage and rules', () => {
  it('covers every state and transition', () =>
    expectFullCoverage(
      eventChartsMachine,
      byLive.flatMap((b) => b.paths),
    ));

  it('a live tab out of sight does not load, and catches up when it is back', async () => {
    const load = manualActor<ChartsData, { eventId: string }>();
    const actor = createActor(eventChartsMachine.provide({ actors: { load: load.actor } }), {
      input: { eventId, live: true },
    });
    actor.start();
    load.resolve(first);
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'page.hidden' });
    await vi.advanceTimersByTimeAsync(10 * CHARTS_REFRESH_MS);
    expect(load.calls).toHaveLength(1);
    expect(actor.getSnapshot().context.data).toBe(first);
    actor.send({ type: 'page.visible' });
    expect(load.calls).toHaveLength(2);
    actor.stop();
  });

  it('a live tab loads every 15 s; a tab that is not live loads once', async () => {
    for (const live of [true, false]) {
      const load = manualActor<ChartsData, { eventId: string }>();
      const actor = createActor(eventChartsMachine.provide({ actors: { load: load.actor } }), {
        input: { eventId, live },
      });
      actor.start();
      load.resolve(sales);
      await vi.advanceTimersByTimeAsync(3 * CHARTS_REFRESH_MS + 10);
      expect(load.calls).toHaveLength(live ? 2 : 1);
      actor.stop();
    }
  });
});
