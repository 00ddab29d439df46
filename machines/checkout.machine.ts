import { assign, raise } from 'xstate';
import { answersFrom, contactStepErrors } from './checkout/answers';
import { attendeeRows, attendeesFrom, buyerFromContact } from './checkout/contact';
import { initialContext, rememberCheckout } from './checkout/context';
import { paying, payment } from './checkout/payment';
import { checkoutSetup } from './checkout/setup';
import { messageOr, statusOf } from './lib/form';

// The checkout's pieces live beside it (checkout/); its importers keep reading them from here.
export type { CheckoutInput, CheckoutLoad, OrderWithClock } from './checkout/context';

/**
 * The whole checkout (decision 012): choose tickets → contact → payment → confirmation.
 * The routes render its states; the URL follows the machine, never the other way round.
 *
 * Two regions run side by side:
 * - `flow`: the steps, the server calls and their outcomes;
 * - `hold`: the reservation's countdown. The server owns the deadline (`expiresAt`); the page's
 *   actors turn it into `secondsLeft` once per answer and the machine counts down a second at a time
 *   (a `delays` step, so tests run it on a simulated clock). Reaching 0 raises `hold.ended`.
 */

export const HOLD_ENDED_MESSAGE = 'Your reservation has ended and the tickets were released.';

export const checkoutMachine = checkoutSetup.createMachine({
  id: 'checkout',
  type: 'parallel',
  context: initialContext,
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
              ...(context.accessCode ? { accessCode: context.accessCode } : {}),
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
                    ? contactStepErrors({ ...context, contact })
                    : context.contactErrors,
                };
              }),
            },
            'contact.sendToOthers': {
              actions: assign(({ context, event }) => ({
                sendToOthers: event.value,
                contactErrors: context.contactSubmitted
                  ? contactStepErrors({ ...context, sendToOthers: event.value })
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
                    ? contactStepErrors({ ...context, attendees })
                    : context.contactErrors,
                };
              }),
            },
            // An answer to one of the organiser's checkout questions (decision 045).
            'answer.change': {
              actions: assign(({ context, event }) => {
                const answers = { ...context.answers, [event.key]: event.value };
                return {
                  answers,
                  contactErrors: context.contactSubmitted
                    ? contactStepErrors({ ...context, answers })
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
                  contactErrors: contactStepErrors(context),
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
              // Stryker disable next-line StringLiteral: the contact step is reached only after a load, which set eventId
              eventId: context.eventId ?? '',
              items: context.quantities,
              buyer: buyerFromContact(context.contact),
              ...(context.sendToOthers ? { attendees: attendeesFrom(context.attendees) } : {}),
              ...(context.accessCode ? { accessCode: context.accessCode } : {}),
              ...(context.questions.length > 0 ? { answers: answersFrom(context) } : {}),
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
                {
                  type: 'rememberBuyer',
                  params: ({ context }) => ({
                    email: context.contact.email.trim(),
                    countryCode: context.contact.countryCode,
                    phone: context.contact.phone.trim(),
                  }),
                },
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
        payment,
        paying,
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
            // Stryker disable next-line StringLiteral: verifying is reached only with an order loaded or reserved
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
            // Stryker disable next-line ObjectLiteral: failed is entered from a load or a verify, which leave no error
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
          // Its `assign({})` survives, equivalent: ended is reached only with requested 'confirmation' already (resumeAt, verifying); the raise is killed.
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
