import {
  type AccessCodeRequest,
  accessCodeListResponse,
  accessCodeSavedResponse,
} from '../../contract/accessCodes';
import { cashUpResponse } from '../../contract/boxOffice';
import { type DiscountRequest, discountListResponse, discountSavedResponse } from '../../contract/discounts';
import { eventList, type FeeMode } from '../../contract/events';
import {
  type EventDetailsRequest,
  eventSavedResponse,
  type GuestlistQuery,
  guestlistResponse,
  imageUploadResponse,
  manageEventResponse,
  messageOnly,
  salesResponse,
} from '../../contract/organiser';
import {
  banksResponse,
  payoutAccountResponse,
  payoutAccountSavedResponse,
  resolveResponse,
} from '../../contract/payouts';
import { type RefundRequest, refundQuote, refundResponse } from '../../contract/refunds';
import { type CreateTicketRequest, ticketSavedResponse } from '../../contract/tickets';
import { client, getJson, sendJson, toApiError } from './http';

/** Every organiser call (decision 010; contract/organiser.ts, tickets.ts, payouts.ts). All need the token. */
const id = encodeURIComponent;

export const fetchMyEvents = (userId: string) => getJson(`events/user/${id(userId)}`, eventList);

export const fetchManagedEvent = (eventId: string) =>
  getJson(`events/${id(eventId)}/manage`, manageEventResponse);

export const createEvent = (body: EventDetailsRequest) =>
  sendJson('post', 'events/create', body, eventSavedResponse);

export const updateEvent = (eventId: string, body: EventDetailsRequest) =>
  sendJson('put', `events/${id(eventId)}`, body, eventSavedResponse);

export const publishEvent = (eventId: string, publish: boolean) =>
  sendJson(
    'post',
    `events/${id(eventId)}/${publish ? 'publish' : 'unpublish'}`,
    undefined,
    eventSavedResponse,
  );

export const setSalesLive = (eventId: string, live: boolean) =>
  sendJson('post', `events/${id(eventId)}/sales`, { live }, eventSavedResponse);

export const saveTicketEmailMessage = (eventId: string, ticketEmailMessage: string) =>
  sendJson('put', `events/${id(eventId)}/ticket-email`, { ticketEmailMessage }, eventSavedResponse);

/** Who pays the service fee (decision 066). */
export const saveFeeMode = (eventId: string, feeMode: FeeMode) =>
  sendJson('put', `events/${id(eventId)}/fee-mode`, { feeMode }, eventSavedResponse);

export const sendTestEmail = (eventId: string, email: string) =>
  sendJson('post', `events/${id(eventId)}/test-email`, { email }, messageOnly);

export const duplicateEvent = (eventId: string) =>
  sendJson('post', `events/${id(eventId)}/duplicate`, undefined, eventSavedResponse);

async function putMultipart<T>(path: string, form: FormData, parse: (v: unknown) => T): Promise<T> {
  try {
    return parse(await (await client()).put(path, { body: form, timeout: 60_000, retry: 0 }).json());
  } catch (error) {
    throw await toApiError(error);
  }
}

/** Poster upload (multipart `eventImage`); `publish` decides whether the event goes live with it. */
export function uploadPoster(eventId: string, file: File, publish: boolean) {
  const form = new FormData();
  form.append('publish', publish ? 'true' : 'false');
  form.append('eventImage', file);
  return putMultipart(`events/update-image/${id(eventId)}`, form, (v) => imageUploadResponse.parse(v));
}

/** The guestlist's query string: only the filters that are set. */
const guestlistSearch = ({ q, checkin }: GuestlistQuery) => ({
  searchParams: { ...(q ? { q } : {}), ...(checkin ? { checkin } : {}) },
});

export const fetchGuestlist = (eventId: string, filter: GuestlistQuery) =>
  getJson(`events/${id(eventId)}/guestlist`, guestlistResponse, guestlistSearch(filter));

/** The CSV export as a blob: a plain link could not carry the bearer token. */
export async function fetchGuestlistCsv(eventId: string, filter: GuestlistQuery): Promise<Blob> {
  try {
    return await (await client()).get(`events/${id(eventId)}/guestlist.csv`, guestlistSearch(filter)).blob();
  } catch (error) {
    throw await toApiError(error);
  }
}

export const fetchSales = (eventId: string) => getJson(`events/${id(eventId)}/sales`, salesResponse);

/** The door's cash-up (decision 062): owner and finance. */
export const fetchCashUp = (eventId: string) => getJson(`events/${id(eventId)}/cash-up`, cashUpResponse);

export async function fetchCashUpCsv(eventId: string): Promise<Blob> {
  try {
    return await (await client()).get(`events/${id(eventId)}/cash-up.csv`).blob();
  } catch (error) {
    throw await toApiError(error);
  }
}

/* ---------- Ticket types ---------- */

export function saveTicket({ ticketId, body }: { ticketId: string | null; body: CreateTicketRequest }) {
  if (ticketId === null)
    return sendJson('post', 'tickets/create', body, ticketSavedResponse).then((r) => r.ticket);
  const { eventId: _eventId, ...update } = body;
  return sendJson('put', `tickets/${id(ticketId)}`, update, ticketSavedResponse).then((r) => r.ticket);
}

export const deleteTicket = (ticketId: string) =>
  sendJson('delete', `tickets/${id(ticketId)}`, undefined, messageOnly);

export function uploadTicketImage(ticketId: string, file: File) {
  const form = new FormData();
  form.append('ticketImage', file);
  return putMultipart(
    `tickets/update-image/${id(ticketId)}`,
    form,
    (v) => ticketSavedResponse.parse(v).ticket,
  );
}

/* ---------- Banks and the payout account ---------- */

export const fetchBanks = () => getJson('payments/banks', banksResponse);

export const resolveAccount = ({ bankCode, accountNumber }: { bankCode: string; accountNumber: string }) =>
  getJson('payments/resolve', resolveResponse, {
    searchParams: { account_number: accountNumber, bank_code: bankCode },
  });

/** The caller's own payout account; with `eventId`, the account that event's money goes to (its owner's). */
export const fetchPayoutAccount = (eventId?: string) =>
  getJson(
    'payments/payout-account',
    payoutAccountResponse,
    eventId ? { searchParams: { eventId } } : undefined,
  );

export const savePayoutAccount = (body: { bank: string; accountNumber: string; password: string }) =>
  sendJson('put', 'payments/payout-account', body, payoutAccountSavedResponse);

/* ---------- Refunds (decision 044) ---------- */

export const refundOrder = ({ orderId, body }: { orderId: string; body: RefundRequest }) =>
  sendJson('post', `orders/${id(orderId)}/refunds`, body, refundResponse).then((r) => r.refund);

/** What refunding these seats gives back, by the server's rule (decision 055); nothing is written. */
export const quoteRefund = (orderId: string, tickets: string[]) =>
  sendJson('post', `orders/${id(orderId)}/refunds/quote`, { tickets }, refundQuote);

/* ---------- Discount codes ---------- */

export const fetchDiscounts = (eventId: string) =>
  getJson(`events/${id(eventId)}/discounts`, discountListResponse).then((r) => r.discounts);

export function saveDiscount({
  eventId,
  discountId,
  body,
}: {
  eventId: string;
  discountId: string | null;
  body: DiscountRequest;
}) {
  return discountId
    ? sendJson('put', `events/${id(eventId)}/discounts/${id(discountId)}`, body, discountSavedResponse)
    : sendJson('post', `events/${id(eventId)}/discounts`, body, discountSavedResponse);
}

export const deleteDiscount = ({ eventId, discountId }: { eventId: string; discountId: string }) =>
  sendJson('delete', `events/${id(eventId)}/discounts/${id(discountId)}`, undefined, messageOnly);

/* ---------- Access codes (decision 036) ---------- */

export const fetchAccessCodes = (eventId: string) =>
  getJson(`events/${id(eventId)}/access-codes`, accessCodeListResponse).then((r) => r.accessCodes);

export const createAccessCode = ({ eventId, body }: { eventId: string; body: AccessCodeRequest }) =>
  sendJson('post', `events/${id(eventId)}/access-codes`, body, accessCodeSavedResponse).then(
    (r) => r.accessCode,
  );

export const deleteAccessCode = ({ eventId, accessCodeId }: { eventId: string; accessCodeId: string }) =>
  sendJson(
    'delete',
    `events/${id(eventId)}/access-codes/${id(accessCodeId)}`,
    undefined,
    accessCodeListResponse,
  ).then((r) => r.accessCodes);
