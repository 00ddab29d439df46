import { and, eq, isNull, sql } from 'drizzle-orm';
import {
  type AddDatesRequest,
  addDays,
  DATE_MESSAGES,
  dateEndsAt,
  dateStartsAt,
  MAX_EVENT_DATES,
  type OrganiserDatesResponse,
} from '../../../contract/eventDates';
import type { Database } from '../../db/client';
import { isUuid, type Tx } from '../../db/query';
import { accessCodes, discountCodes, eventDates, events, ticketTypes } from '../../db/schema';
import { HttpError } from '../../http/errors';
import { getVisibleEvent } from '../events/service';
import {
  type DateRow,
  dateHasSales,
  datesOf,
  hhmm,
  organiserDates,
  syncEventSpan,
  toWireDate,
  typesWithOrders,
} from './data';

/**
 * An event's dates (decision 046). Who may call is settled by the routes (the team roles); these
 * are the rules: dates are added in the future, at most MAX_EVENT_DATES, never twice; a date with
 * sales stays; each date sells through its own ticket types, whose sales close when the date ends.
 */

/** The dates anyone who may see the event sees (null: no such visible event). */
export async function publicDates(db: Database, eventId: string, viewerId: string | null) {
  const event = await getVisibleEvent(db, eventId, viewerId);
  if (!event) return null;
  return (await datesOf(db, eventId)).map(toWireDate);
}

export const listForOrganiser = organiserDates;

type NewDate = { date: string; startTime: string; endTime: string; label: string };

/** The dates a request asks for: one, or one a week for `repeatWeeks` weeks. */
function requestedDates(body: AddDatesRequest): NewDate[] {
  const weeks = body.repeatWeeks ?? 1;
  return Array.from({ length: weeks }, (_, i) => ({
    date: addDays(body.date, 7 * i),
    startTime: body.startTime,
    endTime: body.endTime,
    label: body.label ?? '',
  }));
}

/**
 * Adds dates. The event's row is locked first, so two editors adding at once count each other's
 * dates against the limit. An event getting its first dates keeps its own date as the first of
 * them (when it is still ahead): the organiser who made 'Friday' and adds 'Saturday' has two nights.
 */
export async function addDates(
  db: Database,
  eventId: string,
  body: AddDatesRequest,
  now: number,
): Promise<OrganiserDatesResponse> {
  const wanted = requestedDates(body);
  if (wanted.some((d) => dateStartsAt(d).getTime() <= now)) throw new HttpError(400, DATE_MESSAGES.past);
  await db.transaction(async (tx) => {
    const [event] = await tx.select().from(events).where(eq(events.id, eventId)).for('update');
    if (!event) throw new HttpError(404, 'Event not found');
    const existing = await datesOf(tx, eventId);
    const own: NewDate = {
      date: event.startDate,
      startTime: hhmm(event.startTime),
      endTime: hhmm(event.endTime),
      label: '',
    };
    const seed = existing.length === 0 && dateStartsAt(own).getTime() > now ? [own] : [];
    const key = (d: { date: string; startTime: string }) => `${d.date} ${hhmm(d.startTime)}`;
    const taken = new Set(existing.map(key));
    if (wanted.some((d) => taken.has(key(d)))) throw new HttpError(409, DATE_MESSAGES.duplicate);
    const fresh = [...seed.filter((s) => !wanted.some((w) => key(w) === key(s))), ...wanted];
    if (existing.length + fresh.length > MAX_EVENT_DATES) throw new HttpError(400, DATE_MESSAGES.tooMany);
    await tx
      .insert(eventDates)
      .values(fresh.map((d, i) => ({ eventId, ...d, position: existing.length + i })));
    await syncEventSpan(tx, eventId);
  });
  return organiserDates(db, eventId);
}

/** Removes a date and its ticket types, unless an order names one of them (409). */
export async function removeDate(db: Database, eventId: string, dateId: string) {
  if (!isUuid(dateId)) throw new HttpError(404, DATE_MESSAGES.notFound);
  await db.transaction(async (tx) => {
    await tx.select({ id: events.id }).from(events).where(eq(events.id, eventId)).for('update');
    const [date] = await tx
      .select()
      .from(eventDates)
      .where(and(eq(eventDates.id, dateId), eq(eventDates.eventId, eventId)))
      .for('update');
    if (!date) throw new HttpError(404, DATE_MESSAGES.notFound);
    if (await dateHasSales(tx, dateId)) throw new HttpError(409, DATE_MESSAGES.hasSales);
    // Its types go with it (the foreign key cascades); an order reaching one meanwhile is refused by
    // order_items' restrict, and this transaction fails rather than orphan a sale.
    await tx.delete(eventDates).where(eq(eventDates.id, dateId));
    await syncEventSpan(tx, eventId);
  });
  return organiserDates(db, eventId);
}

/** A dated type's sales close when its date ends, whatever window the form set (past dates are not sold). */
export function closeWithDate(salesUntil: Date | null, date: DateRow): Date {
  const end = dateEndsAt(date);
  return salesUntil && salesUntil < end ? salesUntil : end;
}

type TypeRow = typeof ticketTypes.$inferSelect;

/** A new row selling `template`'s ticket on `date`, with its own stock. */
function copyOf(template: TypeRow, date: DateRow): typeof ticketTypes.$inferInsert {
  return {
    eventId: template.eventId,
    eventDateId: date.id,
    ticketName: template.ticketName,
    priceKobo: template.priceKobo,
    ticketDescription: template.ticketDescription,
    // Not shared: deleting or replacing one type's picture removes its file (images/ownership).
    imageKey: null,
    ticketType: template.ticketType,
    ticketStock: template.ticketStock,
    capacity: template.capacity,
    purchaseLimit: template.purchaseLimit,
    benefits: template.benefits,
    salesFrom: template.salesFrom,
    salesUntil: dateEndsAt(date),
    hidden: template.hidden,
    waitlistEnabled: template.waitlistEnabled,
  };
}

/**
 * 'Copy ticket types to every date': types with no date and no sales move onto the first date; then
 * every date gets a copy (its own stock, nothing sold) of each type, by name, that it lacks. Types
 * with no date that have sales stay valid on any date. Running it again adds nothing.
 */
export async function copyTypesToDates(db: Database, eventId: string): Promise<OrganiserDatesResponse> {
  const copied = await db.transaction(async (tx) => {
    await tx.select({ id: events.id }).from(events).where(eq(events.id, eventId)).for('update');
    const dates = await datesOf(tx, eventId);
    const first = dates[0];
    if (!first) throw new HttpError(400, 'Add a date first.');
    await moveUndatedOnto(tx, eventId, first);
    const types = await tx.select().from(ticketTypes).where(eq(ticketTypes.eventId, eventId));
    const templates = new Map<string, TypeRow>();
    for (const d of dates)
      for (const t of types.filter((x) => x.eventDateId === d.id))
        if (!templates.has(t.ticketName)) templates.set(t.ticketName, t);
    const copies = dates.flatMap((d) =>
      [...templates.values()]
        .filter((tpl) => !types.some((t) => t.eventDateId === d.id && t.ticketName === tpl.ticketName))
        .map((tpl) => ({ template: tpl, row: copyOf(tpl, d) })),
    );
    if (copies.length === 0) return 0;
    // One statement gives every copy the same created-at, and lists order a price's types by it:
    // a millisecond apart, in the dates' order, so Night 2's copy lists before Night 3's every time.
    const base = Date.now();
    const made = await tx
      .insert(ticketTypes)
      .values(copies.map((c, i) => ({ ...c.row, createdAt: new Date(base + i) })))
      .returning({ id: ticketTypes.id });
    await extendCodesToCopies(
      tx,
      eventId,
      copies.map((c, i) => ({ templateId: c.template.id, copyId: made[i]!.id })),
    );
    return copies.length;
  });
  const list = await organiserDates(db, eventId);
  return {
    ...list,
    message: copied === 0 ? 'Every date already has every ticket type.' : `${copied} ticket types added.`,
  };
}

/**
 * The codes that name a copied type name its copies too (issue #32 item 5, decision 053): an access
 * code made before the copy unlocks the type on every date, and a discount limited to the type
 * applies on every date. A code for every type (an empty discount list) stays as it is.
 */
async function extendCodesToCopies(tx: Tx, eventId: string, pairs: { templateId: string; copyId: string }[]) {
  const byTemplate = new Map<string, string[]>();
  for (const { templateId, copyId } of pairs)
    byTemplate.set(templateId, [...(byTemplate.get(templateId) ?? []), copyId]);
  for (const [templateId, copyIds] of byTemplate) {
    const added = sql`array[${sql.join(
      copyIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    )}]`;
    for (const table of [accessCodes, discountCodes])
      await tx
        .update(table)
        .set({ ticketTypeIds: sql`${table.ticketTypeIds} || ${added}` })
        .where(and(eq(table.eventId, eventId), sql`${templateId}::uuid = any(${table.ticketTypeIds})`));
  }
}

async function moveUndatedOnto(tx: Tx, eventId: string, first: DateRow) {
  const undated = await tx
    .select()
    .from(ticketTypes)
    .where(and(eq(ticketTypes.eventId, eventId), isNull(ticketTypes.eventDateId)));
  const sold = await typesWithOrders(
    tx,
    undated.map((t) => t.id),
  );
  for (const t of undated.filter((x) => !sold.has(x.id))) {
    await tx
      .update(ticketTypes)
      .set({ eventDateId: first.id, salesUntil: closeWithDate(t.salesUntil, first) })
      .where(eq(ticketTypes.id, t.id));
  }
}

/** The date a dated type sells for, to close its window when the form edits it. */
export async function dateOfType(db: Pick<Tx, 'select'>, dateId: string | null): Promise<DateRow | null> {
  if (!dateId) return null;
  const [row] = await db.select().from(eventDates).where(eq(eventDates.id, dateId)).limit(1);
  return row ?? null;
}
