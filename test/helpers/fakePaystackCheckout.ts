import { createHmac } from 'node:crypto';
import { type FakePaystack, fail, ok } from './fakePaystack';

/**
 * Checkout's routes on the fake Paystack server: /transaction/initialize (with Paystack's dynamic
 * `split`, checked and settled per subaccount when paid), /transaction/verify/:ref
 * and /refund (POST and the list, GET), with a ledger tests drive (`pay(reference)` as if the buyer paid on Paystack's page)
 * and signed webhooks exactly as Paystack sends them.
 */
export type FakeTransaction = {
  id: number;
  reference: string;
  email: string;
  amount: number;
  currency: string;
  status: 'pending' | 'success' | 'failed' | 'abandoned' | 'reversed';
  paidAt: string | null;
  /** What Paystack keeps, in kobo, as verify and charge.success report it (`fees`); null: not reported. */
  fees: number | null;
  body: Record<string, unknown>;
  /** The dynamic split initialize carried (Paystack's `split`), or null. */
  split: FakeSplit | null;
  /** Once paid: kobo settled to each subaccount of the split, and to the main account ('main'). */
  settled: Record<string, number>;
};

/**
 * Paystack's local price as its pricing page states it (1.5 % + ₦100, the ₦100 waived under ₦2,500,
 * capped at ₦2,000), written here apart from the app's own copy so a test compares two readings.
 */
export function fakePaystackFee(amountKobo: number): number {
  const percent = Math.round(amountKobo * 0.015);
  return Math.min(200_000, percent + (amountKobo >= 250_000 ? 10_000 : 0));
}

export type FakeSplit = {
  type: 'flat' | 'percentage';
  bearer_type: string;
  subaccounts: { subaccount: string; share: number }[];
};

/**
 * Checks a `split` as Paystack does on initialize: a known type and bearer, at least one
 * ACCT_ subaccount, whole positive shares, flat shares within the amount, percentages within 100.
 * Answers the error message, or null when it is acceptable.
 */
function splitProblem(split: unknown, amount: number): string | null {
  const s = split as Partial<FakeSplit> | null;
  if (!s || typeof s !== 'object') return 'Invalid split';
  if (s.type !== 'flat' && s.type !== 'percentage') return 'Invalid split type';
  if (!['account', 'subaccount', 'all-proportional', 'all'].includes(String(s.bearer_type)))
    return 'Invalid bearer type';
  if (!Array.isArray(s.subaccounts) || s.subaccounts.length === 0) return 'Split needs subaccounts';
  for (const part of s.subaccounts) {
    if (typeof part?.subaccount !== 'string' || !part.subaccount.startsWith('ACCT_'))
      return 'Invalid subaccount in split';
    if (!Number.isInteger(part.share) || part.share <= 0) return 'Invalid share in split';
  }
  const total = s.subaccounts.reduce((n, part) => n + part.share, 0);
  if (s.type === 'flat' && total > amount) return 'Split shares exceed the transaction amount';
  if (s.type === 'percentage' && total > 100) return 'Split percentages exceed 100';
  return null;
}

/** What each party receives of a paid amount under a split; the main account keeps the rest. */
function settle(split: FakeSplit | null, amount: number): Record<string, number> {
  if (!split) return { main: amount };
  const settled: Record<string, number> = {};
  for (const part of split.subaccounts) {
    settled[part.subaccount] = split.type === 'flat' ? part.share : Math.floor((amount * part.share) / 100);
  }
  settled.main = amount - Object.values(settled).reduce((n, v) => n + v, 0);
  return settled;
}

export type FakeCheckout = {
  transactions: Map<string, FakeTransaction>;
  /** Refunds POST /refund queued, as GET /refund lists them (`transactionId` is the payment's id). */
  refunds: { transaction: string | number; transactionId: number; amount?: number; status: string }[];
  /** The buyer pays on the (fake) Paystack page; `amount` lets a test pay a different sum. */
  pay(reference: string, amount?: number): FakeTransaction;
  decline(reference: string): void;
  /** A webhook body and its x-paystack-signature header (signed with `secret`, default the fake's). */
  webhook(event: string, data: Record<string, unknown>, secret?: string): { body: string; signature: string };
  chargeSuccess(reference: string, secret?: string): { body: string; signature: string };
};

export function sign(body: string, secret: string): string {
  return createHmac('sha512', secret).update(body).digest('hex');
}

export function addCheckoutRoutes(fake: FakePaystack): FakeCheckout {
  let counter = 1000;
  const state: FakeCheckout = {
    transactions: new Map(),
    refunds: [],
    pay(reference, amount) {
      const t = state.transactions.get(reference);
      if (!t) throw new Error(`no fake transaction ${reference}`);
      t.status = 'success';
      t.paidAt = new Date().toISOString();
      if (amount !== undefined) t.amount = amount;
      t.fees = fakePaystackFee(t.amount);
      t.settled = settle(t.split, t.amount);
      return t;
    },
    decline(reference) {
      const t = state.transactions.get(reference);
      if (t) t.status = 'failed';
    },
    webhook(event, data, secret = fake.secret) {
      const body = JSON.stringify({ event, data });
      return { body, signature: sign(body, secret) };
    },
    chargeSuccess(reference, secret) {
      const t = state.transactions.get(reference);
      if (!t) throw new Error(`no fake transaction ${reference}`);
      return state.webhook(
        'charge.success',
        {
          id: t.id,
          reference,
          status: 'success',
          amount: t.amount,
          currency: t.currency,
          paid_at: t.paidAt,
          fees: t.fees,
        },
        secret,
      );
    },
  };

  fake.route('POST', '/transaction/initialize', (req) => {
    const body = req.body as Record<string, unknown>;
    const reference = String(body?.reference ?? '');
    if (!body?.email || !Number.isInteger(body.amount) || !/^[A-Za-z0-9.=-]+$/.test(reference)) {
      return fail(400, 'Invalid transaction parameters');
    }
    if (state.transactions.has(reference)) return fail(400, 'Duplicate Transaction Reference');
    if (body.split !== undefined) {
      const problem = splitProblem(body.split, body.amount as number);
      if (problem) return fail(400, problem);
    }
    counter += 1;
    state.transactions.set(reference, {
      id: counter,
      reference,
      email: String(body.email),
      amount: body.amount as number,
      currency: String(body.currency ?? 'NGN'),
      status: 'pending',
      paidAt: null,
      fees: null,
      body,
      split: (body.split as FakeSplit | undefined) ?? null,
      settled: {},
    });
    return ok(
      {
        authorization_url: `https://checkout.paystack.test/${reference}`,
        access_code: `ac_${counter}`,
        reference,
      },
      'Authorization URL created',
    );
  });

  fake.route('GET', '/transaction/verify/:reference', (req) => {
    const t = state.transactions.get(req.params.reference!);
    if (!t) return fail(400, 'Transaction reference not found');
    return ok(
      {
        id: t.id,
        status: t.status === 'pending' ? 'ongoing' : t.status,
        reference: t.reference,
        amount: t.amount,
        currency: t.currency,
        paid_at: t.paidAt,
        fees: t.fees,
        split: t.split ?? {},
      },
      'Verification successful',
    );
  });

  fake.route('POST', '/refund', (req) => {
    const body = req.body as { transaction?: string | number; amount?: number };
    const t = [...state.transactions.values()].find(
      (x) => String(x.id) === String(body?.transaction) || x.reference === body?.transaction,
    );
    if (t?.status !== 'success') return fail(400, 'Transaction has not been paid');
    state.refunds.push({
      transaction: body.transaction!,
      transactionId: t.id,
      amount: body.amount,
      status: 'pending',
    });
    return ok(
      {
        transaction: { id: t.id, reference: t.reference },
        amount: body.amount ?? t.amount,
        status: 'pending',
      },
      'Refund has been queued for processing',
    );
  });

  // List refunds, narrowed to one payment by ?transaction= (its id or reference); amounts as strings,
  // as Paystack sometimes sends them.
  fake.route('GET', '/refund', (req) => {
    const wanted = req.query.get('transaction');
    const t = [...state.transactions.values()].find((x) => String(x.id) === wanted || x.reference === wanted);
    const listed = state.refunds.filter((r) => !wanted || r.transactionId === t?.id);
    return ok(
      listed.map((r, i) => ({
        id: 9000 + i,
        transaction: r.transactionId,
        amount: String(r.amount ?? t?.amount ?? 0),
        currency: 'NGN',
        status: r.status,
      })),
      'Refunds retrieved',
    );
  });

  return state;
}
