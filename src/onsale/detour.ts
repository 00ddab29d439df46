import { fetchRoom } from '../api/onsale';
import { livePass } from './passStore';

/**
 * Whether Get Tickets must go through the waiting room first (decision 059): the room is on and no
 * live pass for the event is kept on this device. A failed look-up never blocks the checkout; the
 * server still refuses an order without a pass, with a message that says where to go.
 */
export async function onsaleDetour(eventId: string): Promise<boolean> {
  if (livePass(eventId)) return false;
  try {
    const room = await fetchRoom(eventId);
    return room.on && !room.soldOut;
  } catch {
    return false;
  }
}
