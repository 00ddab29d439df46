import { describe, expect, it } from 'vitest';
import {
  attendeeRows,
  attendeesFrom,
  buyerFromContact,
  contactErrors,
  emptyContact,
} from '../../machines/checkout/contact';
import { fromOrder, initialContext, loadedParts } from '../../machines/checkout/context';
import {
  availability,
  chosenItems,
  clampQuantities,
  quantityOptions,
  selectionSummary,
  totalQuantity,
} from '../../machines/checkout/selection';
import { event, FREE_ID, NOW, order, PAID_ID, tickets } from '../helpers/checkoutFixtures';

/**
 * The checkout's plain rules (the choose-tickets step's offer and summary, the contact form, what a
 * resumed order brings back) against values written here from decision 012.
 */
const [regular, rsvp] = tickets as [(typeof tickets)[0], (typeof tickets)[0]];

describe('checkout rules: choosing tickets', () => {
  it('offers 0..max and adds the selection up', () => {
    expect(quantityOptions(3)).toEqual([0, 1, 2, 3]);
    expect(quantityOptions(0)).toEqual([0]);
    expect(totalQuantity({})).toBe(0);
    expect(totalQuantity({ a: 2, b: 3 })).toBe(5);
  });

  it('offers min(10, purchase limit, left), and says why a type cannot be bought', () => {
    expect(availability(regular, event, NOW)).toEqual({ kind: 'onSale', max: 4 });
    expect(availability({ ...regular, purchaseLimit: 50 }, event, NOW)).toEqual({ kind: 'onSale', max: 10 });
    expect(availability({ ...regular, availableTickets: 2 }, event, NOW)).toEqual({ kind: 'onSale', max: 2 });
    expect(availability({ ...regular, availableTickets: 1 }, event, NOW)).toEqual({ kind: 'onSale', max: 1 });
    expect(availability({ ...regular, availableTickets: 0 }, event, NOW)).toEqual({ kind: 'soldOut' });
    expect(availability(rsvp, event, NOW)).toEqual({ kind: 'onSale', max: 4 });
    expect(availability(regular, { ...event, status: 'draft' }, NOW)).toEqual({ kind: 'notOnSale' });
    expect(availability(regular, { ...event, salesPaused: true }, NOW)).toEqual({ kind: 'notOnSale' });
    expect(availability(regular, { ...event, endDate: '2026-11-01' }, NOW)).toEqual({ kind: 'salesEnded' });
    expect(availability({ ...regular, onSaleFrom: '2026-11-23T11:01' }, event, NOW)).toEqual({
      kind: 'notOnSale',
    });
    expect(availability({ ...regular, onSaleUntil: '2026-11-23T11:00' }, event, NOW)).toEqual({
      kind: 'salesEnded',
    });
  });

  it('lists the chosen types in the event’s order and sums them with 1.5 % fees on paid tickets', () => {
    expect(chosenItems(tickets, { [FREE_ID]: 2, [PAID_ID]: 0 })).toEqual([
      { ticketId: FREE_ID, ticketName: 'Free RSVP', unitPrice: 0, quantity: 2, amount: 0 },
    ]);
    const priced = [{ ...regular, ticketPrice: 50_000.5 }, rsvp];
    expect(selectionSummary(priced, { [PAID_ID]: 2, [FREE_ID]: 3 })).toEqual({
      items: [
        { ticketId: PAID_ID, ticketName: 'Regular', unitPrice: 50_000.5, quantity: 2, amount: 100_001 },
        { ticketId: FREE_ID, ticketName: 'Free RSVP', unitPrice: 0, quantity: 3, amount: 0 },
      ],
      subtotal: 100_001,
      discount: 0,
      fees: 1500.02,
      total: 101_501.02,
      discountCode: null,
      feesIncluded: false,
    });
    // Where the organiser includes the fee in the prices (decision 066), the buyer pays the tickets alone.
    expect(selectionSummary(priced, { [PAID_ID]: 2, [FREE_ID]: 3 }, true)).toMatchObject({
      subtotal: 100_001,
      fees: 0,
      total: 100_001,
      feesIncluded: true,
    });
  });

  it('keeps only quantities still on sale, cut to what is offered', () => {
    expect(clampQuantities({ [PAID_ID]: 9, [FREE_ID]: 2 }, tickets, event, NOW)).toEqual({
      [PAID_ID]: 4,
      [FREE_ID]: 2,
    });
    expect(clampQuantities({ [PAID_ID]: 0, x: 3 }, tickets, event, NOW)).toEqual({});
    expect(clampQuantities({ [PAID_ID]: 2 }, tickets, { ...event, salesPaused: true }, NOW)).toEqual({});
  });
});

describe('checkout rules: the contact form', () => {
  const base = {
    firstName: 'Ada',
    lastName: 'Obi',
    email: 'ada@example.ng',
    confirmEmail: 'ADA@example.ng ',
    countryCode: '+234' as const,
    phone: '08031234567',
  };
  it('prefills the signed-in buyer and builds what the server is sent', () => {
    expect(emptyContact()).toEqual({
      firstName: '',
      lastName: '',
      email: '',
      confirmEmail: '',
      countryCode: '+234',
      phone: '',
    });
    expect(emptyContact({ firstName: 'Ada' }).firstName).toBe('Ada');
    expect(buyerFromContact({ ...base, email: ' ada@example.ng ' })).toEqual({
      firstName: 'Ada',
      lastName: 'Obi',
      email: 'ada@example.ng',
      phone: '+23408031234567',
    });
    const row = {
      ticketId: PAID_ID,
      ticketName: 'Regular',
      firstName: 'C',
      lastName: 'E',
      email: ' c@x.ng ',
      confirmEmail: '',
    };
    expect(attendeesFrom([row])).toEqual([
      { ticketId: PAID_ID, firstName: 'C', lastName: 'E', email: 'c@x.ng' },
    ]);
  });

  it('checks the confirm email and the phone', () => {
    expect(contactErrors(base, false, [])).toEqual({});
    expect(contactErrors({ ...base, phone: '' }, false, []).phone).toBe('Phone number is required');
    expect(contactErrors({ ...base, phone: '  ' }, false, []).phone).toBe('Phone number is required');
    expect(contactErrors({ ...base, phone: '12345' }, false, []).phone).toMatch(
      /valid phone number for \+234/,
    );
    expect(contactErrors({ ...base, confirmEmail: ' ' }, false, [])).toEqual({
      confirmEmail: 'Confirm your email address',
    });
    expect(contactErrors({ ...base, confirmEmail: 'a@b.ng' }, false, [])).toEqual({
      confirmEmail: 'Email addresses do not match',
    });
    // A wrong email is said once, under the email.
    expect(Object.keys(contactErrors({ ...base, email: 'ada' }, false, []))).toEqual(['email']);
    const attendee = {
      ticketId: PAID_ID,
      ticketName: 'Regular',
      firstName: 'Chidi',
      lastName: 'Eze',
      email: 'chidi@example.ng',
      confirmEmail: ' CHIDI@example.ng',
    };
    expect(contactErrors(base, true, [attendee])).toEqual({});
    expect(contactErrors(base, true, [{ ...attendee, confirmEmail: 'x@y.ng' }])).toEqual({
      'attendees.0.confirmEmail': 'Email addresses do not match',
    });
    expect(contactErrors(base, true, [attendee, { ...attendee, confirmEmail: '' }])).toEqual({
      'attendees.1.confirmEmail': 'Confirm the email address',
    });
    expect(Object.keys(contactErrors(base, true, [{ ...attendee, email: 'chidi' }]))).toEqual([
      'attendees.0.email',
    ]);
  });

  it('gives one row per seat, keeping the rows already filled in for each type', () => {
    const filled = { ...blank(PAID_ID, 'Regular'), firstName: 'Chidi' };
    expect(attendeeRows(tickets, { [PAID_ID]: 1, [FREE_ID]: 2 }, [blank(FREE_ID, 'x'), filled])).toEqual([
      filled,
      blank(FREE_ID, 'x'),
      blank(FREE_ID, 'Free RSVP'),
    ]);
    expect(attendeeRows(tickets, {}, [filled])).toEqual([]);
  });
});

function blank(ticketId: string, ticketName: string) {
  return { ticketId, ticketName, firstName: '', lastName: '', email: '', confirmEmail: '' };
}

describe('checkout rules: a resumed order', () => {
  it('brings back the buyer, attendees, quantities and answers the order was made with', () => {
    const o = order({
      buyer: { firstName: 'Ngozi', lastName: 'Ibe', email: 'n@x.ng', phone: '+15551234567' },
      items: [
        { ...order().items[0]!, quantity: 2 },
        { ...order().items[0]!, ticketId: FREE_ID, quantity: 1 },
      ],
      attendees: [{ ticketId: 'gone', firstName: 'C', lastName: 'E', email: 'c@x.ng' }],
      answers: [
        { questionId: 'q1', value: true },
        { questionId: 'q2', ticketId: PAID_ID, index: 1, value: 'L' },
        { questionId: 'q3', ticketId: PAID_ID, value: 'M' },
      ],
    });
    expect(fromOrder(o, tickets)).toEqual({
      quantities: { [PAID_ID]: 2, [FREE_ID]: 1 },
      contact: {
        firstName: 'Ngozi',
        lastName: 'Ibe',
        email: 'n@x.ng',
        confirmEmail: 'n@x.ng',
        countryCode: '+1',
        phone: '5551234567',
      },
      sendToOthers: true,
      attendees: [
        {
          ticketId: 'gone',
          ticketName: 'Ticket',
          firstName: 'C',
          lastName: 'E',
          email: 'c@x.ng',
          confirmEmail: 'c@x.ng',
        },
      ],
      emailUpdates: false,
      answers: { q1: true, [`q2:${PAID_ID}:1`]: 'L', [`q3:${PAID_ID}:0`]: 'M' },
    });
    const odd = fromOrder(order({ buyer: { ...o.buyer, phone: '08031234567' } }), tickets);
    expect(odd.contact).toMatchObject({ countryCode: '+234', phone: '1234567' });
    expect(fromOrder(order(), tickets).sendToOthers).toBe(false);
  });

  it('takes a load apart into the context’s fields', () => {
    expect(loadedParts({ event, tickets, order: null, secondsLeft: 5, now: NOW })).toEqual({
      event,
      eventId: event._id,
      tickets,
      questions: [],
      loadedAt: NOW,
      order: null,
      orderId: null,
      secondsLeft: 5,
    });
    expect(loadedParts({ event, tickets, order: order(), secondsLeft: 5, now: NOW }).orderId).toBe(
      order()._id,
    );
  });

  it('starts from what the route and the signed-in user give', () => {
    expect(initialContext({ input: { step: 'contact' } })).toEqual({
      eventId: null,
      orderId: null,
      accessCode: null,
      requested: 'contact',
      event: null,
      loadedAt: 0,
      tickets: [],
      quantities: {},
      contact: emptyContact(),
      sendToOthers: false,
      attendees: [],
      questions: [],
      answers: {},
      contactErrors: {},
      contactSubmitted: false,
      order: null,
      secondsLeft: 0,
      discountCode: '',
      discountError: null,
      discountNotice: null,
      acceptTerms: false,
      emailUpdates: false,
      termsError: null,
      error: null,
    });
  });
});
