import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { expect } from 'vitest';
import { orderResponse } from '../../contract/orders';
import { queryRows } from '../../server/db/query';
import { discountCodes, orders, paymentAttempts } from '../../server/db/schema';
import { loadTicketSigner } from '../../server/modules/issued-tickets/signing';
import { sweepOnce } from '../../server/modules/orders/sweeper';
import { buyerOf, eventWithTypes, type Person, people } from './checkout';
import type { FakeCheckout } from './fakePaystackCheckout';
import { checkInvariants } from './moneyInvariants';
import { onTwoNights, waitlistAndAfterSaleCommands } from './moneyWaitlist';
import type { TestApp } from './testApp';

/** The world, the commands and the invariants of the money property test (orders-money-property.test.ts). */

export const RUNS = Number(process.env.FC_RUNS ?? 15);
export const SEED = process.env.FC_SEED === undefined ? undefined : Number(process.env.FC_SEED);
const PAID_PRICE = 100_000;
const PAID_CAPACITY = 3;
const FREE_CAPACITY = 2;
const LATE_CAPACITY = 2;

export type Mode = 'paystack' | 'test';

export type Harness = { mode: Mode; t: TestApp; ledger: FakeCheckout | null; organiser: Person };

type Attempt = { reference: string; orderId: string; buyer: number };

/** One run's world: a fresh event, its two types, three buyers, and what they started. */
export type World = {
  h: Harness;
  eventId: string;
  paidType: string;
  freeType: string;
  buyers: Person[];
  latest: (string | null)[];
  attempts: Attempt[];
  /** The second night's paid type: a hold moved onto it is a change of date. */
  lateType: string;
  /** Each waiting-list entry's last place in line, or 'out' once it left the line. */
  places: Map<string, number | 'out'>;
};

export type Model = Record<string, never>;

const quiet = { info() {}, warn() {}, error() {} };

export async function call(
  w: World,
  who: Person | null,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) {
  const res = await w.h.t.app.inject({
    method,
    url,
    ...(payload ? { payload } : {}),
    headers: who ? { authorization: `Bearer ${who.token}` } : {},
  });
  // Refusals are part of the game; a 500 never is.
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(500);
  return res;
}

export async function sweep(w: World) {
  await sweepOnce({
    ...w.h.t.deps,
    signer: await loadTicketSigner(w.h.t.deps.db, undefined),
    log: quiet,
  } as Parameters<typeof sweepOnce>[0]);
}

async function attemptOf(w: World, reference: string) {
  return (
    await w.h.t.deps.db.select().from(paymentAttempts).where(eq(paymentAttempts.reference, reference))
  )[0]!;
}

/** A webhook is answered before it is handled: wait until its handling has landed. */
async function untilSettled(w: World, a: Attempt) {
  for (let i = 0; i < 200; i += 1) {
    const attempt = await attemptOf(w, a.reference);
    const [order] = await w.h.t.deps.db.select().from(orders).where(eq(orders.id, a.orderId));
    const [kept] = await queryRows<{ n: string | number }>(
      w.h.t.deps.db,
      sql`select count(*) as n from payment_attempts where order_id = ${a.orderId}
            and status = 'success' and refund_status is null`,
    );
    const settled =
      attempt.status === 'failed' ||
      (attempt.status === 'success' &&
        (attempt.refundStatus !== null || (order!.status === 'paid' && Number(kept?.n) === 1)));
    if (settled) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`webhook for ${a.reference} never settled`);
}

/* ---------- The commands ---------- */

export type Cmd = fc.AsyncCommand<Model, World>;

export const cmd = (name: string, act: (w: World) => Promise<void>): Cmd => ({
  check: () => true,
  async run(_m, w) {
    await act(w);
    await checkInvariants(w, name);
  },
  toString: () => name,
});

const itemsArb = fc
  .record({ paid: fc.integer({ min: 0, max: 3 }), free: fc.integer({ min: 0, max: 2 }) })
  .filter((q) => q.paid + q.free > 0);

function items(w: World, q: { paid: number; free: number }) {
  return {
    ...(q.paid > 0 ? { [w.paidType]: q.paid } : {}),
    ...(q.free > 0 ? { [w.freeType]: q.free } : {}),
  };
}

// Buyer 0 acts more often than the others, so one buyer's reserve → pay → confirm is common.
export const buyerArb = fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 2 }));
// Counted back from the newest attempt, so most confirmations reach a payment still in play.
const attemptArb = fc.oneof(fc.nat({ max: 1 }), fc.nat({ max: 6 }));

export const reserve = (b: number, q: { paid: number; free: number }) =>
  cmd(`reserve(buyer ${b}, ${q.paid} paid + ${q.free} free)`, async (w) => {
    const res = await call(w, w.buyers[b]!, 'POST', '/api/orders', {
      eventId: w.eventId,
      items: items(w, q),
      buyer: buyerOf(w.buyers[b]!),
    });
    if (res.statusCode === 201) w.latest[b] = orderResponse.parse(res.json()).order._id;
  });

const changeItems = (b: number, q: { paid: number; free: number }) =>
  cmd(`change items(buyer ${b}, ${q.paid} paid + ${q.free} free)`, async (w) => {
    const id = w.latest[b];
    if (id) await call(w, w.buyers[b]!, 'PUT', `/api/orders/${id}/items`, { items: items(w, q) });
  });

const discount = (b: number, code: 'HALF' | 'FREE' | null) =>
  cmd(`discount(buyer ${b}, ${code ?? 'removed'})`, async (w) => {
    const id = w.latest[b];
    if (!id) return;
    if (code) await call(w, w.buyers[b]!, 'POST', `/api/orders/${id}/discount`, { code });
    else await call(w, w.buyers[b]!, 'DELETE', `/api/orders/${id}/discount`);
  });

export const pay = (b: number) =>
  cmd(`pay(buyer ${b})`, async (w) => {
    const id = w.latest[b];
    if (!id) return;
    const res = await call(w, w.buyers[b]!, 'POST', `/api/orders/${id}/pay`, {
      acceptTerms: true,
      emailUpdates: false,
    });
    const reference = res.statusCode === 200 ? (res.json().reference as string | undefined) : undefined;
    if (reference) w.attempts.push({ reference, orderId: id, buyer: b });
  });

export type Path = 'webhook' | 'verify' | 'sweeper' | 'page';

const confirm = (i: number, path: Path, success: boolean) =>
  cmd(`confirm(attempt #${i}, ${path}, ${success ? 'paid' : 'declined'})`, (w) =>
    settle(w, i, path, success),
  );

/** The buyer goes through checkout in one go: choose seats, pay, then the provider's answer arrives. */
export const checkout = (b: number, q: { paid: number; free: number }, path: Path, success: boolean) =>
  cmd(
    `checkout(buyer ${b}, ${q.paid} paid + ${q.free} free, ${path}, ${success ? 'paid' : 'declined'})`,
    async (w) => {
      await reserve(b, q).run({}, w);
      const before = w.attempts.length;
      await pay(b).run({}, w);
      if (w.attempts.length > before) await settle(w, 0, path, success);
    },
  );

/**
 * The attack a reader of the API would try: reserve a seat, start paying, change the seats or the
 * discount, then let that first payment complete.
 */
const changeMidPayment = (b: number, change: { paid: number; free: number } | 'HALF' | null, path: Path) =>
  cmd(`change mid-payment(buyer ${b}, ${JSON.stringify(change)}, ${path})`, async (w) => {
    // One paid seat to start from (a buyer already holding seats has them replaced).
    await reserve(b, { paid: 1, free: 0 }).run({}, w);
    const before = w.attempts.length;
    await pay(b).run({}, w);
    if (w.attempts.length === before) return;
    if (change === null || change === 'HALF') await discount(b, change).run({}, w);
    else await changeItems(b, change).run({}, w);
    await settle(w, 0, path, true);
  });

/** Attempt #i counted back from the newest is paid or declined, and we hear of it by `path`. */
export async function settle(w: World, i: number, path: Path, success: boolean) {
  if (w.attempts.length === 0) return;
  const a = w.attempts[w.attempts.length - 1 - (i % w.attempts.length)]!;
  const { ledger } = w.h;
  if (w.h.mode === 'test' && path === 'page') {
    await call(w, null, 'POST', `/api/payments/test/${a.reference}/${success ? 'approve' : 'decline'}`);
    return;
  }
  if (w.h.mode === 'test') {
    // The buyer decides on the test page first, without the page's own confirmation reaching us.
    await w.h.t.deps.db.execute(
      sql`update test_payments set status = ${success ? 'success' : 'failed'}, decided_at = now()
            where reference = ${a.reference} and status = 'pending'`,
    );
  } else {
    const tx = ledger!.transactions.get(a.reference);
    if (tx?.status === 'pending') {
      if (success) ledger!.pay(a.reference);
      else ledger!.decline(a.reference);
    }
  }
  const delivered = w.h.mode === 'paystack' ? ledger!.transactions.get(a.reference)?.status : null;
  if (path === 'webhook' && delivered === 'success') {
    const { body, signature } = ledger!.chargeSuccess(a.reference);
    await w.h.t.app.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      payload: body,
      headers: { 'content-type': 'application/json', 'x-paystack-signature': signature },
    });
    await untilSettled(w, a);
  } else if (path === 'sweeper') {
    await w.h.t.deps.db
      .update(paymentAttempts)
      .set({ createdAt: sql`now() - interval '5 minutes'` })
      .where(eq(paymentAttempts.reference, a.reference));
    await sweep(w);
  } else {
    await call(w, w.buyers[a.buyer]!, 'POST', `/api/orders/${a.orderId}/verify`);
  }
}

const expire = (b: number) =>
  cmd(`hold runs out(buyer ${b})`, async (w) => {
    const id = w.latest[b];
    if (!id) return;
    await w.h.t.deps.db
      .update(orders)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(orders.id, id));
    // Reading an expired hold expires it, as the sweeper would.
    await call(w, w.buyers[b]!, 'GET', `/api/orders/${id}`);
  });

export const cancel = (b: number, byOrganiser: boolean) =>
  cmd(`cancel(buyer ${b}, by ${byOrganiser ? 'organiser' : 'buyer'})`, async (w) => {
    const id = w.latest[b];
    if (!id) return;
    if (byOrganiser) await call(w, w.h.organiser, 'POST', `/api/orders/${id}/cancel`);
    else await call(w, w.buyers[b]!, 'DELETE', `/api/orders/${id}`);
  });

const refundLands = (i: number) =>
  cmd(`refund.processed(#${i})`, async (w) => {
    const ledger = w.h.ledger;
    if (!ledger || ledger.refunds.length === 0) return;
    const asked = ledger.refunds[i % ledger.refunds.length]!;
    const tx = [...ledger.transactions.values()].find((x) => String(x.id) === String(asked.transaction));
    if (!tx) return;
    // The whole payment (a refund the app asked for itself), or the organiser's refund of part of it.
    const whole = (await attemptOf(w, tx.reference)).refundStatus !== null;
    const amount = whole ? tx.amount : (asked.amount ?? tx.amount);
    const { body, signature } = ledger.webhook('refund.processed', {
      status: 'processed',
      transaction_reference: tx.reference,
      amount: String(amount),
      currency: 'NGN',
    });
    await w.h.t.app.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      payload: body,
      headers: { 'content-type': 'application/json', 'x-paystack-signature': signature },
    });
    for (let k = 0; k < 200; k += 1) {
      if (
        whole
          ? (await attemptOf(w, tx.reference)).refundStatus === 'processed'
          : await partLanded(w, tx.reference)
      )
        return;
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error(`refund.processed for ${tx.reference} never landed`);
  });

/** An organiser's refund of part of a payment has no pending row left (its webhook was handled). */
async function partLanded(w: World, reference: string) {
  const [row] = await queryRows<{ n: string | number }>(
    w.h.t.deps.db,
    sql`select count(*) as n from order_refunds r join payment_attempts a on a.id = r.payment_attempt_id
      where a.reference = ${reference} and r.status <> 'processed'`,
  );
  return Number(row?.n) === 0;
}

export function commandsFor(mode: Mode) {
  const paths: Path[] =
    mode === 'paystack' ? ['webhook', 'verify', 'sweeper'] : ['page', 'verify', 'sweeper'];
  const reserving = fc.tuple(buyerArb, itemsArb).map(([b, q]) => reserve(b, q));
  const paying = buyerArb.map(pay);
  // Three payments in four go through.
  const outcome = fc.oneof(fc.constant(true), fc.boolean());
  const confirming = fc
    .tuple(attemptArb, fc.constantFrom(...paths), outcome)
    .map(([i, p, s]) => confirm(i, p, s));
  const checkingOut = fc
    .tuple(buyerArb, itemsArb, fc.constantFrom(...paths), outcome)
    .map(([b, q, p, s]) => checkout(b, q, p, s));
  // Reserving, paying and confirming come up more often than the rest, so most runs reach money.
  return fc.commands(
    [
      reserving,
      reserving,
      fc.tuple(buyerArb, itemsArb).map(([b, q]) => changeItems(b, q)),
      fc
        .tuple(buyerArb, fc.constantFrom('HALF' as const, 'FREE' as const, null))
        .map(([b, c]) => discount(b, c)),
      paying,
      checkingOut,
      checkingOut,
      fc
        .tuple(
          buyerArb,
          fc.oneof(itemsArb, fc.constantFrom('HALF' as const, null)),
          fc.constantFrom(...paths),
        )
        .map(([b, c, p]) => changeMidPayment(b, c, p)),
      confirming,
      confirming,
      confirming,
      buyerArb.map(expire),
      fc.tuple(buyerArb, fc.boolean()).map(([b, o]) => cancel(b, o)),
      attemptArb.map(refundLands),
      ...waitlistAndAfterSaleCommands(mode),
    ],
    { maxCommands: 10, size: 'max' },
  );
}

/** A fresh event with its two types and two discount codes, and three buyers. */
export async function newWorld(h: Harness): Promise<World> {
  const db = h.t.deps.db;
  const { event, types } = await eventWithTypes(db, h.organiser.id, [
    { name: 'Regular', priceKobo: PAID_PRICE, capacity: PAID_CAPACITY },
    { name: 'Community', priceKobo: 0, capacity: FREE_CAPACITY },
    { name: 'Late', priceKobo: PAID_PRICE, capacity: LATE_CAPACITY },
  ]);
  await onTwoNights(db, event.id, types[0]!.id, types[2]!.id);
  await db.insert(discountCodes).values([
    { eventId: event.id, code: 'HALF', kind: 'percent', percentOff: 50, maxUses: 2 },
    { eventId: event.id, code: 'FREE', kind: 'percent', percentOff: 100 },
  ]);
  return {
    h,
    eventId: event.id,
    paidType: types[0]!.id,
    freeType: types[1]!.id,
    buyers: await people(db, 3),
    latest: [null, null, null],
    attempts: [],
    lateType: types[2]!.id,
    places: new Map(),
  };
}
