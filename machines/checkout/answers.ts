import {
  ANSWER_MAX,
  type AnswerInput,
  type CheckoutQuestion,
  QUESTION_MESSAGES,
} from '../../contract/questions';
import type { Ticket } from '../../contract/tickets';
import type { FieldErrors } from '../lib/form';
import { contactErrors } from './contact';
import type { Quantities } from './selection';

/**
 * The organiser's checkout questions on the contact step (decision 045): per-order questions once,
 * per-attendee questions for each seat. Answers are kept by key — the question's id, plus the seat
 * (ticket type and its k-th seat) for per-attendee ones — and checked with the server's words, so a
 * required one blocks Continue with a message under its field.
 */

/** A text or choice answer, or yes (true) / no (false). Unanswered keys are absent. */
export type Answers = Record<string, string | boolean>;

export type Seat = { ticketId: string; ticketName: string; index: number; number: number };

export const answerKey = (questionId: string, seat?: Pick<Seat, 'ticketId' | 'index'>) =>
  seat ? `${questionId}:${seat.ticketId}:${seat.index}` : questionId;

/** The order's seats in the order the contact step lists them (the chosen types, then each seat). */
export function seatsOf(tickets: readonly Ticket[], quantities: Quantities): Seat[] {
  const seats: Seat[] = [];
  for (const t of tickets)
    for (let index = 0; index < (quantities[t._id] ?? 0); index++)
      seats.push({ ticketId: t._id, ticketName: t.ticketName, index, number: seats.length + 1 });
  return seats;
}

type AnswerContext = {
  questions: readonly CheckoutQuestion[];
  tickets: readonly Ticket[];
  quantities: Quantities;
  answers: Answers;
};

/** Every (question, seat) the buyer is asked, in the order shown. */
function asked(c: AnswerContext): { q: CheckoutQuestion; seat: Seat | undefined }[] {
  const seats = seatsOf(c.tickets, c.quantities);
  return c.questions.flatMap((q): { q: CheckoutQuestion; seat: Seat | undefined }[] =>
    q.scope === 'order' ? [{ q, seat: undefined }] : seats.map((seat) => ({ q, seat })),
  );
}

const blank = (v: string | boolean | undefined) =>
  v === undefined || (typeof v === 'string' && v.trim() === '');

/** Errors keyed 'answers.<key>': a required question left empty, a text answer too long. */
export function answerErrors(c: AnswerContext): FieldErrors {
  const errors: FieldErrors = {};
  for (const { q, seat } of asked(c)) {
    const key = answerKey(q.id, seat);
    const value = c.answers[key];
    if (blank(value)) {
      if (q.required) errors[`answers.${key}`] = QUESTION_MESSAGES.required;
    } else if (typeof value === 'string' && value.trim().length > ANSWER_MAX)
      errors[`answers.${key}`] = QUESTION_MESSAGES.tooLong;
  }
  return errors;
}

/** What POST /api/orders carries: the answers given to questions still asked, blanks left out. */
export function answersFrom(c: AnswerContext): AnswerInput[] {
  return asked(c).flatMap(({ q, seat }) => {
    const value = c.answers[answerKey(q.id, seat)];
    // `value === undefined` made false survives, equivalent: blank() is already true for it (it is there for TypeScript).
    if (blank(value) || value === undefined) return [];
    const answer = typeof value === 'string' ? value.trim() : value;
    return [
      seat
        ? { questionId: q.id, ticketId: seat.ticketId, index: seat.index, value: answer }
        : { questionId: q.id, value: answer },
    ];
  });
}

/** The contact step's errors: the buyer and attendees (contact.ts), then the answers. */
export function contactStepErrors(
  c: AnswerContext & {
    contact: Parameters<typeof contactErrors>[0];
    sendToOthers: boolean;
    attendees: Parameters<typeof contactErrors>[2];
  },
): FieldErrors {
  return { ...contactErrors(c.contact, c.sendToOthers, c.attendees), ...answerErrors(c) };
}
