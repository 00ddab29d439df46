import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CheckoutInput } from '../../machines/checkout.machine';
import { httpError, networkError } from '../helpers/callErrors';
import { driveCheckout } from '../helpers/checkoutDrive';
import { event, FREE_ID, NOW, ORDER_ID, order, PAID_ID, tickets } from '../helpers/checkoutFixtures';
import { buyer, load, withClock } from '../helpers/checkoutModel';

/**
 * The checkout's choose-tickets and contact steps against expectations written here, from decision
 * 012 and the flow's description (not from the machine): what each load and reservation sends, what
 * the context holds after each step, what the page is asked to remember. The generated paths
 * (checkout.model.test.ts) compare the actor with a model built from the same machine, so they cannot
 * see a changed message, a field no longer set or a call sent with the wrong input; these can.
 */
beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(NOW);
});

const fresh: CheckoutInput = { eventId: event._id, step: 'selection', buyer };
const blankRow = (ticketId: string, ticketName: string) => ({
  ticketId,
  ticketName,
  firstName: '',
  lastName: '',
  email: '',
  confirmEmail: '',
});

async function freshSelection(input: Parameters<typeof driveCheckout>[0] = fresh) {
  const c = driveCheckout(input);
  await vi.advanceTimersByTimeAsync(0);
  await c.resolve('loadCheckout', load(null));
  return c;
}

describe('checkout: choosing tickets', () => {
  it('loads the event with no order, keeps what is still on sale and remembers the selection', async () => {
    const c = driveCheckout({ ...fresh, quantities: { [PAID_ID]: 9, [FREE_ID]: 0 } });
    await vi.advanceTimersByTimeAsync(0);
    expect(c.calls.loadCheckout).toEqual([{ eventId: event._id, orderId: null, verify: false }]);
    await c.resolve('loadCheckout', load(null));
    expect(c.snap().value).toEqual({ flow: 'selection', hold: 'idle' });
    expect(c.context()).toMatchObject({
      event,
      eventId: event._id,
      tickets,
      questions: [],
      loadedAt: NOW,
      order: null,
      orderId: null,
      requested: 'selection',
      // 9 asked, the purchase limit is 4; a 0 is no choice at all.
      quantities: { [PAID_ID]: 4 },
      error: null,
    });
    expect(c.remembered).toEqual([{ eventId: event._id, orderId: null, quantities: { [PAID_ID]: 4 } }]);
  });

  it('changes quantities (0 removes the type), remembering each, and goes on only with a ticket chosen', async () => {
    const c = await freshSelection();
    c.send({ type: 'selection.proceed' });
    expect(c.snap().value).toEqual({ flow: 'selection', hold: 'idle' });
    c.send({ type: 'quantity.change', ticketId: PAID_ID, quantity: 2 });
    c.send({ type: 'quantity.change', ticketId: FREE_ID, quantity: 1 });
    expect(c.context().quantities).toEqual({ [PAID_ID]: 2, [FREE_ID]: 1 });
    c.send({ type: 'quantity.change', ticketId: FREE_ID, quantity: 0 });
    expect(c.context().quantities).toEqual({ [PAID_ID]: 2 });
    expect(c.remembered.at(-1)).toEqual({ eventId: event._id, orderId: null, quantities: { [PAID_ID]: 2 } });
    expect(c.remembered).toHaveLength(4);
    c.send({ type: 'quantity.change', ticketId: FREE_ID, quantity: 1 });
    c.send({ type: 'selection.proceed' });
    expect(c.snap().value).toEqual({ flow: 'contact', hold: 'idle' });
    expect(c.context().requested).toBe('contact');
    // One attendee row per seat, in the order the event lists its types.
    expect(c.context().attendees).toEqual([
      blankRow(PAID_ID, 'Regular'),
      blankRow(PAID_ID, 'Regular'),
      blankRow(FREE_ID, 'Free RSVP'),
    ]);
    expect(c.context().contact).toEqual({
      firstName: 'Ada',
      lastName: 'Obi',
      email: 'ada@example.ng',
      confirmEmail: '',
      countryCode: '+234',
      phone: '',
    });
  });

  it('keeps rows already filled in when going back and changing quantities', async () => {
    const c = await freshSelection();
    c.send({ type: 'quantity.change', ticketId: PAID_ID, quantity: 1 });
    c.send({ type: 'selection.proceed' });
    c.send({ type: 'attendee.change', index: 0, field: 'firstName', value: 'Chidi' });
    c.send({ type: 'step.back', to: 'selection' });
    expect(c.snap().value).toEqual({ flow: 'selection', hold: 'idle' });
    expect(c.context().requested).toBe('selection');
    c.send({ type: 'quantity.change', ticketId: PAID_ID, quantity: 2 });
    c.send({ type: 'selection.proceed' });
    expect(c.context().attendees).toEqual([
      { ...blankRow(PAID_ID, 'Regular'), firstName: 'Chidi' },
      blankRow(PAID_ID, 'Regular'),
    ]);
  });
});

describe('checkout: the contact step', () => {
  async function atContact(input = fresh) {
    const c = await freshSelection(input);
    c.send({ type: 'quantity.change', ticketId: PAID_ID, quantity: 1 });
    c.send({ type: 'selection.proceed' });
    return c;
  }

  it('is quiet until the first Continue, then re-checks every edit', async () => {
    const c = await atContact();
    c.send({ type: 'contact.change', field: 'phone', value: '8031234567' });
    c.send({ type: 'contact.sendToOthers', value: true });
    c.send({ type: 'attendee.change', index: 0, field: 'lastName', value: 'Eze' });
    c.send({ type: 'answer.change', key: 'matric', value: 'U2026/1234' });
    expect(c.context()).toMatchObject({ contactErrors: {}, contactSubmitted: false, sendToOthers: true });
    expect(c.context().answers).toEqual({ matric: 'U2026/1234' });
    c.send({ type: 'contact.sendToOthers', value: false });
    c.send({ type: 'contact.submit' });
    expect(c.snap().value).toEqual({ flow: 'contact', hold: 'idle' });
    expect(c.context().contactSubmitted).toBe(true);
    expect(c.context().contactErrors).toEqual({ confirmEmail: 'Confirm your email address' });
    expect(c.calls.reserveOrder).toEqual([]);
    c.send({ type: 'contact.change', field: 'confirmEmail', value: 'ada@example.com' });
    expect(c.context().contactErrors).toEqual({ confirmEmail: 'Email addresses do not match' });
    c.send({ type: 'contact.change', field: 'confirmEmail', value: 'ADA@example.ng' });
    expect(c.context().contactErrors).toEqual({});
    c.send({ type: 'contact.sendToOthers', value: true });
    // Chidi's row has a last name only: the rest is asked for under it.
    const keys = Object.keys(c.context().contactErrors).sort();
    expect(keys).toEqual(['attendees.0.email', 'attendees.0.firstName']);
    c.send({ type: 'attendee.change', index: 0, field: 'firstName', value: 'Chidi' });
    expect(Object.keys(c.context().contactErrors)).toEqual(['attendees.0.email']);
    expect(c.context().attendees[0]).toEqual({
      ...blankRow(PAID_ID, 'Regular'),
      firstName: 'Chidi',
      lastName: 'Eze',
    });
    c.send({ type: 'attendee.change', index: 0, field: 'email', value: 'chidi@example.ng' });
    expect(c.context().contactErrors).toEqual({ 'attendees.0.confirmEmail': 'Confirm the email address' });
    c.send({ type: 'answer.change', key: 'matric', value: 'U2026/9' });
    expect(c.context().contactErrors).toEqual({ 'attendees.0.confirmEmail': 'Confirm the email address' });
    c.send({ type: 'contact.sendToOthers', value: false });
    expect(c.context().contactErrors).toEqual({});
  });

  it('reserves with the buyer, the items and the access code; says why a reservation failed', async () => {
    const c = await atContact({ ...fresh, accessCode: 'VIP2026' });
    expect(c.calls.loadCheckout).toEqual([
      { eventId: event._id, orderId: null, verify: false, accessCode: 'VIP2026' },
    ]);
    expect(c.remembered[0]).toEqual({
      eventId: event._id,
      orderId: null,
      quantities: {},
      accessCode: 'VIP2026',
    });
    c.send({ type: 'contact.change', field: 'email', value: ' ada@example.ng ' });
    c.send({ type: 'contact.change', field: 'confirmEmail', value: 'ada@example.ng' });
    c.send({ type: 'contact.change', field: 'phone', value: '8031234567' });
    c.send({ type: 'contact.sendToOthers', value: true });
    for (const [field, value] of [
      ['firstName', 'Chidi'],
      ['lastName', 'Eze'],
      ['email', ' chidi@example.ng'],
      ['confirmEmail', 'chidi@example.ng'],
    ] as const)
      c.send({ type: 'attendee.change', index: 0, field, value });
    c.send({ type: 'contact.submit' });
    expect(c.snap().value).toEqual({ flow: 'reserving', hold: 'idle' });
    expect(c.context()).toMatchObject({ contactErrors: {}, contactSubmitted: true, error: null });
    expect(c.calls.reserveOrder).toEqual([
      {
        eventId: event._id,
        items: { [PAID_ID]: 1 },
        buyer: { firstName: 'Ada', lastName: 'Obi', email: 'ada@example.ng', phone: '+2348031234567' },
        attendees: [{ ticketId: PAID_ID, firstName: 'Chidi', lastName: 'Eze', email: 'chidi@example.ng' }],
        accessCode: 'VIP2026',
      },
    ]);
    await c.reject('reserveOrder', httpError(409, 'VIP is sold out'));
    expect(c.snap().value).toEqual({ flow: 'contact', hold: 'idle' });
    expect(c.context().error).toBe('VIP is sold out');
    c.send({ type: 'contact.submit' });
    expect(c.context().error).toBeNull();
    await c.reject('reserveOrder', networkError());
    expect(c.context().error).toBe('We could not reserve your tickets. Please try again.');
    c.send({ type: 'contact.submit' });
    await c.resolve('reserveOrder', withClock({ emailUpdates: true }, 600));
    expect(c.snap().value).toEqual({ flow: { payment: 'idle' }, hold: 'counting' });
    expect(c.context()).toMatchObject({
      order: order({ emailUpdates: true }),
      orderId: ORDER_ID,
      secondsLeft: 600,
      emailUpdates: true,
      requested: 'payment',
    });
    expect(c.remembered.at(-1)).toEqual({
      eventId: event._id,
      orderId: ORDER_ID,
      quantities: { [PAID_ID]: 1 },
      accessCode: 'VIP2026',
    });
    // The next checkout on this device fills these in.
    expect(c.buyers).toEqual([{ email: 'ada@example.ng', countryCode: '+234', phone: '8031234567' }]);
  });

  it('sends no attendees, access code or answers when there are none; Back keeps the hold', async () => {
    const c = await atContact();
    c.send({ type: 'contact.change', field: 'confirmEmail', value: 'ada@example.ng' });
    c.send({ type: 'contact.change', field: 'countryCode', value: '+44' });
    c.send({ type: 'contact.change', field: 'phone', value: '7911123456' });
    c.send({ type: 'contact.submit' });
    expect(c.calls.reserveOrder).toEqual([
      {
        eventId: event._id,
        items: { [PAID_ID]: 1 },
        buyer: { firstName: 'Ada', lastName: 'Obi', email: 'ada@example.ng', phone: '+447911123456' },
      },
    ]);
    await c.resolve('reserveOrder', withClock({}, 300));
    expect(c.buyers).toEqual([{ email: 'ada@example.ng', countryCode: '+44', phone: '7911123456' }]);
    c.send({ type: 'step.back', to: 'contact' });
    expect(c.snap().value).toEqual({ flow: 'contact', hold: 'counting' });
    expect(c.context().requested).toBe('contact');
    await vi.advanceTimersByTimeAsync(3000);
    expect(c.context().secondsLeft).toBe(297);
  });
});

describe('checkout: a load that fails', () => {
  it('says what went wrong in the buyer’s words and tries again on Retry', async () => {
    const c = driveCheckout(fresh);
    await vi.advanceTimersByTimeAsync(0);
    const cases: [unknown, string][] = [
      [httpError(404, 'Order not found'), 'This order or event could not be found.'],
      [httpError(403, 'Not your order'), 'This order belongs to another account.'],
      [networkError(), 'Failed to load your checkout. Please try again.'],
      [httpError(500, 'The database is down'), 'The database is down'],
    ];
    for (const [error, words] of cases) {
      await c.reject('loadCheckout', error);
      expect(c.snap().value).toEqual({ flow: 'loadFailed', hold: 'idle' });
      expect(c.context().error).toBe(words);
      c.send({ type: 'load.retry' });
      expect(c.snap().value).toEqual({ flow: 'loading', hold: 'idle' });
      expect(c.context().error).toBeNull();
    }
    expect(c.calls.loadCheckout).toHaveLength(5);
  });
});
