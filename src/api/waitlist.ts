import { myWaitlistResponse, organiserWaitlistResponse } from '../../contract/waitlist';
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

/** The organiser's waiting lists of an event (the event's managers only). */
const eventPath = (eventId: string) => `events/${encodeURIComponent(eventId)}/waitlist`;
export const fetchEventWaitlist = (eventId: string) => getJson(eventPath(eventId), organiserWaitlistResponse);
export const saveOfferMinutes = (eventId: string, offerMinutes: number) =>
  sendJson('put', eventPath(eventId), { offerMinutes }, organiserWaitlistResponse);
export const switchWaitlist = (eventId: string, ticketTypeId: string, enabled: boolean) =>
  sendJson(
    'put',
    `${eventPath(eventId)}/${encodeURIComponent(ticketTypeId)}`,
    { enabled },
    organiserWaitlistResponse,
  );
