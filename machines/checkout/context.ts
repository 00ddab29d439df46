import type { Event } from '../../contract/events';
import { COUNTRY_CODES, type Order } from '../../contract/orders';
import type { CheckoutQuestion } from '../../contract/questions';
import type { Ticket } from '../../contract/tickets';
import { type FieldErrors, hasErrors } from '../lib/form';
import { type Answers, answerErrors, answerKey } from './answers';
import { type AttendeeValues, type ContactValues, emptyContact } from './contact';
import type { Step } from './resume';
import type { Quantities } from './selection';

/** The checkout's context, its input and events, what it starts from and how answers fill it in. */

/** What every load or verify answers: the event, its ticket types and the order when there is one. */
export type CheckoutLoad = {
  event: Event;
  tickets: Ticket[];
  /** The organiser's checkout questions (decision 045); none when the event asks nothing. */
  questions?: CheckoutQuestion[];
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
  /** An access code the buyer typed (decision 036): its hidden types are shown and sold. */
  accessCode?: string | null;
  /** The signed-in user, to prefill the buyer's name and email. */
  buyer?: Partial<ContactValues>;
};

export type CheckoutContext = {
  eventId: string | null;
  orderId: string | null;
  accessCode: string | null;
  requested: Step;
  event: Event | null;
  loadedAt: number;
  tickets: Ticket[];
  quantities: Quantities;
  contact: ContactValues;
  sendToOthers: boolean;
  attendees: AttendeeValues[];
  questions: CheckoutQuestion[];
  answers: Answers;
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

export type ContactField = keyof Omit<ContactValues, 'countryCode'> | 'countryCode';
export type AttendeeField = 'firstName' | 'lastName' | 'email' | 'confirmEmail';

export type CheckoutEvent =
  | { type: 'load.retry' }
  | { type: 'quantity.change'; ticketId: string; quantity: number }
  | { type: 'selection.proceed' }
  | { type: 'contact.change'; field: ContactField; value: string }
  | { type: 'contact.sendToOthers'; value: boolean }
  | { type: 'attendee.change'; index: number; field: AttendeeField; value: string }
  | { type: 'answer.change'; key: string; value: string | boolean }
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
export const loaded = (event: unknown) => (event as { output: CheckoutLoad }).output;
export const withClock = (event: unknown) => (event as { output: OrderWithClock }).output;

/** The `remember` action with what a reload needs. */
export const rememberCheckout = {
  type: 'remember',
  params: ({ context }: { context: CheckoutContext }) => ({
    eventId: context.eventId,
    orderId: context.orderId,
    quantities: context.quantities,
    ...(context.accessCode ? { accessCode: context.accessCode } : {}),
  }),
} as const;

export function loadedParts(out: CheckoutLoad) {
  return {
    event: out.event,
    eventId: out.event._id,
    tickets: out.tickets,
    questions: out.questions ?? [],
    loadedAt: out.now,
    order: out.order,
    orderId: out.order?._id ?? null,
    secondsLeft: out.secondsLeft,
  };
}

/** A resumed order brings back what the buyer had entered. */
export function fromOrder(order: Order, tickets: readonly Ticket[]) {
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
    // The answers given when the order was made, so a reload of the contact step keeps them.
    answers: Object.fromEntries(
      order.answers.map((a) => [
        answerKey(
          a.questionId,
          a.ticketId === undefined ? undefined : { ticketId: a.ticketId, index: a.index ?? 0 },
        ),
        a.value,
      ]),
    ) as Answers,
  };
}

/** The context a checkout starts from: what the route and the signed-in user give it. */
export const initialContext = ({ input }: { input: CheckoutInput }): CheckoutContext => ({
  eventId: input.eventId ?? null,
  orderId: input.orderId ?? null,
  accessCode: input.accessCode ?? null,
  requested: input.step,
  event: null,
  loadedAt: 0,
  tickets: [],
  quantities: input.quantities ?? {},
  contact: emptyContact(input.buyer),
  sendToOthers: false,
  attendees: [],
  questions: [],
  answers: {},
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
});

/**
 * True when a loaded hold leaves a required question unanswered: a waiting-list offer (decision 050)
 * is made without checkout's contact step, so its claim must ask them before paying.
 */
export function holdUnanswered(out: CheckoutLoad): boolean {
  if (!out.order || !out.questions?.some((q) => q.required)) return false;
  const { quantities, answers } = fromOrder(out.order, out.tickets);
  return hasErrors(answerErrors({ questions: out.questions, tickets: out.tickets, quantities, answers }));
}
