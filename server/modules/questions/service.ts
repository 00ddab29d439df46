import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import {
  type CheckoutQuestion,
  QUESTION_MESSAGES,
  QUESTIONS_MAX,
  type Question,
  type QuestionRequest,
} from '../../../contract/questions';
import type { Database } from '../../db/client';
import { isUuid } from '../../db/query';
import { eventQuestions, events, orderAnswers } from '../../db/schema';
import { HttpError } from '../../http/errors';

/**
 * An event's checkout questions (decision 045): the organiser's list and its edits, and what a buyer's
 * checkout reads. A question with answers is never removed (deleting it hides it: `deleted_at`), and
 * its kind never changes, so no answer already given is lost or misread.
 */

type Row = typeof eventQuestions.$inferSelect;

// Spelled out: drizzle leaves the column unqualified in a one-table select, and `a.id` would shadow it.
const answerCount = sql<number>`(select count(distinct a.order_id)::int from ${orderAnswers} a
  where a.question_id = "event_questions"."id")`.mapWith(Number);

const live = (eventId: string) => and(eq(eventQuestions.eventId, eventId), isNull(eventQuestions.deletedAt));

const forBuyer = (r: Row): CheckoutQuestion => ({
  id: r.id,
  label: r.label,
  kind: r.kind,
  scope: r.scope,
  required: r.required,
  options: r.options,
});

/** The questions checkout asks, in the organiser's order (also what the server checks answers against). */
export async function liveQuestions(
  db: Pick<Database, 'select'>,
  eventId: string,
): Promise<CheckoutQuestion[]> {
  const rows = await db
    .select()
    .from(eventQuestions)
    .where(live(eventId))
    .orderBy(asc(eventQuestions.position));
  return rows.map(forBuyer);
}

/**
 * GET /events/:eventId/checkout-questions: what a published event asks, nothing of anyone's answers.
 * A draft sells nothing, so it asks nothing yet (its organiser may still open its checkout page).
 */
export async function publicQuestions(db: Database, eventId: string): Promise<CheckoutQuestion[]> {
  if (!isUuid(eventId)) throw new HttpError(404, 'Event not found');
  const [event] = await db.select({ status: events.status }).from(events).where(eq(events.id, eventId));
  if (!event) throw new HttpError(404, 'Event not found');
  return event.status === 'published' ? liveQuestions(db, eventId) : [];
}

export async function listQuestions(db: Database, eventId: string): Promise<Question[]> {
  const rows = await db
    .select({ q: eventQuestions, answers: answerCount })
    .from(eventQuestions)
    .where(live(eventId))
    .orderBy(asc(eventQuestions.position));
  return rows.map((r) => ({ ...forBuyer(r.q), answers: r.answers }));
}

const stored = (body: QuestionRequest) => ({
  label: body.label,
  kind: body.kind,
  scope: body.scope,
  required: body.required,
  options: body.kind === 'choice' ? (body.options ?? []) : [],
});

export async function createQuestion(db: Database, eventId: string, body: QuestionRequest) {
  await db.transaction(async (tx) => {
    // The event row is locked so two additions at once never take the same position or pass the cap.
    await tx.execute(sql`select id from ${events} where id = ${eventId} for update`);
    const [count] = await tx
      .select({
        n: sql<number>`count(*)::int`.mapWith(Number),
        top: sql<number>`coalesce(max(${eventQuestions.position}), -1)`.mapWith(Number),
      })
      .from(eventQuestions)
      .where(live(eventId));
    if ((count?.n ?? 0) >= QUESTIONS_MAX) throw new HttpError(409, QUESTION_MESSAGES.tooMany);
    await tx.insert(eventQuestions).values({ eventId, ...stored(body), position: (count?.top ?? -1) + 1 });
  });
  return listQuestions(db, eventId);
}

async function findLive(db: Pick<Database, 'select'>, eventId: string, questionId: string) {
  if (!isUuid(questionId)) throw new HttpError(404, QUESTION_MESSAGES.notFound);
  const [row] = await db
    .select({ q: eventQuestions, answers: answerCount })
    .from(eventQuestions)
    .where(and(live(eventId), eq(eventQuestions.id, questionId)));
  if (!row) throw new HttpError(404, QUESTION_MESSAGES.notFound);
  return row;
}

/** An edit keeps answers already given: a new label or options are fine; a new kind is refused once answered. */
export async function updateQuestion(
  db: Database,
  eventId: string,
  questionId: string,
  body: QuestionRequest,
) {
  const { q, answers } = await findLive(db, eventId, questionId);
  if (answers > 0 && q.kind !== body.kind) throw new HttpError(409, QUESTION_MESSAGES.kindAnswered);
  await db.update(eventQuestions).set(stored(body)).where(eq(eventQuestions.id, questionId));
  return listQuestions(db, eventId);
}

/** Deleted for good when nobody answered it; otherwise hidden, its answers kept in the guest list. */
export async function deleteQuestion(db: Database, eventId: string, questionId: string) {
  const { answers } = await findLive(db, eventId, questionId);
  if (answers > 0)
    await db.update(eventQuestions).set({ deletedAt: new Date() }).where(eq(eventQuestions.id, questionId));
  else await db.delete(eventQuestions).where(eq(eventQuestions.id, questionId));
  return listQuestions(db, eventId);
}

/** Swaps the question with its neighbour above or below; at either end it stays where it is. */
export async function moveQuestion(
  db: Database,
  eventId: string,
  questionId: string,
  direction: 'up' | 'down',
) {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select id from ${events} where id = ${eventId} for update`);
    const { q } = await findLive(tx, eventId, questionId);
    const list = await tx
      .select({ id: eventQuestions.id, position: eventQuestions.position })
      .from(eventQuestions)
      .where(live(eventId))
      .orderBy(asc(eventQuestions.position));
    const at = list.findIndex((x) => x.id === q.id);
    const other = list[direction === 'up' ? at - 1 : at + 1];
    if (!other) return;
    await tx.update(eventQuestions).set({ position: other.position }).where(eq(eventQuestions.id, q.id));
    await tx.update(eventQuestions).set({ position: q.position }).where(eq(eventQuestions.id, other.id));
  });
  return listQuestions(db, eventId);
}
