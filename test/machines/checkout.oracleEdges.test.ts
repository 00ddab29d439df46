import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ANSWER_MAX, type CheckoutQuestion } from '../../contract/questions';
import { answerErrors, answersFrom } from '../../machines/checkout/answers';
import { contactErrors } from '../../machines/checkout/contact';
import { httpError } from '../helpers/callErrors';
import { driveCheckout } from '../helpers/checkoutDrive';
import { event, NOW, ORDER_ID, PAID_ID, tickets } from '../helpers/checkoutFixtures';
import { buyer, load, withClock } from '../helpers/checkoutModel';

/**
 * Edges of the checkout against values written here from decisions 012, 045 and 050 (see
 * checkout.oracle.test.ts for why): the countdown re-synced by each answer, the end of a hold found on
 * a reload, attendee rows edited one at a time, the longest answer.
 */
beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(NOW);
});

const required: CheckoutQuestion = {
  id: '9a000000-0000-4000-8000-000000000003',
  label: 'Matric number',
  kind: 'text',
  scope: 'order',
  required: true,
  options: [],
};

async function atPayment(seconds = 600) {
  const c = driveCheckout({ eventId: event._id, orderId: ORDER_ID, step: 'payment', buyer });
  await vi.advanceTimersByTimeAsync(0);
  await c.resolve('loadCheckout', load({}, seconds));
  return c;
}

describe('checkout edges', () => {
  it('a fresh answer from the server starts the second over', async () => {
    const c = await atPayment(600);
    await vi.advanceTimersByTimeAsync(500);
    c.send({ type: 'discount.change', code: 'EARLYBIRD' });
    c.send({ type: 'discount.apply' });
    await c.resolve('applyDiscount', withClock({ discountCode: 'EARLYBIRD' }, 550));
    await vi.advanceTimersByTimeAsync(600);
    expect(c.context().secondsLeft).toBe(550);
    await vi.advanceTimersByTimeAsync(400);
    expect(c.context().secondsLeft).toBe(549);
  });

  it('a moved order found refunded ends the flow there, the countdown stopped', async () => {
    const c = await atPayment(600);
    c.send({ type: 'terms.change', accepted: true });
    c.send({ type: 'payment.submit' });
    await c.reject('payOrder', httpError(409, 'Your reservation has ended.'));
    await c.resolve('loadCheckout', load({ status: 'refunded', statusMessage: 'Refunded.' }, 0));
    expect(c.snap().value).toEqual({ flow: 'ended', hold: 'idle' });
    expect(c.context().requested).toBe('confirmation');
  });

  it('a waiting-list hold paid elsewhere but missing an answer waits for the server, on the confirmation', async () => {
    const c = driveCheckout({ eventId: event._id, orderId: ORDER_ID, step: 'payment', buyer });
    await vi.advanceTimersByTimeAsync(0);
    await c.resolve('loadCheckout', { ...load({ payment: 'pending' }, 60), questions: [required] });
    expect(c.snap().value).toEqual({ flow: 'processing', hold: 'idle' });
    expect(c.context().requested).toBe('confirmation');
  });

  it('changes one attendee row, not the others', async () => {
    const c = driveCheckout({ eventId: event._id, step: 'selection', buyer });
    await vi.advanceTimersByTimeAsync(0);
    await c.resolve('loadCheckout', load(null));
    c.send({ type: 'quantity.change', ticketId: PAID_ID, quantity: 2 });
    c.send({ type: 'selection.proceed' });
    c.send({ type: 'attendee.change', index: 1, field: 'firstName', value: 'Chidi' });
    expect(c.context().attendees.map((a) => a.firstName)).toEqual(['', 'Chidi']);
  });

  it('remembers the buyer’s phone without the spaces around it', async () => {
    const c = driveCheckout({ eventId: event._id, step: 'selection', buyer });
    await vi.advanceTimersByTimeAsync(0);
    await c.resolve('loadCheckout', load(null));
    c.send({ type: 'quantity.change', ticketId: PAID_ID, quantity: 1 });
    c.send({ type: 'selection.proceed' });
    c.send({ type: 'contact.change', field: 'confirmEmail', value: 'ada@example.ng' });
    c.send({ type: 'contact.change', field: 'phone', value: ' 8031234567 ' });
    c.send({ type: 'contact.submit' });
    await c.resolve('reserveOrder', withClock({}, 600));
    expect(c.buyers).toEqual([{ email: 'ada@example.ng', countryCode: '+234', phone: '8031234567' }]);
  });

  it('takes an answer of the longest length, trimmed, and refuses a longer one', () => {
    const c = (value: string) => ({
      questions: [required],
      tickets,
      quantities: {},
      answers: { [required.id]: value },
    });
    const longest = 'x'.repeat(ANSWER_MAX);
    expect(answerErrors(c(longest))).toEqual({});
    expect(answerErrors(c(`  ${longest}  `))).toEqual({});
    expect(answersFrom(c(`  ${longest}  `))).toEqual([{ questionId: required.id, value: longest }]);
    expect(Object.keys(answerErrors(c(`${longest}x`)))).toEqual([`answers.${required.id}`]);
  });
});

describe('checkout edges, second round', () => {
  it('a selection URL with a live hold brings the order back and counts it down', async () => {
    const c = driveCheckout({ eventId: event._id, orderId: ORDER_ID, step: 'selection', buyer });
    await vi.advanceTimersByTimeAsync(0);
    await c.resolve('loadCheckout', load({}, 300));
    expect(c.snap().value).toEqual({ flow: 'selection', hold: 'counting' });
    expect(c.context()).toMatchObject({ orderId: ORDER_ID, secondsLeft: 300, quantities: { [PAID_ID]: 1 } });
  });

  it('an applied code the server does not name is still said applied', async () => {
    const c = await atPayment(600);
    c.send({ type: 'discount.change', code: 'EARLYBIRD' });
    c.send({ type: 'discount.apply' });
    await c.resolve('applyDiscount', withClock({}, 600));
    expect(c.context().discountNotice).toBe('Code  applied.');
  });

  it('an attendee’s confirm email of spaces is asked for, not called a mismatch', () => {
    const base = {
      firstName: 'Ada',
      lastName: 'Obi',
      email: 'ada@example.ng',
      confirmEmail: 'ada@example.ng',
      countryCode: '+234' as const,
      phone: '8031234567',
    };
    const row = {
      ticketId: PAID_ID,
      ticketName: 'Regular',
      firstName: 'C',
      lastName: 'E',
      email: 'c@example.ng',
      confirmEmail: '   ',
    };
    expect(contactErrors(base, true, [row])).toEqual({
      'attendees.0.confirmEmail': 'Confirm the email address',
    });
  });
});
