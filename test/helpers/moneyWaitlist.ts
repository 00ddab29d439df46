import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { myWaitlistResponse } from '../../contract/waitlist';
import type { Database } from '../../server/db/client';
import { queryRows } from '../../server/db/query';
import { eventDates, ticketTypes } from '../../server/db/schema';
import { buyerOf } from './checkout';
import {
  buyerArb,
  type Cmd,
  call,
  checkout,
  cmd,
  type Mode,
  type Path,
  pay,
  reserve,
  settle,
  sweep,
  type World,
} from './moneyModel';

/**
 * The money property test's commands that came with later features (decision 050): the waiting list
 * (join, leave, a claim paid or declined, a sweep that offers), the organiser's refunds of part of an
 * order (by seat and by amount), a ticket transfer, and a hold moved to the other night (a change of
 * date). The invariants they must keep are in moneyInvariants.ts.
 */

/** Regular is night 1's type, Late night 2's: moving a hold between them changes its date. */
export async function onTwoNights(db: Database, eventId: string, nightOne: string, nightTwo: string) {
  const [d1, d2] = await db
    .insert(eventDates)
    .values([
      { eventId, date: '2031-03-14', startTime: '18:00', endTime: '23:00', label: 'Night 1' },
      { eventId, date: '2031-03-15', startTime: '18:00', endTime: '23:00', label: 'Night 2' },
    ])
    .returning();
  await db.update(ticketTypes).set({ eventDateId: d1!.id }).where(eq(ticketTypes.id, nightOne));
  await db.update(ticketTypes).set({ eventDateId: d2!.id }).where(eq(ticketTypes.id, nightTwo));
}

type Night = 'one' | 'two';
const typeOf = (w: World, night: Night) => (night === 'one' ? w.paidType : w.lateType);

const join = (b: number, night: Night, quantity: number) =>
  cmd(`join waiting list(buyer ${b}, night ${night}, ${quantity})`, async (w) => {
    await call(w, w.buyers[b]!, 'POST', '/api/waitlist', { ticketTypeId: typeOf(w, night), quantity });
  });

const leave = (b: number, night: Night) =>
  cmd(`leave waiting list(buyer ${b}, night ${night})`, async (w) => {
    await call(w, w.buyers[b]!, 'DELETE', `/api/waitlist/${typeOf(w, night)}`);
  });

/** The buyer pays the seats offered to them (the offer's own held order), and the provider answers. */
const claim = (b: number, path: Path, success: boolean) =>
  cmd(`claim offer(buyer ${b}, ${path}, ${success ? 'paid' : 'declined'})`, async (w) => {
    const res = await call(w, w.buyers[b]!, 'GET', `/api/waitlist/event/${w.eventId}`);
    const offered = myWaitlistResponse.parse(res.json()).entries.find((e) => e.status === 'offered');
    if (!offered?.orderId) return;
    w.latest[b] = offered.orderId;
    const before = w.attempts.length;
    await pay(b).run({}, w);
    if (w.attempts.length > before) await settle(w, 0, path, success);
  });

/**
 * A night sells out to buyer b's hold and buyer c joins its list: the scene the later commands (a
 * hold let go, running out, refunded, moved to the other night; a claim) play out on.
 */
const sellOutAndWait = (b: number, c: number, night: Night, quantity: number) =>
  cmd(`sell out night ${night} to buyer ${b}, buyer ${c} waits for ${quantity}`, async (w) => {
    if (night === 'one') await reserve(b, { paid: 3, free: 0 }).run({}, w);
    else {
      const res = await call(w, w.buyers[b]!, 'POST', '/api/orders', {
        eventId: w.eventId,
        items: { [w.lateType]: 2 },
        buyer: buyerOf(w.buyers[b]!),
      });
      if (res.statusCode === 201) w.latest[b] = res.json().order._id as string;
    }
    await join(c, night, quantity).run({}, w);
  });

type Release = 'let go' | 'run out' | 'move night' | 'cut';

/**
 * The whole waiting-list scene in one command, so runs reach offers and claims: a night sells out
 * to b, c waits, b's hold gives seats back one of four ways, and c claims what was offered.
 */
const queueScene = (
  b: number,
  c: number,
  night: Night,
  quantity: number,
  release: Release,
  path: Path,
  success: boolean,
) =>
  cmd(
    `queue scene(night ${night}: buyer ${b} holds, ${c} waits ${quantity}, ${release}, claim)`,
    async (w) => {
      await sellOutAndWait(b, c, night, quantity).run({}, w);
      const id = w.latest[b];
      if (id && release === 'let go') await call(w, w.buyers[b]!, 'DELETE', `/api/orders/${id}`);
      if (id && release === 'run out') {
        await w.h.t.deps.db.execute(
          sql`update orders set expires_at = now() - interval '1 second' where id = ${id} and status = 'reserved'`,
        );
        await sweep(w);
      }
      if (release === 'move night') await changeDate(b, night === 'one' ? 'two' : 'one', 1).run({}, w);
      if (release === 'cut') await changeDate(b, night, 1).run({}, w);
      await claim(c, path, success).run({}, w);
    },
  );

/** A buyer pays for two seats at once, then the organiser refunds part of the order. */
const buyThenRefund = (b: number, part: 'seat' | number) =>
  cmd(`buy 2, refund ${part === 'seat' ? 'a seat' : `₦${part}`}(buyer ${b})`, async (w) => {
    await checkout(b, { paid: 2, free: 0 }, 'verify', true).run({}, w);
    await (part === 'seat' ? refundSeat(b) : refundAmount(b, part)).run({}, w);
  });

const sweepNow = () => cmd('sweep (expiries, then offers)', sweep);

/** The newest paid order of buyer b in this run, and its first live ticket. */
async function paidOrderOf(w: World, b: number) {
  const [row] = await queryRows<{ id: string; ticket: string | null; code: string | null }>(
    w.h.t.deps.db,
    sql`select o.id, t.id as ticket, t.code from orders o
      left join lateral (select id, code from issued_tickets where order_id = o.id and revoked_at is null
        order by seat, created_at limit 1) t on true
      where o.event_id = ${w.eventId} and o.buyer_user_id = ${w.buyers[b]!.id} and o.status = 'paid'
      order by o.created_at desc limit 1`,
  );
  return row ?? null;
}

const requestKey = () => `k${randomUUID().replaceAll('-', '').slice(0, 24)}`;

const refundSeat = (b: number) =>
  cmd(`organiser refunds a seat(buyer ${b})`, async (w) => {
    const order = await paidOrderOf(w, b);
    if (!order?.ticket) return;
    await call(w, w.h.organiser, 'POST', `/api/orders/${order.id}/refunds`, {
      tickets: [order.ticket],
      reason: 'Cannot come',
      requestKey: requestKey(),
    });
  });

const refundAmount = (b: number, naira: number) =>
  cmd(`organiser refunds ₦${naira}(buyer ${b})`, async (w) => {
    const order = await paidOrderOf(w, b);
    if (!order) return;
    await call(w, w.h.organiser, 'POST', `/api/orders/${order.id}/refunds`, {
      amountNaira: naira,
      reason: 'Goodwill',
      requestKey: requestKey(),
    });
  });

const transfer = (b: number) =>
  cmd(`transfer a ticket(buyer ${b} → buyer ${(b + 1) % 3})`, async (w) => {
    const order = await paidOrderOf(w, b);
    if (!order?.code) return;
    const to = w.buyers[(b + 1) % 3]!;
    await call(w, w.buyers[b]!, 'POST', `/api/tickets/code/${encodeURIComponent(order.code)}/transfer`, {
      firstName: to.firstName,
      lastName: to.lastName,
      email: to.email,
    });
  });

/** A change of date: the hold's seats move to the other night (PUT items). */
const changeDate = (b: number, night: Night, quantity: number) =>
  cmd(`change date(buyer ${b}, to night ${night}, ${quantity})`, async (w) => {
    const id = w.latest[b];
    if (id)
      await call(w, w.buyers[b]!, 'PUT', `/api/orders/${id}/items`, {
        items: { [typeOf(w, night)]: quantity },
      });
  });

export function waitlistAndAfterSaleCommands(mode: Mode): fc.Arbitrary<Cmd>[] {
  const paths: Path[] =
    mode === 'paystack' ? ['webhook', 'verify', 'sweeper'] : ['page', 'verify', 'sweeper'];
  const night = fc.constantFrom<Night>('one', 'two');
  const outcome = fc.oneof(fc.constant(true), fc.boolean());
  const other = fc.integer({ min: 0, max: 2 });
  const sellingOut = fc
    .tuple(buyerArb, other, night, fc.integer({ min: 1, max: 2 }))
    .map(([b, c, n, q]) => sellOutAndWait(b, c, n, q));
  const scene = fc
    .tuple(
      buyerArb,
      other,
      night,
      fc.integer({ min: 1, max: 2 }),
      fc.constantFrom<Release>('let go', 'run out', 'move night', 'cut'),
      fc.constantFrom(...paths),
      outcome,
    )
    .map(([b, c, n, q, r, p, s]) => queueScene(b, c, n, q, r, p, s));
  return [
    sellingOut,
    scene,
    scene,
    fc
      .tuple(buyerArb, fc.oneof(fc.constant<'seat'>('seat'), fc.constantFrom(250, 1000, 5000)))
      .map(([b, p]) => buyThenRefund(b, p)),
    fc.tuple(buyerArb, night, fc.integer({ min: 1, max: 3 })).map(([b, n, q]) => join(b, n, q)),
    fc.tuple(buyerArb, night).map(([b, n]) => leave(b, n)),
    fc.tuple(buyerArb, fc.constantFrom(...paths), outcome).map(([b, p, s]) => claim(b, p, s)),
    fc.constant(sweepNow()),
    buyerArb.map(refundSeat),
    fc.tuple(buyerArb, fc.constantFrom(250, 1000, 5000)).map(([b, n]) => refundAmount(b, n)),
    buyerArb.map(transfer),
    fc.tuple(buyerArb, night, fc.integer({ min: 1, max: 2 })).map(([b, n, q]) => changeDate(b, n, q)),
  ];
}
