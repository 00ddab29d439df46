import { fromPromise } from 'xstate';
import { isNetworkFailure } from '../../machines/doorScanner.machine';
import { type FoundGuests, guestSearchMachine } from '../../machines/guestSearch.machine';
import { checkinApi } from './api';
import { searchOnDevice } from './offline/searchOnDevice';
import { queuedScans, storedList } from './offline/store';

/**
 * The guest search for one event's door: the server's guest list while online (it knows sales made
 * after the list was downloaded), this device's downloaded list when the network is not there.
 */
export function guestSearchFor(eventId: string) {
  async function onDevice(query: string): Promise<FoundGuests> {
    const list = await storedList(eventId);
    if (!list) {
      const message = 'No guest list on this device yet: connect once to download it.';
      // Said to staff as it is, like a server's refusal (the machine shows `serverMessage`).
      throw Object.assign(new Error(message), { serverMessage: message });
    }
    return searchOnDevice(query, list, await queuedScans(eventId));
  }
  return guestSearchMachine.provide({
    actors: {
      findGuests: fromPromise<FoundGuests, { query: string }>(async ({ input }) => {
        if (!navigator.onLine) return onDevice(input.query);
        try {
          return { ...(await checkinApi.search(eventId, input.query)), source: 'server' };
        } catch (error) {
          if (isNetworkFailure(error)) return onDevice(input.query);
          throw error;
        }
      }),
    },
  });
}
