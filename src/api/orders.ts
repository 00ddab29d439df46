import { type Event, event as eventSchema } from '../../contract/events';
import {
  type IssuedTicketResponse,
  issuedTicketResponse,
  myTicketsResponse,
  type Order,
  orderResponse,
  payResponse,
  testPaymentDecisionResponse,
  testPaymentResponse,
} from '../../contract/orders';
import { messageOnly } from '../../contract/organiser';
import type { CheckoutLoad, OrderWithClock } from '../../machines/checkout.machine';
import { withPass } from '../onsale/passStore';
import { referralCodes } from '../promoters/referral';
import { fetchEventTickets } from './events';
import { ApiError, client, getJson, sendJson, toApiError } from './http';
import { fetchCheckoutQuestions } from './questions';

/**
 * Checkout calls (contract/orders.ts). Each order answer comes with the seconds its hold has left,
 * measured against the server's own clock (the response's Date header), so a phone whose clock is
 * a few minutes off still counts down to the real deadline.
 */

function secondsLeft(order: Order, serverNow: number): number {
  if (order.status !== 'reserved') return 0;
  return Math.max(0, Math.floor((Date.parse(order.expiresAt) - serverNow) / 1000));
}

async function orderCall(
  method: 'get' | 'post' | 'put' | 'delete',
  path: string,
  body?: unknown,
): Promise<OrderWithClock> {
  try {
    const response = await (await client())[method](path, body === undefined ? {} : { json: body });
    const { order } = orderResponse.parse(await response.json());
    const date = Date.parse(response.headers.get('date') ?? '');
    return { order, secondsLeft: secondsLeft(order, Number.isFinite(date) ? date : Date.now()) };
  } catch (error) {
    throw await toApiError(error);
  }
}

const orderPath = (orderId: string, rest = '') => `orders/${encodeURIComponent(orderId)}${rest}`;

export const fetchOrder = (orderId: string) => orderCall('get', orderPath(orderId));
export const verifyOrder = (orderId: string) => orderCall('post', orderPath(orderId, '/verify'), {});
// With the waiting room's pass for the event when one is kept (decision 059).
export const reserveOrder = (body: unknown) => orderCall('post', 'orders', withPass(body));
export const applyDiscount = (orderId: string, code: string) =>
  orderCall('post', orderPath(orderId, '/discount'), { code });
export const removeDiscount = (orderId: string) => orderCall('delete', orderPath(orderId, '/discount'));
// With the promoter links this browser holds (decision 064): the order's event's one is attributed.
export const payOrder = (orderId: string, emailUpdates: boolean) => {
  const refs = referralCodes();
  return sendJson(
    'post',
    orderPath(orderId, '/pay'),
    { acceptTerms: true, emailUpdates, ...(refs.length > 0 ? { refs } : {}) },
    payResponse,
  );
};

/**
 * Everything a checkout step needs: the order (verified with the provider on /orders/{id}), its event
 * and the event's ticket types. An order this account cannot see is ignored when the event is known
 * (the checkout starts again), and an error otherwise.
 */
export async function loadCheckout(input: {
  eventId: string | null;
  orderId: string | null;
  verify: boolean;
  accessCode?: string;
}): Promise<CheckoutLoad> {
  let held: OrderWithClock | null = null;
  if (input.orderId) {
    try {
      held = await (input.verify ? verifyOrder(input.orderId) : fetchOrder(input.orderId));
    } catch (error) {
      const gone = error instanceof ApiError && (error.status === 404 || error.status === 403);
      if (!(gone && input.eventId)) throw error;
    }
  }
  const eventId = held?.order.event._id ?? input.eventId;
  if (!eventId) throw new ApiError('No checkout in progress', 404, null);
  const [event, tickets, questions] = await Promise.all([
    getJson(`events/${encodeURIComponent(eventId)}`, eventSchema) as Promise<Event>,
    fetchEventTickets(eventId, input.accessCode),
    fetchCheckoutQuestions(eventId),
  ]);
  return {
    event,
    tickets,
    questions,
    order: held?.order ?? null,
    secondsLeft: held?.secondsLeft ?? 0,
    now: Date.now(),
  };
}

export const fetchMyTickets = () => getJson('tickets/mine', myTicketsResponse);
/**
 * A ticket and when the server answered. Without a network the service worker answers with the copy
 * it kept (decision 041); a ticket never opened on its own is then found in the kept My Tickets.
 */
export async function fetchTicket(code: string): Promise<IssuedTicketResponse> {
  try {
    return await getJson(`tickets/code/${encodeURIComponent(code)}`, issuedTicketResponse);
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 0) throw error;
    const mine = await fetchMyTickets().catch(() => null);
    const ticket = mine ? [...mine.upcoming, ...mine.past].find((t) => t.code === code) : undefined;
    if (!mine || !ticket) throw error;
    return { ticket, generatedAt: mine.generatedAt };
  }
}

/** The ticket's PDF needs the bearer token, so it is fetched and handed to the browser as a file. */
export async function downloadTicketPdf(code: string, fileName: string) {
  try {
    const blob = await (await client()).get(`tickets/code/${encodeURIComponent(code)}/pdf`).blob();
    const url = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = url;
    link.download = fileName;
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  } catch (error) {
    throw await toApiError(error);
  }
}

export const fetchTestPayment = (reference: string) =>
  getJson(`payments/test/${encodeURIComponent(reference)}`, testPaymentResponse);
export const decideTestPayment = (reference: string, decision: 'approve' | 'decline') =>
  sendJson(
    'post',
    `payments/test/${encodeURIComponent(reference)}/${decision}`,
    {},
    testPaymentDecisionResponse,
  );

/* ---------- Self-service on a buyer's own order ---------- */

export const resendOrderTickets = (orderId: string) =>
  sendJson('post', orderPath(orderId, '/resend'), undefined, messageOnly);
export const giveBackOrder = (orderId: string) =>
  sendJson('post', orderPath(orderId, '/give-back'), undefined, orderResponse);
