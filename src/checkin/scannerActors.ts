import { fromPromise } from 'xstate';
import type { ScanResponse } from '../../contract/checkin';
import {
  doorScannerMachine,
  isNetworkFailure,
  type ListLoaded,
  type OfflineVerdict,
  type SyncDone,
  type UndoDone,
} from '../../machines/doorScanner.machine';
import { checkinApi } from './api';
import { countsWithQueue, judgeCode } from './offline/judge';
import {
  deviceId,
  deviceName,
  dropQueued,
  enqueueScan,
  queuedScans,
  saveList,
  storedList,
} from './offline/store';
import { createVerifier, type Verifier } from './offline/ticketCode';

/**
 * The scanner machine with its outside world for one event: the API when online, IndexedDB and the
 * signature check when not. The machine decides which to use; these only do the work.
 */
export function scannerFor(eventId: string, eventDateId: string | null = null) {
  let verifier: { x: string; verify: Verifier } | null = null;
  const verifierFor = async (x: string) => {
    if (verifier?.x !== x) verifier = { x, verify: await createVerifier(x) };
    return verifier.verify;
  };

  async function localCounts(pending?: number) {
    const list = await storedList(eventId);
    const queued = await queuedScans(eventId);
    return { counts: list ? countsWithQueue(list, queued) : null, pending: pending ?? queued.length, list };
  }

  async function downloadList(): Promise<ListLoaded> {
    const list = await checkinApi.list(eventId);
    await saveList(eventId, list);
    const local = await localCounts();
    return {
      counts: local.counts,
      pending: local.pending,
      tickets: list.tickets.length,
      generatedAt: list.generatedAt,
      eventName: list.event.eventName,
    };
  }

  return doorScannerMachine.provide({
    actors: {
      loadList: fromPromise<ListLoaded, { online: boolean }>(async ({ input }) => {
        if (input.online) {
          try {
            return await downloadList();
          } catch (error) {
            if (!isNetworkFailure(error)) throw error;
          }
        }
        // Offline (or the network failed): whatever this device stored before doors opened.
        const local = await localCounts();
        if (!local.list) throw new Error('No ticket list on this device yet. Connect once to download it.');
        return {
          counts: local.counts,
          pending: local.pending,
          tickets: local.list.tickets.length,
          generatedAt: local.list.generatedAt,
          eventName: local.list.event.eventName,
        };
      }),
      scanOnline: fromPromise<ScanResponse, { code: string }>(async ({ input }) => {
        const [id, name] = await Promise.all([deviceId(), deviceName()]);
        return checkinApi.scan(eventId, {
          code: input.code,
          deviceId: id,
          ...(name ? { device: name } : {}),
          ...(eventDateId ? { eventDateId } : {}),
        });
      }),
      judgeOffline: fromPromise<OfflineVerdict, { code: string }>(async ({ input }) => {
        const list = await storedList(eventId);
        if (!list) throw new Error('No ticket list on this device: it cannot check tickets offline.');
        const queued = await queuedScans(eventId);
        const judged = await judgeCode({
          code: input.code,
          eventId,
          list,
          queued,
          verify: await verifierFor(list.publicKey.jwk.x),
          eventDateId,
          now: Date.now(),
        });
        let nonce: string | undefined;
        if (judged.admit) {
          nonce = crypto.randomUUID();
          await enqueueScan({
            nonce,
            eventId,
            code: input.code,
            ticketId: judged.admit.ticketId,
            ticketTypeId: judged.admit.ticketTypeId,
            scannedAt: new Date().toISOString(),
            eventDateId,
          });
        }
        const local = await localCounts();
        return {
          outcome: { ...judged.outcome, ...(nonce ? { nonce } : {}) },
          counts: local.counts,
          pending: local.pending,
        };
      }),
      undoCheckin: fromPromise<UndoDone, { code: string; nonce: string | null; online: boolean }>(
        async ({ input }) => {
          const queued = input.nonce
            ? (await queuedScans(eventId)).find((q) => q.nonce === input.nonce)
            : undefined;
          if (queued) {
            // Never reached the server: dropping it from the queue is the whole undo.
            await dropQueued([queued.nonce]);
            const local = await localCounts();
            return {
              counts: local.counts,
              pending: local.pending,
              message: 'Check-in undone on this device.',
            };
          }
          const undone = await checkinApi.undo(eventId, input.code);
          const local = await localCounts();
          return { counts: undone.counts, pending: local.pending, message: undone.message };
        },
      ),
      syncQueue: fromPromise<SyncDone, undefined>(async () => {
        const [id, name, queued] = await Promise.all([deviceId(), deviceName(), queuedScans(eventId)]);
        const sent = queued.slice(0, 500);
        const answer = await checkinApi.sync(eventId, {
          deviceId: id,
          ...(name ? { device: name } : {}),
          scans: sent.map((q) => ({
            nonce: q.nonce,
            code: q.code,
            scannedAt: q.scannedAt,
            ...(q.eventDateId ? { eventDateId: q.eventDateId } : {}),
          })),
        });
        await dropQueued(answer.results.map((r) => r.nonce));
        // A fresh list keeps offline judging right (new sales, other gates' check-ins, revocations).
        try {
          await downloadList();
        } catch {
          // The upload went through; the list can wait for the next sync.
        }
        const pending = (await queuedScans(eventId)).length;
        return { pending, counts: answer.counts, conflicts: answer.conflicts };
      }),
    },
  });
}
