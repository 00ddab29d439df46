import { and, asc, eq, sql } from 'drizzle-orm';
import type { SalesResponse } from '../../../contract/organiser';
import type { Database } from '../../db/client';
import { orderItems, orderPromoters, orders, promoters } from '../../db/schema';
import { figuresToWire, promoterTotals } from './figures';

const LAGOS_OFFSET_S = 3600; // West Africa Time, UTC+1 all year (no daylight saving)
const DAY_S = 86_400;

/** The Sales tab's "By promoter" table: each promoter's figures, as their own tab shows them. */
export async function salesByPromoter(db: Database, eventId: string): Promise<SalesResponse['byPromoter']> {
  const rows = await db
    .select()
    .from(promoters)
    .where(eq(promoters.eventId, eventId))
    .orderBy(asc(promoters.createdAt));
  const totals = await promoterTotals(db, rows);
  return rows.map((p) => ({ promoterId: p.id, name: p.name, ...figuresToWire(totals.get(p.id)!) }));
}

/**
 * sales.csv's promoter column: per Lagos day and ticket type, the live tickets each promoter's link
 * sold that day ("Kemi Adeyemi: 2; Tunde: 1"), keyed `YYYY-MM-DD|ticketTypeId` like the CSV's rows.
 */
export async function promoterTicketsByDay(db: Database, eventId: string): Promise<Map<string, string>> {
  const soldAt = sql`coalesce(${orders.paidAt}, ${orders.createdAt})`;
  const rows = await db
    .select({
      day: sql<number>`floor((extract(epoch from ${soldAt}) + ${LAGOS_OFFSET_S}) / ${DAY_S})`.mapWith(Number),
      ticketTypeId: orderItems.ticketTypeId,
      name: promoters.name,
      tickets: sql<number>`sum(${orderItems.quantity} - ${orderItems.refundedQuantity})`.mapWith(Number),
    })
    .from(orders)
    .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
    .innerJoin(orderPromoters, eq(orderPromoters.orderId, orders.id))
    .innerJoin(promoters, eq(promoters.id, orderPromoters.promoterId))
    .where(and(eq(orders.eventId, eventId), eq(orders.status, 'paid')))
    .groupBy(sql`1`, orderItems.ticketTypeId, promoters.id, promoters.name)
    .orderBy(sql`1`, asc(promoters.name));
  const cells = new Map<string, string[]>();
  for (const r of rows) {
    if (r.tickets <= 0) continue;
    const key = `${new Date(r.day * DAY_S * 1000).toISOString().slice(0, 10)}|${r.ticketTypeId}`;
    cells.set(key, [...(cells.get(key) ?? []), `${r.name}: ${r.tickets}`]);
  }
  return new Map([...cells].map(([k, v]) => [k, v.join('; ')]));
}
