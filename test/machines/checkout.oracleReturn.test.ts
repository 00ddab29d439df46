import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CheckoutQuestion } from '../../contract/questions';
import { holdUnanswered } from '../../machines/checkout/context';
import { resumeAt, STEP_ORDER } from '../../machines/checkout/resume';
import { networkError } from '../helpers/callErrors';
import { driveCheckout } from '../helpers/checkoutDrive';
import { event, NOW, ORDER_ID, order, PAID_ID, tickets } from '../helpers/checkoutFixtures';
import { buyer, load, withClock } from '../helpers/checkoutModel';

/**
 * Back from the payment provider (/orders/{id}) and where a reload resumes, against expectations
 * written here from decision 012 (see checkout.oracle.test.ts for why).
 */
beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(NOW);
});

async function returned(over: Parameters<typeof order>[0], seconds = 600) {
  const c = driveCheckout({ orderId: ORDER_ID, step: 'confirmation', buyer });
  await vi.advanceTimersByTimeAsync(0);
  expect(c.calls.loadCheckout).toEqual([{ eventId: null, orderId: ORDER_ID, verify: true }]);
  await c.resolve('loadCheckout', load(over, seconds));
  return c;
}

describe('checkout: back from the provider', () => {
  it('asks the provider every 2 s while the payment is pending, the countdown stopped', async () => {
    const c = await returned({ payment: 'pending' });
    expect(c.snap().value).toEqual({ flow: 'processing', hold: 'idle' });
    expect(c.context()).toMatchObject({ requested: 'confirmation', eventId: event._id, orderId: ORDER_ID });
    await vi.advanceTimersByTimeAsync(1999);
    expect(c.calls.verifyOrder).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(c.snap().value).toEqual({ flow: 'verifying', hold: 'idle' });
    expect(c.calls.verifyOrder).toEqual([{ orderId: ORDER_ID }]);
    // A dropped connection: ask again.
    await c.reject('verifyOrder', networkError());
    expect(c.snap().value).toEqual({ flow: 'processing', hold: 'idle' });
    await vi.advanceTimersByTimeAsync(2000);
    await c.resolve('verifyOrder', withClock({ payment: 'pending' }, 500));
    expect(c.snap().value).toEqual({ flow: 'processing', hold: 'idle' });
    expect(c.context()).toMatchObject({ secondsLeft: 500, order: order({ payment: 'pending' }) });
    await vi.advanceTimersByTimeAsync(2000);
    await c.resolve('verifyOrder', withClock({ payment: 'failed' }, 300));
    expect(c.snap().value).toEqual({ flow: 'failed', hold: 'counting' });
    expect(c.context()).toMatchObject({ secondsLeft: 300, order: order({ payment: 'failed' }) });
    await vi.advanceTimersByTimeAsync(1000);
    expect(c.context().secondsLeft).toBe(299);
  });

  it.each([
    [{ status: 'paid', payment: 'success' }, 'confirmed', 'idle'],
    [{ status: 'expired' }, 'expired', 'idle'],
    [{ status: 'refund_due', statusMessage: 'Refund due.' }, 'ended', 'idle'],
  ] as const)('a verified %o shows %s', async (over, flow, hold) => {
    const c = await returned({ payment: 'pending' });
    await vi.advanceTimersByTimeAsync(2000);
    await c.resolve('verifyOrder', withClock(over, 100));
    expect(c.snap().value).toEqual({ flow, hold });
    expect(c.context().order).toEqual(order(over));
    expect(c.context().requested).toBe('confirmation');
  });

  it.each([
    [{ status: 'paid', payment: 'success' }, 'confirmed', 'idle'],
    [{ status: 'expired' }, 'expired', 'idle'],
    [{ status: 'refunded', statusMessage: 'Refunded.' }, 'ended', 'idle'],
    [{ payment: 'failed' }, 'failed', 'counting'],
    [{ payment: 'success' }, 'processing', 'idle'],
    [{ payment: 'none' }, 'payment', 'counting'],
  ] as const)('a loaded %o resumes at %s', async (over, flow, hold) => {
    const c = await returned(over);
    const value = c.snap().value as { flow: unknown; hold: string };
    expect(value.hold).toBe(hold);
    expect(flow === 'payment' ? value.flow : value.flow).toEqual(
      flow === 'payment' ? { payment: 'idle' } : flow,
    );
    expect(c.context().order).toEqual(order(over));
    expect(c.context().requested).toBe(flow === 'payment' ? 'payment' : 'confirmation');
  });

  it('a hold that ran out on the server resumes as expired (0 seconds left)', async () => {
    const c = await returned({}, 0);
    expect(c.snap().value).toEqual({ flow: 'expired', hold: 'idle' });
  });
});

const paid = order({ status: 'paid', payment: 'success' });
const live = order();
describe('checkout: where a reload resumes (resumeAt)', () => {
  it('lists the steps in order', () =>
    expect(STEP_ORDER).toEqual(['selection', 'contact', 'payment', 'confirmation']));

  it.each([
    [null, 600, 'contact', 'fresh'],
    [paid, 0, 'selection', 'fresh'],
    [paid, 0, 'contact', 'confirmed'],
    [order({ status: 'refund_due' }), 0, 'confirmation', 'ended'],
    [order({ status: 'refunded' }), 0, 'payment', 'fresh'],
    [order({ status: 'expired' }), 0, 'selection', 'fresh'],
    [order({ status: 'cancelled' }), 0, 'payment', 'expired'],
    [live, 0, 'selection', 'fresh'],
    [live, 0, 'contact', 'expired'],
    [live, -1, 'payment', 'expired'],
    [live, 1, 'selection', 'selection'],
    [live, 1, 'contact', 'contact'],
    [live, 1, 'payment', 'payment'],
    [live, 1, 'confirmation', 'payment'],
    [order({ payment: 'pending' }), 1, 'confirmation', 'processing'],
    [order({ payment: 'success' }), 1, 'confirmation', 'processing'],
    [order({ payment: 'failed' }), 1, 'confirmation', 'failed'],
    [order({ payment: 'pending' }), 1, 'payment', 'payment'],
  ] as const)('%# an order resumes where the buyer was', (o, seconds, requested, at) =>
    expect(resumeAt(o, seconds, requested)).toBe(at),
  );

  it.each([
    [live, 'payment', 'contact'],
    [live, 'confirmation', 'contact'],
    [order({ payment: 'failed' }), 'confirmation', 'contact'],
    [order({ payment: 'pending' }), 'payment', 'processing'],
    [order({ payment: 'success' }), 'confirmation', 'processing'],
    [live, 'selection', 'selection'],
    [live, 'contact', 'contact'],
  ] as const)('%# a hold with a required question unanswered asks it before paying', (o, requested, at) =>
    expect(resumeAt(o, 60, requested, true)).toBe(at),
  );
});

const required: CheckoutQuestion = {
  id: '9a000000-0000-4000-8000-000000000003',
  label: 'Dinner?',
  kind: 'yes_no',
  scope: 'order',
  required: true,
  options: [],
};
describe('checkout: a hold made for the buyer (waiting-list offer)', () => {
  const out = (o: typeof live | null, questions: CheckoutQuestion[] | undefined) => ({
    event,
    tickets,
    questions,
    order: o,
    secondsLeft: 60,
    now: NOW,
  });
  it('knows when a required question is still unanswered', () => {
    expect(holdUnanswered(out(live, [required]))).toBe(true);
    expect(holdUnanswered(out(null, [required]))).toBe(false);
    expect(holdUnanswered(out(live, undefined))).toBe(false);
    expect(holdUnanswered(out(live, [{ ...required, required: false }]))).toBe(false);
    const answered = order({ answers: [{ questionId: required.id, value: false }] });
    expect(holdUnanswered(out(answered, [required]))).toBe(false);
  });

  it('opened on the payment URL, goes to the contact step to ask it', async () => {
    const c = driveCheckout({ eventId: event._id, orderId: ORDER_ID, step: 'payment', buyer });
    await vi.advanceTimersByTimeAsync(0);
    await c.resolve('loadCheckout', { ...load({}, 60), questions: [required] });
    expect(c.snap().value).toEqual({ flow: 'contact', hold: 'counting' });
    expect(c.context()).toMatchObject({
      questions: [required],
      requested: 'contact',
      quantities: { [PAID_ID]: 1 },
    });
  });
});
