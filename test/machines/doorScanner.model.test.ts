import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, type SnapshotFrom } from 'xstate';
import type { CheckinConflict, CheckinResult, ScanResponse } from '../../contract/checkin';
import {
  doorScannerMachine,
  type OfflineVerdict,
  SYNC_INTERVAL_MS,
  SYNC_RETRY_MS,
  type SyncDone,
} from '../../machines/doorScanner.machine';
import { counts, ticket } from '../helpers/doorScannerFixtures';
import {
  expectFullCoverage,
  flowModel,
  httpError,
  networkError,
  resolvingActor,
  runPath,
} from '../helpers/machineModel';

const online = (result: CheckinResult): ScanResponse => ({
  result,
  ...(result === 'unknown' || result === 'wrong_event' ? {} : { ticket }),
  ...(result === 'checked_in' || result === 'already_checked_in'
    ? { checkedInAt: '2026-12-05T18:00:00.000Z' }
    : {}),
  ...(result === 'already_checked_in' ? { checkedInBy: { gate: 'Gate B', device: null } } : {}),
  message: `online ${result}`,
  counts: counts(result === 'checked_in' ? 1 : 0),
});
const offline = (result: CheckinResult): OfflineVerdict => ({
  outcome: {
    result,
    ...(result === 'unknown' || result === 'wrong_event' ? {} : { ticket }),
    ...(result === 'checked_in' ? { nonce: '3c9e2a1b-7d4f-4e8a-9b6c-1a2b3c4d5e6f' } : {}),
    message: `offline ${result}`,
  },
  counts: counts(result === 'checked_in' ? 1 : 0),
  pending: result === 'checked_in' ? 1 : 0,
});
const conflict: CheckinConflict = {
  reference: 'GP7-K2QX',
  attendeeName: 'Ada Obi',
  ticketName: 'Regular',
  winner: { gate: 'Gate B', device: null, scannedAt: '2026-12-05T18:00:00.000Z', nonce: null },
  loser: { gate: null, device: 'Door laptop', scannedAt: '2026-12-05T18:01:00.000Z', nonce: 'n-2' },
};

const RESULTS: CheckinResult[] = ['checked_in', 'already_checked_in', 'wrong_event', 'cancelled', 'unknown'];
const network = [{ type: 'network.online' }, { type: 'network.offline' }];
const listLoaded = {
  type: 'xstate.done.actor.loadList',
  output: {
    counts: counts(0),
    pending: 0,
    tickets: 4,
    generatedAt: '2026-12-05T17:00:00.000Z',
    eventName: 'Afrobeats',
  },
};
const scanOfflineCheckedIn = { type: 'xstate.done.actor.judgeOffline', output: offline('checked_in') };

/**
 * The three regions run side by side, so one graph of all of them is their product (too big to walk).
 * Each model drives one region with the events that move it, plus the network events that every
 * region reacts to; the other regions sit where those events leave them. Together they take every
 * state and transition (asserted below).
 */
const scannerEvents = [
  // Going offline is the failed online check below (and the other models' network events).
  { type: 'network.online' },
  { type: 'scan', code: ` ${ticket.code} ` },
  { type: 'result.dismiss' },
  { type: 'undo' },
  ...RESULTS.map((r) => ({ type: 'xstate.done.actor.scanOnline', output: online(r) })),
  { type: 'xstate.error.actor.scanOnline', error: networkError() },
  { type: 'xstate.error.actor.scanOnline', error: httpError(403, 'This check-in link has been revoked.') },
  ...RESULTS.map((r) => ({ type: 'xstate.done.actor.judgeOffline', output: offline(r) })),
  { type: 'xstate.error.actor.judgeOffline', error: new Error('storage failed') },
  {
    type: 'xstate.done.actor.undoCheckin',
    output: { counts: counts(0), pending: 0, message: 'Check-in undone.' },
  },
  { type: 'xstate.error.actor.undoCheckin', error: networkError() },
  {
    type: 'xstate.error.actor.undoCheckin',
    error: httpError(403, 'Only the gate that let them in can undo.'),
  },
];
const syncEvents = [
  ...network,
  { type: 'scan', code: ticket.code },
  scanOfflineCheckedIn,
  { type: 'sync.now' },
  { type: 'conflicts.dismiss' },
  { type: 'xstate.after.syncInterval.doorScanner.sync.idle' },
  { type: 'xstate.after.syncRetry.doorScanner.sync.waiting' },
  { type: 'xstate.done.actor.syncQueue', output: { pending: 0, counts: counts(1), conflicts: [conflict] } },
  { type: 'xstate.done.actor.syncQueue', output: { pending: 0, counts: counts(1), conflicts: [] } },
  { type: 'xstate.error.actor.syncQueue', error: networkError() },
  { type: 'xstate.error.actor.syncQueue', error: httpError(500, null) },
];
const listEvents = [
  ...network,
  { type: 'list.refresh' },
  listLoaded,
  { type: 'xstate.error.actor.loadList', error: networkError() },
  { type: 'xstate.error.actor.loadList', error: httpError(403, 'This check-in link has expired.') },
];

type Snap = SnapshotFrom<typeof doorScannerMachine>;
// The parts of the context that change what the scanner does or shows next.
const key = (s: Snap) => [
  s.context.online,
  s.context.pending,
  s.context.last?.result ?? null,
  s.context.last?.offline ?? null,
  s.context.undoable,
  s.context.error,
  s.context.notice,
  s.context.conflicts.length,
  s.context.syncError,
  s.context.listTickets,
];

beforeEach(() => {
  vi.useFakeTimers();
});

describe('door scanner machine (model-based)', () => {
  const model = (events: readonly unknown[], online: boolean) =>
    flowModel(doorScannerMachine, { events, key, input: { online } }).getShortestPaths();
  const all = [...model(scannerEvents, true), ...model(syncEvents, false), ...model(listEvents, true)];

  it('covers every state and transition', () => expectFullCoverage(doorScannerMachine, all));

  it.each(all.map((p, i) => [`${i}: ${p.description}`, p] as const))('%s', async (_, path) => {
    const announced: CheckinResult[] = [];
    const online = path.steps[0]?.state.context.online;
    await runPath(path, {
      machine: doorScannerMachine.provide({
        actions: { announce: (_, p) => void announced.push(p.result) },
      }),
      input: { online },
      actorNames: ['loadList', 'scanOnline', 'judgeOffline', 'undoCheckin', 'syncQueue'],
      delays: { syncInterval: SYNC_INTERVAL_MS, syncRetry: SYNC_RETRY_MS },
      view: key,
      check: (real, _model, calls) => {
        // A scan is checked with its trimmed code, on the server or on the device.
        if (real.matches({ scanner: 'checkingOnline' }))
          expect(calls.scanOnline?.at(-1)).toEqual({ code: ticket.code });
        if (real.matches({ scanner: 'checkingOffline' }))
          expect(calls.judgeOffline?.at(-1)).toEqual({ code: ticket.code });
        // Every result shown was announced (sound/vibration) exactly once.
        if (real.matches({ scanner: 'showing' })) expect(announced.at(-1)).toBe(real.context.last?.result);
        // Undo takes back the scan that is shown, by its nonce when it is still queued.
        if (real.matches({ scanner: 'undoing' }))
          expect(calls.undoCheckin?.at(-1)).toMatchObject({
            code: ticket.code,
            nonce: real.context.last?.nonce ?? null,
          });
        // The screen never claims a scan waits to sync once it is online and idle with nothing queued.
        if (real.context.online && real.context.pending > 0)
          expect(real.matches({ sync: 'idle' })).toBe(false);
      },
    });
  });

  it('falls back to judging on the device when the network drops mid-scan, then uploads on reconnect', async () => {
    let uploads = 0;
    const actor = createActor(
      doorScannerMachine.provide({
        actors: {
          loadList: resolvingActor({
            counts: counts(0),
            pending: 0,
            tickets: 4,
            generatedAt: 'x',
            eventName: 'A',
          }),
          scanOnline: (await import('xstate')).fromPromise(() => Promise.reject(networkError())),
          judgeOffline: resolvingActor(offline('checked_in')),
          syncQueue: (await import('xstate')).fromPromise<SyncDone, undefined>(async () => {
            uploads += 1;
            return { pending: 0, counts: counts(1), conflicts: [conflict] };
          }),
        },
      }),
      { input: { online: true } },
    ).start();
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'scan', code: ticket.code });
    await vi.advanceTimersByTimeAsync(0);
    const s = actor.getSnapshot();
    expect(s.context.online).toBe(false);
    expect(s.context.last).toMatchObject({ result: 'checked_in', offline: true, code: ticket.code });
    expect(s.context.pending).toBe(1);
    expect(uploads).toBe(0);
    actor.send({ type: 'network.online' });
    await vi.advanceTimersByTimeAsync(0);
    expect(uploads).toBe(1);
    expect(actor.getSnapshot().context.pending).toBe(0);
    expect(actor.getSnapshot().context.conflicts).toEqual([conflict]);
    // A later sync reporting the same conflict does not list it twice.
    await vi.advanceTimersByTimeAsync(SYNC_INTERVAL_MS);
    expect(uploads).toBe(2);
    expect(actor.getSnapshot().context.conflicts).toHaveLength(1);
    actor.stop();
  });
});
