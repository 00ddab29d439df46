import type { AnySnap } from '../../../test/model/graph';
import { arrive, entryFlow, open } from './checkout/entry';
import { loadDone, ticks } from './checkout/model';

/** The checkout's contact and selection steps reloaded with a live hold; see checkout/entry.ts. */

/** A reload of a step with a live hold: it resumes there, and the hold can still run out. */
function reloadEvents(s: AnySnap): readonly AnySnap[] {
  if (s.matches({ flow: 'loading' })) return [loadDone({})];
  if (s.matches({ flow: 'selection' }) || s.matches({ flow: 'contact' })) return ticks(s);
  return [];
}

export const checkoutReloadContactFlow = entryFlow({
  name: 'checkoutReloadContact',
  input: { eventId: 'event', orderId: 'order', step: 'contact' },
  events: reloadEvents,
  start: async (world) => {
    await arrive(world, 'contact');
    await open(world, '/get-tickets/contact');
  },
});

export const checkoutReloadSelectionFlow = entryFlow({
  name: 'checkoutReloadSelection',
  input: { eventId: 'event', orderId: 'order', step: 'selection' },
  events: reloadEvents,
  start: async (world) => {
    await arrive(world, 'selection');
    await open(world, `/get-tickets/${world.data.eventId}`);
  },
});
