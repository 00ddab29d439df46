import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { queryRows } from '../../server/db/query';
import type { World } from './moneyModel';

/**
 * The invariants of the money property test (orders-money-property.test.ts), read from the database
 * after every step:
 *  1. no seat sold twice: no two live tickets for one seat, live tickets per type within capacity,
 *     and each type's `sold` = the seats still held or paid (refunded seats gone back);
 *  2. no ticket lives without money kept for it: live tickets only on paid orders, one per seat not
 *     refunded; a paid order with a total keeps exactly one successful payment of that total, and
 *     keeps more than it refunded while any of its tickets lives; a wholly refunded order keeps nothing;
 *  3. refunds never exceed what was paid, and no order is paid twice;
 *  4. a waiting entry's place only moves forward, and an entry that left the line never comes back.
 */
export async function checkInvariants(w: World, step: string) {
  const db = w.h.t.deps.db;
  const perOrder = await queryRows<Record<string, string | number>>(
    db,
    sql`
      select o.id, o.status, o.total_kobo,
        (select coalesce(sum(i.quantity - i.refunded_quantity), 0) from order_items i
          where i.order_id = o.id) as seats,
        (select count(*) from issued_tickets t where t.order_id = o.id and t.revoked_at is null) as live,
        (select count(*) from payment_attempts a where a.order_id = o.id and a.status = 'success'
           and a.refund_status is null) as kept,
        (select coalesce(sum(a.amount_kobo), 0) from payment_attempts a where a.order_id = o.id
           and a.status = 'success' and a.refund_status is null) as kept_kobo,
        (select count(*) from payment_attempts a where a.order_id = o.id and a.status = 'success'
           and a.refund_status is null and a.amount_kobo = o.total_kobo) as covering,
        (select coalesce(sum(r.amount_kobo), 0) from order_refunds r where r.order_id = o.id) as refunded_kobo,
        (select count(*) from order_events e where e.order_id = o.id and e.to_status = 'paid') as paid_moves
      from orders o where o.event_id = ${w.eventId}`,
  );
  for (const o of perOrder) {
    const at = `${step}: order ${o.id} (${o.status}, total ${o.total_kobo})`;
    const paid = o.status === 'paid';
    const total = Number(o.total_kobo);
    const kept = Number(o.kept_kobo);
    const refunded = Number(o.refunded_kobo);
    expect(Number(o.live), `${at}: live tickets`).toBe(paid ? Number(o.seats) : 0);
    expect(refunded, `${at}: refunds within what was paid`).toBeLessThanOrEqual(kept);
    if (o.status === 'refunded') expect(kept - refunded, `${at}: a refunded order keeps nothing`).toBe(0);
    else expect(Number(o.kept), `${at}: successful payments kept`).toBe(paid && total > 0 ? 1 : 0);
    if (paid && total > 0) {
      expect(Number(o.covering), `${at}: a kept payment of the total`).toBe(1);
      if (Number(o.live) > 0)
        expect(kept - refunded, `${at}: money kept for live tickets`).toBeGreaterThan(0);
    }
    expect(Number(o.paid_moves), `${at}: times paid`).toBeLessThanOrEqual(1);
  }
  const perType = await queryRows<Record<string, string | number | null>>(
    db,
    sql`
      select t.id, t.sold, t.capacity,
        (select coalesce(sum(i.quantity - i.refunded_quantity), 0) from order_items i
          join orders o on o.id = i.order_id
          where i.ticket_type_id = t.id and o.status in ('reserved', 'paid')) as held,
        (select count(*) from issued_tickets x where x.ticket_type_id = t.id and x.revoked_at is null) as live
      from ticket_types t where t.event_id = ${w.eventId}`,
  );
  for (const t of perType) {
    expect(Number(t.sold), `${step}: type ${t.id} sold = held + paid seats`).toBe(Number(t.held));
    expect(Number(t.sold), `${step}: type ${t.id} within capacity`).toBeLessThanOrEqual(Number(t.capacity));
    expect(Number(t.live), `${step}: type ${t.id} live tickets`).toBeLessThanOrEqual(Number(t.capacity));
  }
  const twice = await queryRows<{ n: string | number }>(
    db,
    sql`select count(*) as n from (select 1 from issued_tickets where event_id = ${w.eventId}
      and revoked_at is null group by order_id, ticket_type_id, seat having count(*) > 1) d`,
  );
  expect(Number(twice[0]?.n), `${step}: a seat with two live tickets`).toBe(0);
  await checkPlacesMoveForward(w, step);
}

/** Invariant 4: each waiting entry's place is at most what it was; one out of the line stays out. */
async function checkPlacesMoveForward(w: World, step: string) {
  const rows = await queryRows<{ id: string; status: string; position: string | number | null }>(
    w.h.t.deps.db,
    sql`select e.id, e.status, case when e.status = 'waiting' then (
        select count(*) + 1 from waitlist_entries a where a.ticket_type_id = e.ticket_type_id
          and a.status = 'waiting' and (a.created_at, a.id) < (e.created_at, e.id)) end as position
      from waitlist_entries e where e.event_id = ${w.eventId}`,
  );
  for (const r of rows) {
    const before = w.places.get(r.id);
    if (r.status !== 'waiting') {
      w.places.set(r.id, 'out');
      continue;
    }
    expect(before, `${step}: entry ${r.id} came back to the line`).not.toBe('out');
    const now = Number(r.position);
    if (typeof before === 'number')
      expect(now, `${step}: entry ${r.id} moved back`).toBeLessThanOrEqual(before);
    w.places.set(r.id, now);
  }
}
