import { deviceKeyResponse, ticketCheckResponse } from '../../contract/liveCodes';
import { issuedTicketResponse } from '../../contract/orders';
import { eventSavedResponse, messageOnly } from '../../contract/organiser';
import {
  changedTicketResponse,
  type NameCorrectionRequest,
  type TicketChangeSettings,
  type TransferRequest,
} from '../../contract/ticketChanges';
import { sendJson } from './http';

/** Ticket changes (decision 040): transfer, name correction, a ticket's own link, the organiser's settings. */
const ticketPath = (code: string, action: string) => `tickets/code/${encodeURIComponent(code)}/${action}`;

export const transferTicket = (code: string, to: TransferRequest) =>
  sendJson('post', ticketPath(code, 'transfer'), to, messageOnly);

export const correctTicketName = (code: string, name: NameCorrectionRequest) =>
  sendJson('post', ticketPath(code, 'name'), name, changedTicketResponse);

/** The link's secret goes in the body: it never appears in a requested URL. */
export const openSharedTicket = (token: string) =>
  sendJson('post', 'tickets/shared', { token }, issuedTicketResponse).then((r) => r.ticket);

export const claimSharedTicket = (token: string) =>
  sendJson('post', 'tickets/shared/claim', { token }, changedTicketResponse);

export const saveTicketChanges = (eventId: string, settings: TicketChangeSettings) =>
  sendJson('put', `events/${encodeURIComponent(eventId)}/ticket-changes`, settings, eventSavedResponse);

/** Live codes (decision 058): this phone's key for the ticket; a move replaces another phone's. */
export const bindPhoneKey = (code: string, publicKey: string) =>
  sendJson('put', ticketPath(code, 'device-key'), { publicKey }, deviceKeyResponse);
export const movePhoneKey = (code: string, publicKey: string) =>
  sendJson('post', ticketPath(code, 'device-key/move'), { publicKey }, deviceKeyResponse);

/** A ticket's check link (/t#check=…): the token in the body, like a share link's. */
export const checkTicket = (token: string) =>
  sendJson('post', 'tickets/check', { token }, ticketCheckResponse);
