import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ScanResponse } from '../../contract/checkin';
import { doorScannerMachine, isNetworkFailure } from '../../machines/doorScanner.machine';
import { conflict, counts, list, ticket } from '../helpers/doorScannerFixtures';
import { driveMachine } from '../helpers/driveMachine';
import { httpError, networkError } from '../helpers/machineModel';

// The door scanner (decision 016) step by step, each step compared with values written here from
// the decision, not read off the machine (decision 054): the three regions' states, the whole
// context, every call's input and every announcement. The generated paths (doorScanner.model) walk
// every transition; this says what each one must leave behind.

/** Nothing known yet: the page says whether the browser is online. */
const blank = (online: boolean) => ({
  online,
  scanning: '',
  pending: 0,
  counts: null,
  last: null,
  undoable: false,
  conflicts: [],
  listTickets: null,
  listAt: null,
  eventName: null,
  error: null,
  notice: null,
  syncError: null,
});
const CALLS = ['loadList', 'scanOnline', 'judgeOffline', 'undoCheckin', 'syncQueue'] as const;
const start = async (online: boolean) => {
  const d = driveMachine(doorScannerMachine, { input: { online }, calls: CALLS, recorded: ['announce'] });
  await vi.advanceTimersByTimeAsync(0);
  return d;
};
const where = (list: string, scanner: string, sync: string) => ({ list, scanner, sync });

beforeEach(() => void vi.useFakeTimers());

describe('the ticket list', () => {
  it('is downloaded on opening, for the connection the page reported, and kept', async () => {
    const d = await start(true);
    expect(d.snap().value).toEqual(where('loading', 'ready', 'idle'));
    expect(d.context()).toEqual(blank(true));
    expect(d.calls.loadList).toEqual([{ online: true }]);
    await d.resolve('loadList', list);
    // Two scans were already queued on the device: online, they go up at once.
    expect(d.snap().value).toEqual(where('ready', 'ready', 'syncing'));
    expect(d.context()).toEqual({
      ...blank(true),
      counts: counts(0),
      pending: 2,
      listTickets: 4,
      listAt: '2026-12-05T17:00:00.000Z',
      eventName: 'Afrobeats',
    });
    expect(d.calls.syncQueue).toEqual([undefined]);
    d.actor.stop();
  });

  it('is downloaded again only online; a failed download says why and may be retried', async () => {
    const d = await start(false);
    expect(d.calls.loadList).toEqual([{ online: false }]);
    await d.resolve('loadList', { ...list, pending: 0 });
    d.send({ type: 'list.refresh' });
    expect(d.snap().value).toEqual(where('ready', 'ready', 'idle'));
    expect(d.calls.loadList).toHaveLength(1);
    d.send({ type: 'network.online' });
    expect(d.context().online).toBe(true);
    d.send({ type: 'list.refresh' });
    expect(d.snap().value).toEqual(where('loading', 'ready', 'idle'));
    expect(d.calls.loadList).toEqual([{ online: false }, { online: true }]);
    // A refusal leaves the connection as it was and shows the server's words.
    await d.reject('loadList', httpError(403, 'This check-in link has expired.'));
    expect(d.snap().value).toEqual(where('missing', 'ready', 'idle'));
    expect(d.context().online).toBe(true);
    expect(d.context().error).toBe('This check-in link has expired.');
    d.send({ type: 'list.refresh' });
    expect(d.context().error).toBeNull();
    expect(d.snap().value).toEqual(where('loading', 'ready', 'idle'));
    // No answer at all: the device is offline, and the page's own words.
    await d.reject('loadList', networkError());
    expect(d.context().online).toBe(false);
    expect(d.context().error).toBe('The ticket list could not be downloaded.');
    d.send({ type: 'list.refresh' });
    await d.reject('loadList', httpError(500, null));
    expect(d.context().online).toBe(false);
    expect(d.context().error).toBe('The ticket list could not be downloaded.');
    d.actor.stop();
  });
});

describe('a scan', () => {
  const answer = (over: Partial<ScanResponse>): ScanResponse => ({
    result: 'checked_in',
    ticket,
    checkedInAt: '2026-12-05T18:00:00.000Z',
    message: 'Welcome, Ada Obi',
    counts: counts(1),
    ...over,
  });

  it('online: asks the server with the trimmed code and shows its answer', async () => {
    const d = await start(true);
    await d.resolve('loadList', { ...list, pending: 0 });
    d.send({ type: 'scan', code: '   ' });
    expect(d.snap().value).toEqual(where('ready', 'ready', 'idle'));
    d.send({ type: 'scan', code: `  ${ticket.code} ` });
    expect(d.snap().value).toEqual(where('ready', 'checkingOnline', 'idle'));
    expect(d.context().scanning).toBe(ticket.code);
    expect(d.calls.scanOnline).toEqual([{ code: ticket.code }]);
    await d.resolve('scanOnline', answer({ codeKind: 'rotating' }));
    expect(d.snap().value).toEqual(where('ready', 'showing', 'idle'));
    expect(d.context().last).toEqual({
      code: ticket.code,
      result: 'checked_in',
      ticket,
      checkedInAt: '2026-12-05T18:00:00.000Z',
      checkedInBy: undefined,
      message: 'Welcome, Ada Obi',
      offline: false,
      codeKind: 'rotating',
    });
    expect(d.context().undoable).toBe(true);
    expect(d.context().counts).toEqual(counts(1));
    expect(d.records.announce).toEqual([{ result: 'checked_in' }]);
    // A second scan from the result screen; an answer with no ticket and no kind of code.
    d.send({ type: 'scan', code: 'nonsense' });
    expect(d.calls.scanOnline).toEqual([{ code: ticket.code }, { code: 'nonsense' }]);
    await d.resolve('scanOnline', {
      result: 'unknown',
      message: 'Not a Gatepass ticket',
      counts: counts(1),
    } as ScanResponse);
    expect(d.context().last).toEqual({
      code: '',
      result: 'unknown',
      ticket: undefined,
      checkedInAt: undefined,
      checkedInBy: undefined,
      message: 'Not a Gatepass ticket',
      offline: false,
    });
    expect(Object.keys(d.context().last)).not.toContain('codeKind');
    expect(d.context().undoable).toBe(false);
    expect(d.records.announce).toEqual([{ result: 'checked_in' }, { result: 'unknown' }]);
    // Seen before: shown, not undoable.
    d.send({ type: 'scan', code: ticket.code });
    await d.resolve(
      'scanOnline',
      answer({ result: 'already_checked_in', checkedInBy: { gate: 'Gate B', device: null } }),
    );
    expect(d.context().undoable).toBe(false);
    expect(d.context().last.checkedInBy).toEqual({ gate: 'Gate B', device: null });
    d.send({ type: 'undo' });
    expect(d.snap().value).toEqual(where('ready', 'showing', 'idle'));
    d.send({ type: 'result.dismiss' });
    expect(d.snap().value).toEqual(where('ready', 'ready', 'idle'));
    expect([d.context().last, d.context().undoable]).toEqual([null, false]);
    d.actor.stop();
  });

  it('online, refused: the words, nothing shown; a new scan clears them', async () => {
    const d = await start(true);
    await d.resolve('loadList', { ...list, pending: 0 });
    d.send({ type: 'scan', code: ticket.code });
    await d.resolve('scanOnline', answer({}));
    d.send({ type: 'scan', code: ticket.code });
    await d.reject('scanOnline', httpError(403, 'This check-in link has been revoked.'));
    expect(d.snap().value).toEqual(where('ready', 'ready', 'idle'));
    expect(d.context()).toMatchObject({
      online: true,
      error: 'This check-in link has been revoked.',
      last: null,
      undoable: false,
    });
    d.send({ type: 'scan', code: ticket.code });
    expect(d.context().error).toBeNull();
    await d.reject('scanOnline', httpError(500, null));
    expect(d.context().error).toBe('The scan could not be checked. Try again.');
    expect(d.calls.judgeOffline).toEqual([]);
    d.actor.stop();
  });

  it('when the network drops mid-scan, or offline: judged on the device and queued', async () => {
    const d = await start(true);
    await d.resolve('loadList', { ...list, pending: 0 });
    d.send({ type: 'scan', code: ` ${ticket.code}` });
    await d.reject('scanOnline', networkError());
    expect(d.snap().value).toEqual(where('ready', 'checkingOffline', 'idle'));
    expect(d.context().online).toBe(false);
    expect(d.calls.judgeOffline).toEqual([{ code: ticket.code }]);
    await d.resolve('judgeOffline', {
      outcome: { result: 'checked_in', ticket, nonce: 'n-1', message: 'Welcome (offline)' },
      counts: counts(1),
      pending: 1,
    });
    expect(d.snap().value).toEqual(where('ready', 'showing', 'idle'));
    expect(d.context()).toEqual({
      ...blank(false),
      scanning: ticket.code,
      counts: counts(1),
      pending: 1,
      listTickets: 4,
      listAt: list.generatedAt,
      eventName: 'Afrobeats',
      last: {
        result: 'checked_in',
        ticket,
        nonce: 'n-1',
        message: 'Welcome (offline)',
        code: ticket.code,
        offline: true,
      },
      undoable: true,
    });
    expect(d.records.announce).toEqual([{ result: 'checked_in' }]);
    // Offline from the start of the next scan; a ticket-less verdict; then the device failing.
    d.send({ type: 'scan', code: 'x' });
    expect(d.snap().value).toEqual(where('ready', 'checkingOffline', 'idle'));
    expect(d.calls.scanOnline).toHaveLength(1);
    await d.resolve('judgeOffline', {
      outcome: { result: 'wrong_event', message: 'Another event' },
      counts: null,
      pending: 1,
    });
    expect(d.context().last).toEqual({
      result: 'wrong_event',
      message: 'Another event',
      code: '',
      offline: true,
    });
    expect([d.context().undoable, d.context().counts]).toEqual([false, null]);
    d.send({ type: 'scan', code: 'y' });
    await d.reject('judgeOffline', new Error('storage failed'));
    expect(d.snap().value).toEqual(where('ready', 'ready', 'idle'));
    expect(d.context()).toMatchObject({
      error: 'This device could not check the code offline.',
      last: null,
      undoable: false,
    });
    d.actor.stop();
  });
});

describe('undo', () => {
  const admitted = async (online: boolean) => {
    const d = await start(online);
    await d.resolve('loadList', { ...list, pending: 0 });
    d.send({ type: 'scan', code: ticket.code });
    if (online)
      await d.resolve('scanOnline', {
        result: 'checked_in',
        ticket,
        message: 'Welcome',
        counts: counts(1),
      } as ScanResponse);
    else
      await d.resolve('judgeOffline', {
        outcome: { result: 'checked_in', ticket, nonce: 'n-7', message: 'Welcome' },
        counts: counts(1),
        pending: 1,
      });
    return d;
  };

  it('takes back the scan shown, by its nonce while it waits in the queue', async () => {
    const d = await admitted(false);
    d.send({ type: 'undo' });
    expect(d.snap().value).toEqual(where('ready', 'undoing', 'idle'));
    expect(d.calls.undoCheckin).toEqual([{ code: ticket.code, nonce: 'n-7', online: false }]);
    await d.resolve('undoCheckin', { counts: counts(0), pending: 0, message: 'Check-in undone.' });
    expect(d.snap().value).toEqual(where('ready', 'ready', 'idle'));
    expect(d.context()).toMatchObject({
      last: null,
      undoable: false,
      counts: counts(0),
      pending: 0,
      notice: 'Check-in undone.',
    });
    // The next scan clears the notice.
    d.send({ type: 'scan', code: ticket.code });
    expect(d.context().notice).toBeNull();
    d.actor.stop();
  });

  it('needs the network once synced; a refusal keeps the result on screen with the words', async () => {
    const d = await admitted(true);
    d.send({ type: 'undo' });
    expect(d.calls.undoCheckin).toEqual([{ code: ticket.code, nonce: null, online: true }]);
    await d.reject('undoCheckin', httpError(403, 'Only the gate that let them in can undo.'));
    expect(d.snap().value).toEqual(where('ready', 'showing', 'idle'));
    expect(d.context()).toMatchObject({
      online: true,
      error: 'Only the gate that let them in can undo.',
      undoable: true,
    });
    d.send({ type: 'undo' });
    await d.reject('undoCheckin', httpError(500, null));
    expect([d.context().online, d.context().error]).toEqual([true, 'The check-in could not be undone.']);
    d.send({ type: 'undo' });
    await d.reject('undoCheckin', networkError());
    expect(d.context().online).toBe(false);
    expect(d.context().error).toBe('Undo needs the network once a scan has synced. Try again when online.');
    expect(d.context().last.result).toBe('checked_in');
    d.actor.stop();
  });
});

describe('sync', () => {
  it('uploads queued scans when online, every 20 s anyway, and merges conflicts without repeats', async () => {
    const d = await start(true);
    await d.resolve('loadList', { ...list, pending: 0 });
    expect(d.snap().value).toEqual(where('ready', 'ready', 'idle'));
    await vi.advanceTimersByTimeAsync(19_999);
    expect(d.calls.syncQueue).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(d.snap().value).toEqual(where('ready', 'ready', 'syncing'));
    const a = conflict('A', 'n-1');
    await d.resolve('syncQueue', { pending: 0, counts: counts(3), conflicts: [a] });
    expect(d.context()).toMatchObject({ pending: 0, counts: counts(3), conflicts: [a], syncError: null });
    // The same conflict again, a new one, one differing only by its time: newest first, no repeat.
    d.send({ type: 'sync.now' });
    const b = conflict('B', 'n-2');
    const aLater = conflict('A', 'n-1', '2026-12-05T18:05:00.000Z');
    const aOther = conflict('A', 'n-9');
    await d.resolve('syncQueue', { pending: 0, counts: null, conflicts: [a, b, aLater, aOther] });
    expect(d.context().conflicts).toEqual([b, aLater, aOther, a]);
    // No counts in the answer: the last ones stay.
    expect(d.context().counts).toEqual(counts(3));
    d.send({ type: 'conflicts.dismiss' });
    expect(d.context().conflicts).toEqual([]);
    d.actor.stop();
  });

  it('offline: never uploads, not even on Sync now or the timer; online again: at once', async () => {
    const d = await start(false);
    await d.resolve('loadList', list);
    expect(d.snap().value).toEqual(where('ready', 'ready', 'idle'));
    d.send({ type: 'sync.now' });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(d.calls.syncQueue).toEqual([]);
    d.send({ type: 'network.online' });
    expect(d.snap().value).toEqual(where('ready', 'ready', 'syncing'));
    d.send({ type: 'network.offline' });
    expect(d.context().online).toBe(false);
    d.actor.stop();
  });

  it('a failed upload waits 10 s; no network is not an error, a refusal says so', async () => {
    const d = await start(true);
    await d.resolve('loadList', list);
    await d.reject('syncQueue', httpError(500, null));
    expect(d.snap().value).toEqual(where('ready', 'ready', 'waiting'));
    expect([d.context().online, d.context().syncError]).toEqual([
      true,
      'Scans could not be uploaded. Retrying shortly.',
    ]);
    await vi.advanceTimersByTimeAsync(9_999);
    expect(d.calls.syncQueue).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    // Back to idle, and with scans still queued, straight into the next upload.
    expect(d.snap().value).toEqual(where('ready', 'ready', 'syncing'));
    expect(d.calls.syncQueue).toHaveLength(2);
    await d.reject('syncQueue', httpError(409, 'Scans from a revoked link were refused.'));
    expect(d.context().syncError).toBe('Scans from a revoked link were refused.');
    d.send({ type: 'sync.now' });
    expect(d.snap().value).toEqual(where('ready', 'ready', 'syncing'));
    await d.reject('syncQueue', networkError());
    expect([d.context().online, d.context().syncError]).toEqual([false, null]);
    d.send({ type: 'sync.now' });
    expect(d.snap().value).toEqual(where('ready', 'ready', 'waiting'));
    d.actor.stop();
  });
});

it('a failure is the network only when it has no HTTP status', () => {
  expect(isNetworkFailure(networkError())).toBe(true);
  expect(isNetworkFailure(httpError(0, null))).toBe(true);
  expect(isNetworkFailure(httpError(500, null))).toBe(false);
  expect(isNetworkFailure(httpError(403, 'No'))).toBe(false);
});
