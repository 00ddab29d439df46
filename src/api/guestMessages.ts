import {
  type GuestMessageDraft,
  guestMessagePreview,
  guestMessageSummary,
  guestMessagesResponse,
  guestMessageTestSent,
  latestGuestMessage,
  unsubscribedResponse,
} from '../../contract/guestMessages';
import { getJson, sendJson } from './http';

/** Messages to an event's guests (contract/guestMessages.ts, decision 063). */
const id = encodeURIComponent;
type Draft = { eventId: string; body: GuestMessageDraft };

export const fetchGuestMessages = ({ eventId }: { eventId: string }) =>
  getJson(`events/${id(eventId)}/messages`, guestMessagesResponse);

export const previewGuestMessage = ({ eventId, body }: Draft) =>
  sendJson('post', `events/${id(eventId)}/messages/preview`, body, guestMessagePreview);

export const sendTestGuestMessage = ({ eventId, body }: Draft) =>
  sendJson('post', `events/${id(eventId)}/messages/test`, body, guestMessageTestSent);

export const sendGuestMessage = ({ eventId, body }: Draft) =>
  sendJson('post', `events/${id(eventId)}/messages`, body, guestMessageSummary);

/** The latest message that reached a ticket, by its code or share token (in the body, not the URL). */
export const fetchTicketMessage = (key: string) =>
  sendJson('post', 'guest-messages/for-ticket', { key }, latestGuestMessage);

/** Stops an event's organiser messages to the address a link is for (decision 070; token in the body). */
export const unsubscribeFromMessages = (token: string) =>
  sendJson('post', 'guest-messages/unsubscribe', { token }, unsubscribedResponse);
