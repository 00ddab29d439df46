import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import type { CashUpResponse } from '../../contract/boxOffice';
import { cashUpMachine } from '../../machines/cashUp.machine';
import { runFlowPath } from '../helpers/flowPath';
import { expectFullCoverage, flowModel, httpError, networkError } from '../helpers/machineModel';

/** The door's cash-up panel (decision 062): loaded, refreshed, downloaded; every failure said in words. */
const empty: CashUpResponse = {
  byDevice: [],
  byStaff: [],
  totals: { methods: [], sales: 0, tickets: 0, amount: 0 },
  heldSeats: 0,
};
const some: CashUpResponse = {
  ...empty,
  totals: {
    methods: [{ method: 'cash', sales: 1, tickets: 2, amount: 10_000 }],
    sales: 1,
    tickets: 2,
    amount: 10_000,
  },
};
const forbidden = httpError(403, "Your role on this event's team does not allow this.");

const events = [
  { type: 'refresh' },
  { type: 'download' },
  { type: 'xstate.done.actor.loadCashUp', output: empty },
  { type: 'xstate.done.actor.loadCashUp', output: some },
  { type: 'xstate.error.actor.loadCashUp', error: forbidden },
  { type: 'xstate.error.actor.loadCashUp', error: networkError() },
  { type: 'xstate.done.actor.downloadCsv', output: undefined },
  { type: 'xstate.error.actor.downloadCsv', error: networkError() },
];
type Snap = SnapshotFrom<typeof cashUpMachine>;
const key = (s: Snap) => [s.context.cashUp?.totals.sales ?? null, s.context.error !== null];
const paths = flowModel(cashUpMachine, { events, key }).getShortestPaths();

beforeEach(() => {
  vi.useFakeTimers();
});

describe('cash-up paths', () => {
  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_, path) => {
    await runFlowPath(path, {
      machine: cashUpMachine,
      actorNames: ['loadCashUp', 'downloadCsv'],
      view: key,
      check: ({ index, event, real, before, calls, entered }) => {
        const c = real.context;
        // Nothing shown and nothing wrong until the first answer.
        if (index === 0) expect(c).toEqual({ cashUp: null, error: null });
        if (event.type === 'xstate.done.actor.loadCashUp')
          expect([c.cashUp, c.error]).toEqual([event.output, null]);
        if (event.type === 'xstate.error.actor.loadCashUp') {
          expect(c.error).toBe(
            event.error === forbidden
              ? "Your role on this event's team does not allow this."
              : 'The cash-up could not be loaded.',
          );
          // What was shown stays shown.
          expect(c.cashUp).toEqual(before?.context.cashUp);
        }
        if (event.type === 'xstate.error.actor.downloadCsv')
          expect(c.error).toBe('The CSV could not be downloaded.');
        if (event.type === 'xstate.done.actor.downloadCsv') expect(c.error).toBeNull();
        expect(calls.loadCashUp?.length ?? 0).toBe(entered('loading'));
        expect(calls.downloadCsv?.length ?? 0).toBe(entered('downloading'));
      },
    });
  });
  it('covers every state and transition', () => expectFullCoverage(cashUpMachine, paths));
});
