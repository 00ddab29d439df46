import { fromPromise } from 'xstate';
import { boxOfficeSyncResponse, type DoorSale, type SaleDraft, saleDraft } from '../../../contract/boxOffice';
import type { Synced, Till } from '../../../machines/boxOffice.machine';
import { call, client } from '../api';
import { deviceId, deviceName } from '../offline/store';
import { dropSales, queuedSales, queueSale, saveTill, storedTill } from './store';

/**
 * The Sell flow's actors for one event on this device (machines/boxOffice.machine.ts). The device's
 * id is the scanner's (one device, one id), so its sales and scans are named alike in the cash-up.
 */
export function boxOfficeActors(eventId: string) {
  const till = async (): Promise<Till> => {
    const [stored, queued] = await Promise.all([storedTill(eventId), queuedSales(eventId)]);
    return { types: stored.types, allowances: stored.allowances, queued: queued.length };
  };
  return {
    loadTill: fromPromise<Till>(till),
    syncTill: fromPromise<Synced>(async () => {
      const [id, name, sales] = await Promise.all([deviceId(), deviceName(), queuedSales(eventId)]);
      const answer = await call(boxOfficeSyncResponse, () =>
        client(eventId)
          .post(`checkin/${eventId}/box-office/sync`, {
            json: { deviceId: id, ...(name ? { device: name } : {}), sales },
            retry: 0,
            timeout: 20_000,
          })
          .json(),
      );
      // Every sale the server answered for is settled (recorded, already there, or refused: the
      // screen shows a refusal); none is sent again.
      await dropSales(answer.results.map((r) => r.id));
      await saveTill(eventId, answer.types, answer.allowances);
      return { ...(await till()), results: answer.results };
    }),
    saveSale: fromPromise<Till & { sale: DoorSale }, { draft: SaleDraft }>(async ({ input }) => {
      const parsed = saleDraft.parse(input.draft);
      const sale: DoorSale = { ...parsed, id: crypto.randomUUID(), soldAt: new Date().toISOString() };
      await queueSale(eventId, sale);
      return { ...(await till()), sale };
    }),
    closeTill: fromPromise<Till>(async () => {
      const id = await deviceId();
      const answer = await call(boxOfficeSyncResponse, () =>
        client(eventId)
          .post(`checkin/${eventId}/box-office/release`, {
            json: { deviceId: id },
            retry: 0,
            timeout: 20_000,
          })
          .json(),
      );
      await saveTill(eventId, answer.types, []);
      return till();
    }),
  };
}
