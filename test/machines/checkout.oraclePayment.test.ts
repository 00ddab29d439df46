import { beforeEach, describe, expect, it, vi } from 'vitest';
import { HOLD_ENDED_MESSAGE } from '../../machines/checkout.machine';
import { httpError, networkError } from '../helpers/callErrors';
import { driveCheckout } from '../helpers/checkoutDrive';
import { event, NOW, ORDER_ID, order, PAID_ID } from '../helpers/checkoutFixtures';
import { buyer, load, withClock } from '../helpers/checkoutModel';

/**
 * The checkout's payment step, the return from the provider and the hold's countdown, against
 * expectations written here from decision 012 (see checkout.oracle.test.ts for why).
 */
beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(NOW);
});

const TERMS = 'Please accept the terms and conditions, refund and privacy policy to continue';

/** Opened on /checkout/.../payment with a live hold of `seconds`. */
async function atPayment(seconds = 600, over: Parameters<typeof order>[0] = {}) {
  const c = driveCheckout({ eventId: event._id, orderId: ORDER_ID, step: 'payment', buyer });
  await vi.advanceTimersByTimeAsync(0);
  expect(c.calls.loadCheckout).toEqual([{ eventId: event._id, orderId: ORDER_ID, verify: false }]);
  await c.resolve('loadCheckout', load(over, seconds));
  return c;
}

describe('checkout: a reload resumes the order', () => {
  it('brings back what the buyer entered, on the step whose URL was opened, with the hold running', async () => {
    const c = driveCheckout({ eventId: event._id, orderId: ORDER_ID, step: 'contact', buyer });
    await vi.advanceTimersByTimeAsync(0);
    await c.resolve(
      'loadCheckout',
      load(
        {
          buyer: { firstName: 'Ngozi', lastName: 'Ibe', email: 'ngozi@example.ng', phone: '+447911123456' },
          attendees: [{ ticketId: PAID_ID, firstName: 'Chidi', lastName: 'Eze', email: 'chidi@example.ng' }],
          emailUpdates: true,
          answers: [{ questionId: 'q1', value: 'U2026/1' }],
        },
        420,
      ),
    );
    expect(c.snap().value).toEqual({ flow: 'contact', hold: 'counting' });
    expect(c.context()).toMatchObject({
      requested: 'contact',
      orderId: ORDER_ID,
      secondsLeft: 420,
      quantities: { [PAID_ID]: 1 },
      contact: {
        firstName: 'Ngozi',
        lastName: 'Ibe',
        email: 'ngozi@example.ng',
        confirmEmail: 'ngozi@example.ng',
        countryCode: '+44',
        phone: '7911123456',
      },
      sendToOthers: true,
      attendees: [
        {
          ticketId: PAID_ID,
          ticketName: 'Regular',
          firstName: 'Chidi',
          lastName: 'Eze',
          email: 'chidi@example.ng',
          confirmEmail: 'chidi@example.ng',
        },
      ],
      emailUpdates: true,
      answers: { q1: 'U2026/1' },
    });
    expect(c.remembered).toEqual([]);
  });

  it('on the payment URL, shows the payment step with the order', async () => {
    const c = await atPayment(600);
    expect(c.snap().value).toEqual({ flow: { payment: 'idle' }, hold: 'counting' });
    expect(c.context()).toMatchObject({ requested: 'payment', order: order(), secondsLeft: 600 });
  });
});

describe('checkout: discount codes', () => {
  it('asks for a code, applies it trimmed and says so, or says why not', async () => {
    const c = await atPayment();
    c.send({ type: 'discount.apply' });
    expect(c.snap().value).toEqual({ flow: { payment: 'idle' }, hold: 'counting' });
    expect(c.context()).toMatchObject({ discountError: 'Enter a discount code', discountNotice: null });
    c.send({ type: 'discount.change', code: '  EARLYBIRD ' });
    expect(c.context()).toMatchObject({ discountCode: '  EARLYBIRD ', discountError: null });
    c.send({ type: 'discount.apply' });
    expect(c.snap().value).toEqual({ flow: { payment: 'applyingDiscount' }, hold: 'counting' });
    expect(c.calls.applyDiscount).toEqual([{ orderId: ORDER_ID, code: 'EARLYBIRD' }]);
    await c.reject('applyDiscount', httpError(400, 'This code has expired'));
    expect(c.snap().value).toEqual({ flow: { payment: 'idle' }, hold: 'counting' });
    expect(c.context().discountError).toBe('This code has expired');
    c.send({ type: 'discount.apply' });
    expect(c.context().discountError).toBeNull();
    await c.reject('applyDiscount', networkError());
    expect(c.context().discountError).toBe('That code could not be applied.');
    c.send({ type: 'discount.apply' });
    const discounted = order({ discountCode: 'EARLYBIRD', discount: 500, total: 4567.5 });
    await c.resolve('applyDiscount', { order: discounted, secondsLeft: 550 });
    expect(c.context()).toMatchObject({
      order: discounted,
      secondsLeft: 550,
      discountCode: '',
      discountError: null,
      discountNotice: 'Code EARLYBIRD applied.',
    });
    expect(c.snap().value).toEqual({ flow: { payment: 'idle' }, hold: 'counting' });
    // A typed code clears the last error, not the notice.
    c.send({ type: 'discount.change', code: 'X' });
    expect(c.context().discountNotice).toBe('Code EARLYBIRD applied.');
    c.send({ type: 'discount.apply' });
    expect(c.context().discountNotice).toBeNull();
    await c.reject('applyDiscount', httpError(400, 'One code per order'));
    expect(c.context().discountNotice).toBeNull();
    expect(c.context().discountError).toBe('One code per order');
  });

  it('removes an applied code only, and says so', async () => {
    const c = await atPayment(600, { discountCode: 'EARLYBIRD', discount: 500 });
    c.send({ type: 'discount.remove' });
    expect(c.snap().value).toEqual({ flow: { payment: 'removingDiscount' }, hold: 'counting' });
    expect(c.calls.removeDiscount).toEqual([{ orderId: ORDER_ID }]);
    await c.reject('removeDiscount', networkError());
    expect(c.context().discountError).toBe('The code could not be removed.');
    c.send({ type: 'discount.remove' });
    expect(c.context()).toMatchObject({ discountError: null, discountNotice: null });
    await c.reject('removeDiscount', httpError(409, 'The order is paid'));
    expect(c.context().discountError).toBe('The order is paid');
    c.send({ type: 'discount.remove' });
    await c.resolve('removeDiscount', withClock({}, 500));
    expect(c.context()).toMatchObject({
      order: order(),
      secondsLeft: 500,
      discountNotice: 'Discount code removed.',
      discountError: null,
    });
    c.send({ type: 'discount.remove' });
    expect(c.snap().value).toEqual({ flow: { payment: 'idle' }, hold: 'counting' });
    expect(c.calls.removeDiscount).toHaveLength(3);
  });
});

describe('checkout: paying', () => {
  it('asks for the terms, sends the email choice, and says why a payment did not start', async () => {
    const c = await atPayment();
    c.send({ type: 'payment.submit' });
    expect(c.snap().value).toEqual({ flow: { payment: 'idle' }, hold: 'counting' });
    expect(c.context().termsError).toBe(TERMS);
    expect(c.calls.payOrder).toEqual([]);
    c.send({ type: 'terms.change', accepted: true });
    expect(c.context()).toMatchObject({ acceptTerms: true, termsError: null });
    c.send({ type: 'updates.change', accepted: true });
    expect(c.context().emailUpdates).toBe(true);
    c.send({ type: 'payment.submit' });
    expect(c.snap().value).toEqual({ flow: 'paying', hold: 'counting' });
    expect(c.calls.payOrder).toEqual([{ orderId: ORDER_ID, emailUpdates: true }]);
    await c.reject('payOrder', httpError(400, 'Please accept the terms'));
    expect(c.snap().value).toEqual({ flow: { payment: 'idle' }, hold: 'counting' });
    expect(c.context().error).toBe('Please accept the terms');
    c.send({ type: 'payment.submit' });
    expect(c.context().error).toBeNull();
    await c.reject('payOrder', networkError());
    expect(c.context().error).toBe('We could not start the payment. Please try again.');
    c.send({ type: 'terms.change', accepted: false });
    c.send({ type: 'updates.change', accepted: false });
    expect(c.context()).toMatchObject({ acceptTerms: false, emailUpdates: false });
    c.send({ type: 'terms.change', accepted: true });
    c.send({ type: 'payment.submit' });
    expect(c.calls.payOrder.at(-1)).toEqual({ orderId: ORDER_ID, emailUpdates: false });
    await c.resolve('payOrder', { authorizationUrl: '/pay/test/GP-1-a', reference: 'GP-1-a' });
    expect(c.snap().value).toEqual({ flow: 'redirecting', hold: 'counting' });
    expect(c.redirects).toEqual([{ url: '/pay/test/GP-1-a' }]);
  });

  it('a free order is confirmed at once and the countdown stops', async () => {
    const c = await atPayment();
    c.send({ type: 'terms.change', accepted: true });
    c.send({ type: 'payment.submit' });
    const paid = order({ status: 'paid', payment: 'success', total: 0 });
    await c.resolve('payOrder', { order: paid });
    expect(c.snap().value).toEqual({ flow: 'confirmed', hold: 'idle' });
    expect(c.context()).toMatchObject({ order: paid, requested: 'confirmation', error: null });
    expect(c.redirects).toEqual([]);
  });

  it('an order that moved on (409) is asked for again, verified, and shown where it stands', async () => {
    const c = await atPayment();
    c.send({ type: 'terms.change', accepted: true });
    c.send({ type: 'payment.submit' });
    await c.reject('payOrder', httpError(409, 'Your reservation has ended.'));
    expect(c.snap().value).toEqual({ flow: 'loading', hold: 'counting' });
    expect(c.context()).toMatchObject({ requested: 'confirmation', error: null });
    expect(c.calls.loadCheckout.at(-1)).toEqual({ eventId: event._id, orderId: ORDER_ID, verify: true });
    await c.resolve('loadCheckout', load({ payment: 'failed' }, 200));
    expect(c.snap().value).toEqual({ flow: 'failed', hold: 'counting' });
    expect(c.context()).toMatchObject({ requested: 'confirmation', secondsLeft: 200 });
    c.send({ type: 'payment.retry' });
    expect(c.snap().value).toEqual({ flow: { payment: 'idle' }, hold: 'counting' });
    expect(c.context()).toMatchObject({ requested: 'payment', error: null });
  });

  it('a deadline that passed while the call ran ends in expired once the call fails', async () => {
    const c = await atPayment(2);
    c.send({ type: 'terms.change', accepted: true });
    c.send({ type: 'payment.submit' });
    await vi.advanceTimersByTimeAsync(1000);
    expect(c.context().secondsLeft).toBe(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(c.snap().value).toEqual({ flow: 'paying', hold: 'over' });
    expect(c.context().secondsLeft).toBe(0);
    await c.reject('payOrder', networkError());
    expect(c.snap().value).toEqual({ flow: 'expired', hold: 'idle' });
    expect(HOLD_ENDED_MESSAGE).toBe('Your reservation has ended and the tickets were released.');
  });

  it('Back goes to the step asked for', async () => {
    const c = await atPayment();
    c.send({ type: 'step.back', to: 'selection' });
    expect(c.snap().value).toEqual({ flow: 'selection', hold: 'counting' });
    const d = await atPayment();
    d.send({ type: 'step.back', to: 'contact' });
    expect(d.snap().value).toEqual({ flow: 'contact', hold: 'counting' });
  });
});

describe('checkout: the end of a hold', () => {
  it('counts down, expires, and starts again from a fresh selection with nothing of the old order', async () => {
    const d = await atPayment(2);
    d.send({ type: 'discount.change', code: 'EARLYBIRD' });
    d.send({ type: 'discount.apply' });
    await d.reject('applyDiscount', networkError());
    d.send({ type: 'terms.change', accepted: true });
    await vi.advanceTimersByTimeAsync(1000);
    expect(d.snap().value).toEqual({ flow: { payment: 'idle' }, hold: 'counting' });
    await vi.advanceTimersByTimeAsync(1000);
    expect(d.snap().value).toEqual({ flow: 'expired', hold: 'idle' });
    expect(d.context().secondsLeft).toBe(0);
    d.send({ type: 'checkout.restart' });
    expect(d.snap().value).toEqual({ flow: 'loading', hold: 'idle' });
    expect(d.context()).toMatchObject({
      order: null,
      orderId: null,
      requested: 'selection',
      discountCode: '',
      discountError: null,
      discountNotice: null,
      acceptTerms: false,
      termsError: null,
    });
    expect(d.remembered).toEqual([{ eventId: event._id, orderId: null, quantities: { [PAID_ID]: 1 } }]);
    expect(d.calls.loadCheckout.at(-1)).toEqual({ eventId: event._id, orderId: null, verify: false });
  });

  it('a hold that ends on the selection, contact or failed step says so there', async () => {
    for (const step of ['selection', 'contact'] as const) {
      const c = driveCheckout({ eventId: event._id, orderId: ORDER_ID, step, buyer });
      await vi.advanceTimersByTimeAsync(0);
      await c.resolve('loadCheckout', load({}, 1));
      expect(c.snap().value).toEqual({ flow: step, hold: 'counting' });
      await vi.advanceTimersByTimeAsync(1000);
      expect(c.snap().value).toEqual({ flow: 'expired', hold: 'idle' });
    }
    const f = driveCheckout({ orderId: ORDER_ID, step: 'confirmation', buyer });
    await vi.advanceTimersByTimeAsync(0);
    await f.resolve('loadCheckout', load({ payment: 'failed' }, 1));
    expect(f.snap().value).toEqual({ flow: 'failed', hold: 'counting' });
    await vi.advanceTimersByTimeAsync(1000);
    expect(f.snap().value).toEqual({ flow: 'expired', hold: 'idle' });
  });
});

describe('checkout: edges of the steps', () => {
  it('a code of spaces is no code; an empty Apply clears the last notice', async () => {
    const c = await atPayment(600);
    c.send({ type: 'discount.change', code: 'EARLYBIRD' });
    c.send({ type: 'discount.apply' });
    await c.resolve('applyDiscount', withClock({ discountCode: 'EARLYBIRD' }, 600));
    c.send({ type: 'discount.change', code: '   ' });
    c.send({ type: 'discount.apply' });
    expect(c.snap().value).toEqual({ flow: { payment: 'idle' }, hold: 'counting' });
    expect(c.context()).toMatchObject({ discountError: 'Enter a discount code', discountNotice: null });
    expect(c.calls.applyDiscount).toHaveLength(1);
  });

  it('a payment answer that is neither paid nor a provider page sends the browser nowhere useful', async () => {
    const c = await atPayment();
    c.send({ type: 'terms.change', accepted: true });
    c.send({ type: 'payment.submit' });
    await c.resolve('payOrder', { order: order() });
    expect(c.snap().value).toEqual({ flow: 'redirecting', hold: 'counting' });
    expect(c.redirects).toEqual([{ url: '' }]);
  });

  it('Back from the contact step clears the reservation’s failure', async () => {
    const c = driveCheckout({ eventId: event._id, orderId: ORDER_ID, step: 'contact', buyer });
    await vi.advanceTimersByTimeAsync(0);
    await c.resolve('loadCheckout', load({}, 600));
    c.send({ type: 'contact.submit' });
    await c.reject('reserveOrder', networkError());
    expect(c.context().error).not.toBeNull();
    c.send({ type: 'step.back', to: 'selection' });
    expect(c.snap().value).toEqual({ flow: 'selection', hold: 'counting' });
    expect(c.context().error).toBeNull();
  });

  it('the selection URL of a paid order starts a new selection without it', async () => {
    const c = driveCheckout({ eventId: event._id, orderId: ORDER_ID, step: 'selection', buyer });
    await vi.advanceTimersByTimeAsync(0);
    await c.resolve('loadCheckout', load({ status: 'paid', payment: 'success' }, 600));
    expect(c.snap().value).toEqual({ flow: 'selection', hold: 'idle' });
    expect(c.context()).toMatchObject({ order: null, orderId: null, quantities: {} });
    expect(c.remembered).toEqual([{ eventId: event._id, orderId: null, quantities: {} }]);
  });
});
