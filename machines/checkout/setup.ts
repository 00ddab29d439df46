import { assign, enqueueActions, fromPromise, raise, setup } from 'xstate';
import type { CountryCode, PayResponse } from '../../contract/orders';
import type { AnswerInput } from '../../contract/questions';
import { hasErrors, statusOf } from '../lib/form';
import { contactStepErrors } from './answers';
import type { attendeesFrom, buyerFromContact } from './contact';
import {
  type CheckoutContext,
  type CheckoutEvent,
  type CheckoutInput,
  type CheckoutLoad,
  fromOrder,
  holdUnanswered,
  loaded,
  loadedParts,
  type OrderWithClock,
  withClock,
} from './context';
import { type Resume, resumeAt } from './resume';
import { clampQuantities, type Quantities, totalQuantity } from './selection';

/**
 * The checkout's types and implementations: the server calls (provided by the page), its named
 * actions and guards, its delays. The states that use them are in ../checkout.machine.ts and payment.ts.
 */
export const checkoutSetup = setup({
  types: {
    input: {} as CheckoutInput,
    context: {} as CheckoutContext,
    events: {} as CheckoutEvent,
  },
  actors: {
    // GET the order (or POST verify it when `verify`), then the event and its ticket types.
    loadCheckout: fromPromise<
      CheckoutLoad,
      { eventId: string | null; orderId: string | null; verify: boolean; accessCode?: string }
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
        accessCode?: string;
        answers?: AnswerInput[];
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
    /**
     * Keeps the buyer's email and phone on this device once a reservation took them, so the next
     * checkout fills them in (the page's storage; nothing here).
     */
    rememberBuyer: (_, _params: { email: string; countryCode: CountryCode; phone: string }) => {},
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
      // Made always true this survives, equivalent: every other state takeOrder leads to stops the countdown on entry (processing, confirmed, expired, ended) or counts already (payment); the line's `false` mutants are killed (verify → failed counts).
      if (out.order.status === 'reserved' && out.secondsLeft > 0) enqueue.raise({ type: 'hold.start' });
    }),
  },
  delays: { second: 1000, poll: 2000 },
  guards: {
    resumesAt: ({ context, event }, params: { at: Resume }) => {
      const out = loaded(event);
      return resumeAt(out.order, out.secondsLeft, context.requested, holdUnanswered(out)) === params.at;
    },
    verifiedAs: ({ event }, params: { at: Resume }) => {
      const out = withClock(event);
      return resumeAt(out.order, out.secondsLeft, 'confirmation') === params.at;
    },
    hasQuantity: ({ context }) => totalQuantity(context.quantities) > 0,
    contactValid: ({ context }) => !hasErrors(contactStepErrors(context)),
    codeEntered: ({ context }) => context.discountCode.trim().length > 0,
    // Stryker disable next-line OptionalChaining: asked on the payment step only, where the order is loaded
    hasDiscount: ({ context }) => context.order?.discountCode != null,
    termsAccepted: ({ context }) => context.acceptTerms,
    paidAtOnce: ({ event }) => {
      const out = (event as unknown as { output: PayResponse }).output;
      return 'order' in out && out.order.status === 'paid';
    },
    orderMoved: ({ event }) => statusOf((event as unknown as { error: unknown }).error) === 409,
    // `event.type === 'step.back'` made true survives, equivalent: the guard is asked on step.back only (the line's other mutants are killed).
    backToSelection: ({ event }) => event.type === 'step.back' && event.to === 'selection',
    moreThanOneSecond: ({ context }) => context.secondsLeft > 1,
    holdOver: ({ context }) => context.secondsLeft <= 0,
  },
});
