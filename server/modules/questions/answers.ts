import { eq } from 'drizzle-orm';
import {
  ANSWER_MAX,
  type AnswerInput,
  answerText,
  type CheckoutQuestion,
  QUESTION_MESSAGES,
} from '../../../contract/questions';
import type { Database } from '../../db/client';
import { orderAnswers } from '../../db/schema';
import { HttpError } from '../../http/errors';
import { liveQuestions } from './service';

/**
 * A buyer's answers, checked against the event's questions before any seat is reserved (so a refusal
 * stores nothing), then written beside the order the same request made (decision 045).
 */

export type AnswerRow = {
  questionId: string;
  ticketTypeId: string | null;
  seatIndex: number | null;
  value: string;
};

const refuse = (q: CheckoutQuestion, seat: string, message: string) =>
  new HttpError(400, `${q.label}${seat}: ${message}`);

/** The answer's value as stored, or the reason it is not one for this question. */
function valueFor(q: CheckoutQuestion, value: string | boolean): string | { error: string } | null {
  if (q.kind === 'yes_no')
    return typeof value === 'boolean' ? answerText(value) : { error: QUESTION_MESSAGES.notYesNo };
  if (typeof value !== 'string')
    return { error: q.kind === 'choice' ? QUESTION_MESSAGES.notAnOption : QUESTION_MESSAGES.notText };
  const v = value.trim();
  if (v === '') return null;
  if (q.kind === 'choice') return q.options.includes(v) ? v : { error: QUESTION_MESSAGES.notAnOption };
  return v.length > ANSWER_MAX ? { error: QUESTION_MESSAGES.tooLong } : v;
}

/**
 * The rows to store for these answers, or a 400 naming the question: an unknown question, a seat the
 * order does not have, an answer given twice, a value that does not fit, or a required one missing.
 */
export function checkAnswers(
  questions: readonly CheckoutQuestion[],
  items: Record<string, number>,
  answers: readonly AnswerInput[],
): AnswerRow[] {
  const byId = new Map(questions.map((q) => [q.id, q]));
  const seats = Object.entries(items).filter(([, n]) => n > 0);
  const rows = new Map<string, AnswerRow>();
  for (const a of answers) {
    const q = byId.get(a.questionId);
    if (!q) throw new HttpError(400, QUESTION_MESSAGES.unknown);
    const perSeat = q.scope === 'attendee';
    const named = a.ticketId !== undefined || a.index !== undefined;
    if (perSeat !== named) throw new HttpError(400, QUESTION_MESSAGES.badSeat);
    if (perSeat && !((items[a.ticketId ?? ''] ?? 0) > (a.index ?? 0)))
      throw new HttpError(400, QUESTION_MESSAGES.badSeat);
    const key = `${q.id}:${a.ticketId ?? ''}:${a.index ?? ''}`;
    if (rows.has(key)) throw new HttpError(400, QUESTION_MESSAGES.twice);
    const value = valueFor(q, a.value);
    if (value && typeof value === 'object')
      throw refuse(q, perSeat ? ` (attendee ${(a.index ?? 0) + 1})` : '', value.error);
    if (value === null) continue;
    rows.set(key, {
      questionId: q.id,
      ticketTypeId: a.ticketId ?? null,
      seatIndex: perSeat ? (a.index ?? 0) : null,
      value,
    });
  }
  for (const q of questions) {
    if (!q.required) continue;
    if (q.scope === 'order' && !rows.has(`${q.id}::`)) throw refuse(q, '', QUESTION_MESSAGES.required);
    if (q.scope === 'attendee')
      for (const [ticketId, n] of seats)
        for (let i = 0; i < n; i++)
          if (!rows.has(`${q.id}:${ticketId}:${i}`))
            throw refuse(q, ` (attendee ${i + 1})`, QUESTION_MESSAGES.required);
  }
  return [...rows.values()];
}

/** Checks a new order's answers against the event's live questions (before anything is reserved). */
export async function answersForOrder(
  db: Database,
  eventId: string,
  items: Record<string, number>,
  answers: readonly AnswerInput[] = [],
): Promise<AnswerRow[]> {
  const questions = await liveQuestions(db, eventId);
  if (questions.length === 0 && answers.length === 0) return [];
  return checkAnswers(questions, items, answers);
}

/** The order's answers become these (a buyer who came back and changed them replaces them all). */
export async function saveAnswers(db: Database, orderId: string, rows: readonly AnswerRow[]) {
  await db.transaction(async (tx) => {
    await tx.delete(orderAnswers).where(eq(orderAnswers.orderId, orderId));
    if (rows.length > 0) await tx.insert(orderAnswers).values(rows.map((r) => ({ orderId, ...r })));
  });
}
