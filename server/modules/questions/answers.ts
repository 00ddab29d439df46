import { eq } from 'drizzle-orm';
import {
  ANSWER_MAX,
  type AnswerInput,
  answerText,
  type CheckoutQuestion,
  QUESTION_MESSAGES,
} from '../../../contract/questions';
import type { Database } from '../../db/client';
import { orderAnswers, orderItems } from '../../db/schema';
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
  const rows = new Map<string, AnswerRow>();
  const seen = new Set<string>();
  for (const a of answers) {
    const q = byId.get(a.questionId);
    if (!q) throw new HttpError(400, QUESTION_MESSAGES.unknown);
    const perSeat = q.scope === 'attendee';
    const named = a.ticketId !== undefined || a.index !== undefined;
    if (perSeat !== named) throw new HttpError(400, QUESTION_MESSAGES.badSeat);
    if (perSeat && !((items[a.ticketId ?? ''] ?? 0) > (a.index ?? 0)))
      throw new HttpError(400, QUESTION_MESSAGES.badSeat);
    const seat = {
      questionId: q.id,
      ticketTypeId: a.ticketId ?? null,
      seatIndex: perSeat ? (a.index ?? 0) : null,
    };
    const key = rowKey(seat);
    if (seen.has(key)) throw new HttpError(400, QUESTION_MESSAGES.twice);
    seen.add(key);
    const value = valueFor(q, a.value);
    if (value && typeof value === 'object')
      throw refuse(q, perSeat ? ` (attendee ${(a.index ?? 0) + 1})` : '', value.error);
    if (value === null) continue;
    rows.set(key, { ...seat, value });
  }
  requireAnswered(questions, items, rows);
  return [...rows.values()];
}

/** Where an answer belongs: its question, and for a per-attendee one the seat. */
const rowKey = (r: Pick<AnswerRow, 'questionId' | 'ticketTypeId' | 'seatIndex'>) =>
  `${r.questionId}:${r.ticketTypeId ?? ''}:${r.seatIndex ?? ''}`;

/** A 400 naming the first required question these rows leave unanswered for these seats. */
function requireAnswered(
  questions: readonly CheckoutQuestion[],
  items: Record<string, number>,
  rows: ReadonlyMap<string, AnswerRow>,
) {
  const seats = Object.entries(items).filter(([, n]) => n > 0);
  for (const q of questions) {
    if (!q.required) continue;
    if (q.scope === 'order' && !rows.has(rowKey({ questionId: q.id, ticketTypeId: null, seatIndex: null })))
      throw refuse(q, '', QUESTION_MESSAGES.required);
    if (q.scope === 'attendee')
      for (const [ticketId, n] of seats)
        for (let i = 0; i < n; i++)
          if (!rows.has(rowKey({ questionId: q.id, ticketTypeId: ticketId, seatIndex: i })))
            throw refuse(q, ` (attendee ${i + 1})`, QUESTION_MESSAGES.required);
  }
}

/**
 * A new order's answers checked against the event's live questions, read by the caller (the
 * reservation batch reads them once for all its buyers, decision 051).
 */
export function checkOrderAnswers(
  questions: readonly CheckoutQuestion[],
  items: Record<string, number>,
  answers: readonly AnswerInput[] = [],
): AnswerRow[] {
  if (questions.length === 0 && answers.length === 0) return [];
  return checkAnswers(questions, items, answers);
}

/** Checks a new order's answers against the event's live questions (before anything is reserved). */
export async function answersForOrder(
  db: Database,
  eventId: string,
  items: Record<string, number>,
  answers: readonly AnswerInput[] = [],
): Promise<AnswerRow[]> {
  return checkOrderAnswers(await liveQuestions(db, eventId), items, answers);
}

/**
 * The answers a live hold keeps when its seats change (PUT /api/orders/:id/items), checked before
 * anything changes. Answers sent with the change replace the order's, checked like a new order's.
 * Without them the stored answers stay for the seats the order still has (a seat given back takes
 * its answers with it), and a required question the new seats leave unanswered is refused: changing
 * seats is never a way round the organiser's questions.
 */
export async function answersForNewSeats(
  db: Database,
  eventId: string,
  orderId: string,
  items: Record<string, number>,
  answers: readonly AnswerInput[] | undefined,
): Promise<AnswerRow[]> {
  if (answers !== undefined) return answersForOrder(db, eventId, items, answers);
  const stored = await storedAnswers(db, orderId);
  const kept = stored.filter((r) => r.seatIndex === null || (items[r.ticketTypeId ?? ''] ?? 0) > r.seatIndex);
  requireAnswered(await liveQuestions(db, eventId), items, new Map(kept.map((r) => [rowKey(r), r])));
  return kept;
}

/** The answers stored with an order. */
async function storedAnswers(db: Database, orderId: string): Promise<AnswerRow[]> {
  return db
    .select({
      questionId: orderAnswers.questionId,
      ticketTypeId: orderAnswers.ticketTypeId,
      seatIndex: orderAnswers.seatIndex,
      value: orderAnswers.value,
    })
    .from(orderAnswers)
    .where(eq(orderAnswers.orderId, orderId));
}

/** The order's answers become these (a buyer who came back and changed them replaces them all). */
export async function saveAnswers(db: Database, orderId: string, rows: readonly AnswerRow[]) {
  await db.transaction(async (tx) => {
    await tx.delete(orderAnswers).where(eq(orderAnswers.orderId, orderId));
    if (rows.length > 0) await tx.insert(orderAnswers).values(rows.map((r) => ({ orderId, ...r })));
  });
}

/**
 * Before a hold is paid: a required question its seats leave unanswered is a 400 naming it. Checkout
 * asked them when it reserved; a waiting-list offer is a hold made for the buyer (decision 050), so
 * its claim is where they are asked — and no payment path skips them.
 */
export async function requireOrderAnswers(db: Database, order: { id: string; eventId: string }) {
  const questions = await liveQuestions(db, order.eventId);
  if (!questions.some((q) => q.required)) return;
  const seats = await db
    .select({ ticketTypeId: orderItems.ticketTypeId, quantity: orderItems.quantity })
    .from(orderItems)
    .where(eq(orderItems.orderId, order.id));
  const items: Record<string, number> = {};
  for (const s of seats) items[s.ticketTypeId] = (items[s.ticketTypeId] ?? 0) + s.quantity;
  const stored = await storedAnswers(db, order.id);
  requireAnswered(questions, items, new Map(stored.map((r) => [rowKey(r), r])));
}
