import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { ALLOWANCE_SEATS, type Allowance } from '../../../contract/boxOffice';
import { koboToNaira } from '../../../contract/money';
import { type Executor, queryRows, type Tx } from '../../db/query';
import { doorAllowances, events, ticketTypes } from '../../db/schema';
import { ticketNameWithDate } from '../event-dates/data';
import { checkEventCapacity, eventSeatsLeft, lockEventForSeats } from '../orders/inventory';
import type { Seller } from './seller';

/**
 * Seat allowances (decision 062): seats a door device holds so it can sell offline. Granted seats are
 * added to `ticket_types.sold` at once, through the same event lock and capacity check as any other
 * seat-taker (orders/inventory.ts), so nobody else can sell them; a device sells only within what it
 * holds, so two devices apart can never sell the same seat. Released seats (`seats - used`) are
 * subtracted again.
 */

/** An allowance lasts this long after the device's last sync; then its unused seats go back on sale. */
export const ALLOWANCE_LIFETIME_MS = 12 * 60 * 60_000;

/**
 * Gives back the unused seats of the event's allowances that match `which` (one device's, or all that
 * expired): one statement, the rows locked as they are released, so a sale consuming one waits.
 */
async function release(db: Executor, eventId: string, which: ReturnType<typeof sql>): Promise<number> {
  const rows = await queryRows<{ back: number | string | null }>(
    db,
    sql`with old as (
          select id, ticket_type_id, seats - used as back from door_allowances
          where event_id = ${eventId} and released_at is null and ${which}
          for update
        ), done as (
          update door_allowances a set seats = a.used, released_at = now(), updated_at = now()
          from old where a.id = old.id returning old.ticket_type_id, old.back
        ), per_type as (
          select ticket_type_id, sum(back)::int as back from done group by ticket_type_id
        ), given as (
          update ticket_types t set sold = t.sold - p.back from per_type p
          where t.id = p.ticket_type_id returning p.back
        )
        select coalesce(sum(back), 0) as back from given`,
  );
  return Number(rows[0]?.back ?? 0);
}

/** Closing the till: every seat this device still holds goes back on sale. */
export const releaseDevice = (db: Executor, eventId: string, deviceId: string) =>
  release(db, eventId, sql`device_id = ${deviceId}`);

/** Allowances whose device has not synced for their lifetime: their unused seats go back on sale. */
export const releaseExpired = (db: Executor, eventId: string) =>
  release(db, eventId, sql`expires_at <= now()`);

/** The device's live allowance of a type, locked until the transaction ends. */
export async function lockedAllowance(tx: Tx, eventId: string, deviceId: string, ticketTypeId: string) {
  const [row] = await tx
    .select()
    .from(doorAllowances)
    .where(
      and(
        eq(doorAllowances.eventId, eventId),
        eq(doorAllowances.deviceId, deviceId),
        eq(doorAllowances.ticketTypeId, ticketTypeId),
        isNull(doorAllowances.releasedAt),
      ),
    )
    .for('update')
    .limit(1);
  return row;
}

/**
 * Tops the device's allowance of one type back up to ALLOWANCE_SEATS unused seats, or as many as are
 * left; extends its life and takes the type's current price. The seats are taken last (inventory
 * kernel order: event lock, own row, then the type's row).
 */
export async function topUp(tx: Tx, seller: Seller, ticketTypeId: string): Promise<void> {
  const [event] = await tx.select().from(events).where(eq(events.id, seller.eventId)).limit(1);
  if (!event) return;
  await lockEventForSeats(tx, event);
  const held = await lockedAllowance(tx, seller.eventId, seller.deviceId, ticketTypeId);
  const [type] = await tx
    .select({ capacity: ticketTypes.capacity, sold: ticketTypes.sold, priceKobo: ticketTypes.priceKobo })
    .from(ticketTypes)
    .where(and(eq(ticketTypes.id, ticketTypeId), eq(ticketTypes.eventId, seller.eventId)))
    .for('update');
  if (!type) return;
  const need = Math.max(0, ALLOWANCE_SEATS - (held ? held.seats - held.used : 0));
  let free = type.capacity === null ? need : Math.max(0, type.capacity - type.sold);
  const eventLeft = event.capacity === null ? null : await eventSeatsLeft(tx, event.id);
  if (eventLeft !== null) free = Math.min(free, Math.max(0, eventLeft));
  const grant = Math.min(need, free);
  if (grant > 0) {
    await tx
      .update(ticketTypes)
      .set({ sold: sql`${ticketTypes.sold} + ${grant}` })
      .where(eq(ticketTypes.id, ticketTypeId));
    await checkEventCapacity(tx, event, grant);
  }
  const expiresAt = new Date(Date.now() + ALLOWANCE_LIFETIME_MS);
  if (held) {
    await tx
      .update(doorAllowances)
      .set({ seats: held.seats + grant, priceKobo: type.priceKobo, expiresAt, updatedAt: new Date() })
      .where(eq(doorAllowances.id, held.id));
  } else {
    await tx.insert(doorAllowances).values({
      eventId: seller.eventId,
      ticketTypeId,
      deviceId: seller.deviceId,
      linkId: seller.linkId,
      userId: seller.userId,
      priceKobo: type.priceKobo,
      seats: grant,
      expiresAt,
    });
  }
}

/** The device's live allowances as the Sell screen shows them. */
export async function deviceAllowances(db: Tx, eventId: string, deviceId: string): Promise<Allowance[]> {
  const rows = await db
    .select({
      ticketTypeId: doorAllowances.ticketTypeId,
      ticketName: ticketNameWithDate,
      priceKobo: doorAllowances.priceKobo,
      seats: doorAllowances.seats,
      used: doorAllowances.used,
      expiresAt: doorAllowances.expiresAt,
    })
    .from(doorAllowances)
    .innerJoin(ticketTypes, eq(ticketTypes.id, doorAllowances.ticketTypeId))
    .where(
      and(
        eq(doorAllowances.eventId, eventId),
        eq(doorAllowances.deviceId, deviceId),
        isNull(doorAllowances.releasedAt),
      ),
    )
    .orderBy(ticketTypes.priceKobo, ticketTypes.createdAt);
  return rows.map((r) => ({
    ticketTypeId: r.ticketTypeId,
    ticketName: r.ticketName,
    price: koboToNaira(r.priceKobo),
    seats: r.seats,
    used: r.used,
    remaining: r.seats - r.used,
    expiresAt: r.expiresAt.toISOString(),
  }));
}

/** Whether the device ever held seats of the event (an allowance, released or not). */
export async function deviceEverHeld(db: Tx, eventId: string, deviceId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: doorAllowances.id })
    .from(doorAllowances)
    .where(and(eq(doorAllowances.eventId, eventId), eq(doorAllowances.deviceId, deviceId)))
    .limit(1);
  return !!row;
}

/** Seats all devices of the event hold unsold right now. */
export async function heldSeats(db: Tx, eventId: string): Promise<number> {
  const [row] = await db
    .select({
      n: sql<number>`coalesce(sum(${doorAllowances.seats} - ${doorAllowances.used}), 0)`.mapWith(Number),
    })
    .from(doorAllowances)
    .where(and(eq(doorAllowances.eventId, eventId), isNull(doorAllowances.releasedAt)));
  return row?.n ?? 0;
}

/** The event's types this seller may sell: the link's own, or all of them. */
export async function sellableTypes(db: Tx, seller: Seller) {
  const rows = await db
    .select({
      ticketTypeId: ticketTypes.id,
      ticketName: ticketNameWithDate,
      priceKobo: ticketTypes.priceKobo,
    })
    .from(ticketTypes)
    .where(
      and(
        eq(ticketTypes.eventId, seller.eventId),
        seller.ticketTypeIds ? inArray(ticketTypes.id, seller.ticketTypeIds) : undefined,
      ),
    )
    .orderBy(ticketTypes.priceKobo, ticketTypes.createdAt);
  return rows.map((r) => ({
    ticketTypeId: r.ticketTypeId,
    ticketName: r.ticketName,
    price: koboToNaira(r.priceKobo),
  }));
}
