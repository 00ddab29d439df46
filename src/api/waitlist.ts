import { myWaitlistResponse } from '../../contract/waitlist';
import { client, getJson, sendJson, toApiError } from './http';

/** The waiting list calls of a visitor (contract/waitlist.ts). */

export const fetchMyWaitlist = (eventId: string) =>
  getJson(`waitlist/event/${encodeURIComponent(eventId)}`, myWaitlistResponse);

export const joinWaitlist = (ticketTypeId: string, quantity: number) =>
  sendJson('post', 'waitlist', { ticketTypeId, quantity }, myWaitlistResponse);

export async function leaveWaitlist(ticketTypeId: string) {
  try {
    return myWaitlistResponse.parse(
      await (await client()).delete(`waitlist/${encodeURIComponent(ticketTypeId)}`).json(),
    );
  } catch (error) {
    throw await toApiError(error);
  }
}
