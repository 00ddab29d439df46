import { assign, enqueueActions, fromPromise, raise, setup } from 'xstate';
import type { Event } from '../contract/events';
import { COUNTRY_CODES, type Order, type PayResponse } from '../contract/orders';
import type { Ticket } from '../contract/tickets';
import {
  type AttendeeValues,
  attendeeRows,
  attendeesFrom,
  buyerFromContact,
  type ContactValues,
  contactErrors,
  emptyContact,
} from './checkout/contact';
import { type Resume, resumeAt, type Step } from './checkout/resume';
import { clampQuantities, type Quantities, totalQuantity } from './checkout/selection';
import { type FieldErrors, hasErrors, messageOr, statusOf } from './lib/form';

/**
 * The whole checkout (issue 8, spec §2/§4): choose tickets → contact → payment → confirmation.
 * The routes render its states; the URL follows the machine, never the other way round.
 *
 * Two regions run side by side:
 * - `flow`: the steps, the server calls and their outcomes;
 * - `hold`: the reservation's countdown. The server owns the deadline (`expiresAt`); the page's
 *   actors turn it into `secondsLeft` once per answer and the machine counts down a second at a time
 *   (a `delays` step, so tests run it on a simulated clock). Reaching 0 raises `hold.ended`.
 */

/** What every load or verify answers: the event, its ticket types and the order when there is one. */
export type CheckoutLoad = {
  event: Event;
  tickets: Ticket[];
  order: Order | null;
  secondsLeft: number;
  /** When the answer arrived (ms): what is on sale is judged at this time. */
  now: number;
};
/** An order answer with the seconds its hold has left, measured by the page when it arrived. */
export type OrderWithClock = { order: Order; secondsLeft: number };

export type CheckoutInput = {
  eventId?: string | null;
  orderId?: string | null;
  /** The step whose URL was opened: where a reload resumes. */
  step: Step;
  quantities?: Quantities;
  /** The signed-in user, to prefill the buyer's name and email. */
  buyer?: Partial<ContactValues>;
};

type Context = {
  eventId: string | null;
  orderId: string | null;
  requested: Step;
  event: Event | null;
  loadedAt: number;
  tickets: Ticket[];
  quantities: Quantities;
  contact: ContactValues;
  sendToOthers: boolean;
  attendees: AttendeeValues[];
  contactErrors: FieldErrors;
  contactSubmitted: boolean;
  order: Order | null;
  secondsLeft: number;
  discountCode: string;
  discountError: string | null;
  discountNotice: string | null;
  acceptTerms: boolean;
  emailUpdates: boolean;
  termsError: string | null;
  error: string | null;
};

type ContactField = keyof Omit<ContactValues, 'countryCode'> | 'countryCode';
type AttendeeField = 'firstName' | 'lastName' | 'email' | 'confirmEmail';

type Events =
  | { type: 'load.retry' }
  | { type: 'quantity.change'; ticketId: string; quantity: number }
  | { type: 'selection.proceed' }
  | { type: 'contact.change'; field: ContactField; value: string }
  | { type: 'contact.sendToOthers'; value: boolean }
  | { type: 'attendee.change'; index: number; field: AttendeeField; value: string }
  | { type: 'contact.submit' }
  | { type: 'step.back'; to: 'selection' | 'contact' }
  | { type: 'discount.change'; code: string }
  | { type: 'discount.apply' }
  | { type: 'discount.remove' }
  | { type: 'terms.change'; accepted: boolean }
  | { type: 'updates.change'; accepted: boolean }
  | { type: 'payment.submit' }
  | { type: 'payment.retry' }
  | { type: 'checkout.restart' }
  | { type: 'hold.start' }
  | { type: 'hold.stop' }
  | { type: 'hold.ended' };

/** A load or verify answer from a done event, read by shape (its type is not in `Events`). */
const loaded = (event: unknown) => (event as { output: CheckoutLoad }).output;
const withClock = (event: unknown) => (event as { output: OrderWithClock }).output;

/** The `remember` action with what a reload needs. */
const rememberCheckout = {
  type: 'remember',
  params: ({ context }: { context: Context }) => ({
    eventId: context.eventId,
    orderId: context.orderId,
    quantities: context.quantities,
  }),
} as const;

function loadedParts(out: CheckoutLoad) {
  return {
    event: out.event,
    eventId: out.event._id,
    tickets: out.tickets,
    loadedAt: out.now,
    order: out.order,
    orderId: out.order?._id ?? null,
    secondsLeft: out.secondsLeft,
  };
}

/** A resumed order brings back what the buyer had entered. */
function fromOrder(order: Order, tickets: readonly Ticket[]) {
  const quantities: Quantities = {};
  for (const item of order.items) quantities[item.ticketId] = item.quantity;
  const countryCode = COUNTRY_CODES.find((c) => order.buyer.phone.startsWith(c)) ?? COUNTRY_CODES[0];
  const name = (ticketId: string) => tickets.find((t) => t._id === ticketId)?.ticketName ?? 'Ticket';
  return {
    quantities,
    contact: {
      firstName: order.buyer.firstName,
      lastName: order.buyer.lastName,
      email: order.buyer.email,
      confirmEmail: order.buyer.email,
      countryCode,
      phone: order.buyer.phone.slice(countryCode.length),
    },
    sendToOthers: order.attendees.length > 0,
    attendees: order.attendees.map((a) => ({
      ticketId: a.ticketId,
      ticketName: name(a.ticketId),
      firstName: a.firstName,
      lastName: a.lastName,
      email: a.email,
      confirmEmail: a.email,
    })),
    emailUpdates: order.emailUpdates,
  };
}

export const HOLD_ENDED_MESSAGE = 'Your reservation has ended and the tickets were released.';

export const checkoutMachine = setup({
  types: {
    input: {} as CheckoutInput,
    context: {} as Context,
    events: {} as Events,
  },
  actors: {
    // GET the order (or POST verify it when `verify`), then the event and its ticket types.
    loadCheckout: fromPromise<
      CheckoutLoad,
      { eventId: string | null; orderId: string | null; verify: boolean }
    >(async () => {
      throw new Error('loadCheckout is not provided');
    }),
    // POST /api/orders: reserves, or replaces this buyer's live hold keeping its deadline.
    reserveOrder: fromPromise<
      OrderWithClock,
      {
        eventId: string;
        items: Quantities;
        buyer: ReturnType<typeof buyerFromContact>;
        attendees?: ReturnType<typeof attendeesFrom>;
      }
    >(async () => {
      throw new Error('reserveOrder is not provided');
    }),
    applyDiscount: fromPromise<OrderWithClock, { orderId: string; code: string }>(async () => {
      throw new Error('applyDiscount is not provided');
    }),
    removeDiscount: fromPromise<OrderWithClock, { orderId: string }>(async () => {
      throw new Error('removeDiscount is not provided');
    }),
    payOrder: fromPromise<PayResponse, { orderId: string; emailUpdates: boolean }>(async () => {
      throw new Error('payOrder is not provided');
    }),
    // POST /api/orders/:id/verify: asks the provider where the payment stands.
    verifyOrder: fromPromise<OrderWithClock, { orderId: string }>(async () => {
      throw new Error('verifyOrder is not provided');
    }),
  },
  actions: {
    /** Keeps the checkout in sessionStorage so a reload resumes it. */
    remember: (_, _params: { eventId: string | null; orderId: string | null; quantities: Quantities }) => {},
    /** Sends the browser to the payment provider's page. */
    goToProvider: (_, _params: { url: string }) => {},
    startHold: raise({ type: 'hold.start' }),
    takeLoad: assign(({ context, event }) => {
      const out = loaded(event);
      return {
        ...loadedParts(out),
        ...(out.order ? fromOrder(out.order, out.tickets) : {}),
        requested: context.requested,
      };
    }),
    takeFreshLoad: assign(({ context, event }) => {
      const out = loaded(event);
      return {
        ...loadedParts(out),
        order: null,
        orderId: null,
        quantities: clampQuantities(context.quantities, out.tickets, out.event, out.now),
      };
    }),
    takeOrder: enqueueActions(({ enqueue, event }) => {
      const out = withClock(event);
      enqueue.assign({ order: out.order, secondsLeft: out.secondsLeft });
      if (out.order.status === 'reserved' && out.secondsLeft > 0) enqueue.raise({ type: 'hold.start' });
    }),
  },
  delays: { second: 1000, poll: 2000 },
  guards: {
    resumesAt: ({ context, event }, params: { at: Resume }) => {
      const out = loaded(event);
      return resumeAt(out.order, out.secondsLeft, context.requested) === params.at;
    },
    verifiedAs: ({ event }, params: { at: Resume }) => {
      const out = withClock(event);
      return resumeAt(out.order, out.secondsLeft, 'confirmation') === params.at;
    },
    hasQuantity: ({ context }) => totalQuantity(context.quantities) > 0,
    contactValid: ({ context }) =>
      !hasErrors(contactErrors(context.contact, context.sendToOthers, context.attendees)),
    codeEntered: ({ context }) => context.discountCode.trim().length > 0,
    hasDiscount: ({ context }) => context.order?.discountCode != null,
    termsAccepted: ({ context }) => context.acceptTerms,
    paidAtOnce: ({ event }) => {
      const out = (event as unknown as { output: PayResponse }).output;
      return 'order' in out && out.order.status === 'paid';
    },
    orderMoved: ({ event }) => statusOf((event as unknown as { error: unknown }).error) === 409,
    backToSelection: ({ event }) => event.type === 'step.back' && event.to === 'selection',
    moreThanOneSecond: ({ context }) => context.secondsLeft > 1,
    holdOver: ({ context }) => context.secondsLeft <= 0,
  },
}).createMachine({
  id: 'checkout',
  type: 'parallel',
  context: ({ input }) => ({
    eventId: input.eventId ?? null,
    orderId: input.orderId ?? null,
    requested: input.step,
    event: null,
    loadedAt: 0,
    tickets: [],
    quantities: input.quantities ?? {},
    contact: emptyContact(input.buyer),
    sendToOthers: false,
    attendees: [],
    contactErrors: {},
    contactSubmitted: false,
    order: null,
    secondsLeft: 0,
    discountCode: '',
    discountError: null,
    discountNotice: null,
    acceptTerms: false,
    emailUpdates: false,
    termsError: null,
    error: null,
  }),
  states: {
    flow: {
      initial: 'loading',
      states: {
        loading: {
          entry: assign({ error: null }),
          invoke: {
            id: 'loadCheckout',
            src: 'loadCheckout',
            input: ({ context }) => ({
              eventId: context.eventId,
              orderId: context.orderId,
              verify: context.requested === 'confirmation',
            }),
            onDone: [
              {
                guard: { type: 'resumesAt', params: { at: 'confirmed' } },
                target: 'confirmed',
                actions: 'takeLoad',
              },
              {
                guard: { type: 'resumesAt', params: { at: 'expired' } },
                target: 'expired',
                actions: 'takeLoad',
              },
              { guard: { type: 'resumesAt', params: { at: 'ended' } }, target: 'ended', actions: 'takeLoad' },
              {
                guard: { type: 'resumesAt', params: { at: 'processing' } },
                target: 'processing',
                actions: 'takeLoad',
              },
              {
                guard: { type: 'resumesAt', params: { at: 'failed' } },
                target: 'failed',
                actions: ['takeLoad', 'startHold'],
              },
              {
                guard: { type: 'resumesAt', params: { at: 'payment' } },
                target: 'payment',
                actions: ['takeLoad', 'startHold'],
              },
              {
                guard: { type: 'resumesAt', params: { at: 'contact' } },
                target: 'contact',
                actions: ['takeLoad', 'startHold'],
              },
              {
                guard: { type: 'resumesAt', params: { at: 'selection' } },
                target: 'selection',
                actions: ['takeLoad', 'startHold'],
              },
              // No order (or one that is over): a new selection of this event.
              { target: 'selection', actions: ['takeFreshLoad', rememberCheckout] },
            ],
            onError: {
              target: 'loadFailed',
              actions: assign({
                error: ({ event }) =>
                  statusOf(event.error) === 404
                    ? 'This order or event could not be found.'
                    : statusOf(event.error) === 403
                      ? 'This order belongs to another account.'
                      : messageOr(event.error, 'Failed to load your checkout. Please try again.'),
              }),
            },
          },
        },
        loadFailed: {
          on: { 'load.retry': { target: 'loading' } },
        },
        selection: {
          entry: assign({ requested: 'selection' }),
          on: {
            'quantity.change': {
              actions: [
                assign({
                  quantities: ({ context, event }) => {
                    const next = { ...context.quantities };
                    if (event.quantity > 0) next[event.ticketId] = event.quantity;
                    else delete next[event.ticketId];
                    return next;
                  },
                  error: null,
                }),
                rememberCheckout,
              ],
            },
            'selection.proceed': {
              guard: 'hasQuantity',
              target: 'contact',
              actions: assign({
                attendees: ({ context }) =>
                  attendeeRows(context.tickets, context.quantities, context.attendees),
              }),
            },
            'hold.ended': { target: 'expired' },
          },
        },
        contact: {
          entry: assign({ requested: 'contact' }),
          on: {
            'contact.change': {
              actions: assign(({ context, event }) => {
                const contact = { ...context.contact, [event.field]: event.value };
                return {
                  contact,
                  contactErrors: context.contactSubmitted
                    ? contactErrors(contact, context.sendToOthers, context.attendees)
                    : context.contactErrors,
                };
              }),
            },
            'contact.sendToOthers': {
              actions: assign(({ context, event }) => ({
                sendToOthers: event.value,
                contactErrors: context.contactSubmitted
                  ? contactErrors(context.contact, event.value, context.attendees)
                  : context.contactErrors,
              })),
            },
            'attendee.change': {
              actions: assign(({ context, event }) => {
                const attendees = context.attendees.map((a, i) =>
                  i === event.index ? { ...a, [event.field]: event.value } : a,
                );
                return {
                  attendees,
                  contactErrors: context.contactSubmitted
                    ? contactErrors(context.contact, context.sendToOthers, attendees)
                    : context.contactErrors,
                };
              }),
            },
            'contact.submit': [
              {
                guard: 'contactValid',
                target: 'reserving',
                actions: assign({ contactErrors: {}, contactSubmitted: true, error: null }),
              },
              {
                actions: assign(({ context }) => ({
                  contactSubmitted: true,
                  contactErrors: contactErrors(context.contact, context.sendToOthers, context.attendees),
                })),
              },
            ],
            'step.back': { target: 'selection', actions: assign({ error: null }) },
            'hold.ended': { target: 'expired' },
          },
        },
        reserving: {
          invoke: {
            id: 'reserveOrder',
            src: 'reserveOrder',
            input: ({ context }) => ({
              eventId: context.eventId ?? '',
              items: context.quantities,
              buyer: buyerFromContact(context.contact),
              ...(context.sendToOthers ? { attendees: attendeesFrom(context.attendees) } : {}),
            }),
            onDone: {
              target: 'payment',
              actions: [
                assign(({ event }) => ({
                  order: event.output.order,
                  orderId: event.output.order._id,
                  secondsLeft: event.output.secondsLeft,
                  emailUpdates: event.output.order.emailUpdates,
                })),
                rememberCheckout,
                raise({ type: 'hold.start' }),
              ],
            },
            onError: {
              target: 'contact',
              actions: assign({
                error: ({ event }) =>
                  messageOr(event.error, 'We could not reserve your tickets. Please try again.'),
              }),
            },
          },
        },
        payment: {
          entry: assign({ requested: 'payment' }),
          initial: 'idle',
          states: {
            idle: {
              on: {
                'discount.change': {
                  actions: assign({ discountCode: ({ event }) => event.code, discountError: null }),
                },
                'discount.apply': [
                  {
                    guard: 'codeEntered',
                    target: 'applyingDiscount',
                    actions: assign({ discountError: null, discountNotice: null }),
                  },
                  { actions: assign({ discountError: 'Enter a discount code', discountNotice: null }) },
                ],
                'discount.remove': {
                  guard: 'hasDiscount',
                  target: 'removingDiscount',
                  actions: assign({ discountError: null, discountNotice: null }),
                },
                'terms.change': {
                  actions: assign({ acceptTerms: ({ event }) => event.accepted, termsError: null }),
                },
                'updates.change': { actions: assign({ emailUpdates: ({ event }) => event.accepted }) },
                'payment.submit': [
                  {
                    guard: 'termsAccepted',
                    target: '#checkout.flow.paying',
                    actions: assign({ error: null }),
                  },
                  {
                    actions: assign({
                      termsError:
                        'Please accept the terms and conditions, refund and privacy policy to continue',
                    }),
                  },
                ],
              },
            },
            applyingDiscount: {
              invoke: {
                id: 'applyDiscount',
                src: 'applyDiscount',
                input: ({ context }) => ({
                  orderId: context.orderId ?? '',
                  code: context.discountCode.trim(),
                }),
                onDone: {
                  target: 'idle',
                  actions: [
                    'takeOrder',
                    assign(({ event }) => ({
                      discountCode: '',
                      discountNotice: `Code ${event.output.order.discountCode ?? ''} applied.`,
                    })),
                  ],
                },
                onError: {
                  target: 'idle',
                  actions: assign({
                    discountError: ({ event }) => messageOr(event.error, 'That code could not be applied.'),
                  }),
                },
              },
            },
            removingDiscount: {
              invoke: {
                id: 'removeDiscount',
                src: 'removeDiscount',
                input: ({ context }) => ({ orderId: context.orderId ?? '' }),
                onDone: {
                  target: 'idle',
                  actions: ['takeOrder', assign({ discountNotice: 'Discount code removed.' })],
                },
                onError: {
                  target: 'idle',
                  actions: assign({
                    discountError: ({ event }) => messageOr(event.error, 'The code could not be removed.'),
                  }),
                },
              },
            },
          },
          on: {
            'step.back': [{ guard: 'backToSelection', target: 'selection' }, { target: 'contact' }],
            'hold.ended': { target: 'expired' },
          },
        },
        paying: {
          invoke: {
            id: 'payOrder',
            src: 'payOrder',
            input: ({ context }) => ({ orderId: context.orderId ?? '', emailUpdates: context.emailUpdates }),
            onDone: [
              {
                guard: 'paidAtOnce',
                target: 'confirmed',
                actions: assign({
                  order: ({ event, context }) =>
                    'order' in event.output ? event.output.order : context.order,
                }),
              },
              {
                target: 'redirecting',
                actions: {
                  type: 'goToProvider',
                  params: ({ event }) => ({
                    url: 'authorizationUrl' in event.output ? event.output.authorizationUrl : '',
                  }),
                },
              },
            ],
            onError: [
              // The order is no longer waiting for payment (the hold ended, or it was paid in another
              // tab): ask the server where it stands and show that.
              { guard: 'orderMoved', target: 'loading', actions: assign({ requested: 'confirmation' }) },
              // The deadline passed while the call ran.
              { guard: 'holdOver', target: 'expired' },
              {
                target: 'payment',
                actions: assign({
                  error: ({ event }) =>
                    messageOr(event.error, 'We could not start the payment. Please try again.'),
                }),
              },
            ],
          },
        },
        /** The browser is on its way to the provider's page; nothing else happens here. */
        redirecting: {},
        /**
         * The buyer is back from the provider and the payment is not settled yet. The countdown stops:
         * from here the server decides (a payment that lands after the deadline is confirmed if the
         * seats are still free, refunded otherwise).
         */
        processing: {
          entry: [assign({ requested: 'confirmation' }), raise({ type: 'hold.stop' })],
          after: { poll: { target: 'verifying' } },
        },
        verifying: {
          invoke: {
            id: 'verifyOrder',
            src: 'verifyOrder',
            input: ({ context }) => ({ orderId: context.orderId ?? '' }),
            onDone: [
              {
                guard: { type: 'verifiedAs', params: { at: 'confirmed' } },
                target: 'confirmed',
                actions: 'takeOrder',
              },
              {
                guard: { type: 'verifiedAs', params: { at: 'failed' } },
                target: 'failed',
                actions: 'takeOrder',
              },
              {
                guard: { type: 'verifiedAs', params: { at: 'expired' } },
                target: 'expired',
                actions: 'takeOrder',
              },
              {
                guard: { type: 'verifiedAs', params: { at: 'ended' } },
                target: 'ended',
                actions: 'takeOrder',
              },
              { target: 'processing', actions: 'takeOrder' },
            ],
            // A dropped connection: keep asking, the order is safe on the server.
            onError: { target: 'processing' },
          },
        },
        confirmed: {
          entry: [assign({ requested: 'confirmation', error: null }), raise({ type: 'hold.stop' })],
        },
        failed: {
          entry: assign({ requested: 'confirmation' }),
          on: {
            'payment.retry': { target: 'payment', actions: assign({ error: null }) },
            'hold.ended': { target: 'expired' },
          },
        },
        expired: {
          entry: raise({ type: 'hold.stop' }),
          on: {
            'checkout.restart': {
              target: 'loading',
              actions: [
                assign({
                  order: null,
                  orderId: null,
                  requested: 'selection',
                  discountCode: '',
                  discountError: null,
                  discountNotice: null,
                  acceptTerms: false,
                  termsError: null,
                }),
                rememberCheckout,
              ],
            },
          },
        },
        /** Refund due or refunded: the order's statusMessage says what happened. */
        ended: {
          entry: [assign({ requested: 'confirmation' }), raise({ type: 'hold.stop' })],
        },
      },
    },
    hold: {
      initial: 'idle',
      states: {
        idle: {
          on: { 'hold.start': { target: 'counting' } },
        },
        counting: {
          after: {
            second: [
              {
                guard: 'moreThanOneSecond',
                target: 'counting',
                reenter: true,
                actions: assign({ secondsLeft: ({ context }) => context.secondsLeft - 1 }),
              },
              { target: 'over', actions: [assign({ secondsLeft: 0 }), raise({ type: 'hold.ended' })] },
            ],
          },
          on: {
            // A fresh answer from the server re-syncs the count (the deadline itself never moves).
            'hold.start': { target: 'counting', reenter: true },
            'hold.stop': { target: 'idle' },
          },
        },
        /** Only while a payment call is still running: its answer decides (paid, or expired). */
        over: {
          on: { 'hold.stop': { target: 'idle' } },
        },
      },
    },
  },
});
