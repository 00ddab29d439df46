import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manageEventResponse } from '../../contract/organiser';
import { banksResponse, payoutAccountResponse, resolveResponse } from '../../contract/payouts';
import { ticketSavedResponse } from '../../contract/tickets';
import { testAccountName } from '../../server/adapters/payments/testBanking';
import { payoutAccounts, ticketTypes } from '../../server/db/schema';
import { PAYOUT_ACCOUNT_NEEDED } from '../../server/modules/payouts/service';
import { authed } from '../helpers/accounts';
import { testDatabases } from '../helpers/databases';
import {
  createEvent,
  createTicket,
  dayFromNow,
  freeTicket,
  insertPaidOrder,
  organiser,
  paidTicket,
} from '../helpers/organiser';
import { buildTestApp, type TestApp } from '../helpers/testApp';

/**
 * Ticket types and payout accounts in test mode (payout accounts through Paystack are in
 * organiser-payouts-paystack.test.ts).
 */

describe.each(testDatabases)('ticket types and payouts in test mode on $name', (database) => {
  let t: TestApp;
  let ada: Awaited<ReturnType<typeof organiser>>;
  let eventId: string;
  beforeAll(async () => {
    t = await buildTestApp(database);
    ada = await organiser(t);
    eventId = (await createEvent(t, ada.token))._id;
  });
  afterAll(async () => t?.close());

  const createRaw = (body: object, token = ada.token) =>
    authed(t, 'POST', '/api/tickets/create', token, body);
  const typeCount = async () =>
    (await t.deps.db.select().from(ticketTypes).where(eq(ticketTypes.eventId, eventId))).length;

  it('creates a free ticket: 201, the spec message, the organiser view of the type', async () => {
    const res = await createRaw(freeTicket(eventId));
    expect(res.statusCode, res.body).toBe(201);
    const body = ticketSavedResponse.parse(res.json());
    expect(body.message).toBe('Ticket created successfully!');
    expect(body.ticket).toMatchObject({
      ticketName: 'Regular',
      ticketType: 'free',
      ticketPrice: 0,
      ticketStock: 'limited',
      availableTickets: 100,
      quantity: 100,
      sold: 0,
      purchaseLimit: 4,
      onSaleFrom: null,
      onSaleUntil: null,
    });
  });

  it('refuses each broken ticket rule with a clear 400, creating nothing', async () => {
    const before = await typeCount();
    const cases: [object, string][] = [
      [freeTicket(eventId, { ticketName: '' }), 'Ticket name is required'],
      [
        freeTicket(eventId, { availableTickets: null }),
        'Enter how many tickets are available (limited stock)',
      ],
      [freeTicket(eventId, { availableTickets: 0 }), 'Available tickets must be at least 1'],
      [freeTicket(eventId, { purchaseLimit: 0 }), 'Purchase limit must be at least 1'],
      [freeTicket(eventId, { purchaseLimit: 11 }), 'Purchase limit can be at most 10'],
      [freeTicket(eventId, { benefits: ' ' }), 'Benefits is required'],
      [freeTicket(eventId, { ticketPrice: 500 }), 'A free ticket costs ₦0'],
      [freeTicket(eventId, { ticketType: 'vip' as never }), 'Ticket type must be free or paid'],
      [freeTicket(eventId, { ticketStock: 'some' as never }), 'Stock must be limited or unlimited'],
      [
        paidTicket(eventId, { ticketPrice: 0, bank: '058', accountNumber: '2034567891' }),
        'A paid ticket needs a price above ₦0',
      ],
      [paidTicket(eventId, { ticketPrice: 10.555 }), 'Amount can have at most two decimal places'],
      [paidTicket(eventId, { ticketPrice: 10_000_000.01 }), 'Ticket price can be at most ₦10,000,000'],
      [paidTicket(eventId, { bank: '058' }), 'Account number is required'],
      [paidTicket(eventId, { accountNumber: '2034567891' }), 'Choose your bank'],
      [
        paidTicket(eventId, { bank: '058', accountNumber: '12345' }),
        'Account number must be exactly 10 digits',
      ],
      [
        freeTicket(eventId, { onSaleFrom: `${dayFromNow(5)}T10:00`, onSaleUntil: `${dayFromNow(5)}T10:00` }),
        'Sales must close after they open',
      ],
      [freeTicket(eventId, { onSaleFrom: '2026-13-01T10:00' }), 'On sale from must be a real date and time'],
      [freeTicket(eventId, { eventId: 'nope' }), 'Malformed id'],
    ];
    for (const [body, message] of cases) {
      const res = await createRaw(body);
      expect(res.statusCode, `${message}: ${res.body}`).toBe(400);
      expect(res.json().message).toContain(message);
    }
    expect(await typeCount()).toBe(before);
  });

  it('a paid ticket without bank details and without a payout account is refused', async () => {
    const before = await typeCount();
    const res = await createRaw(paidTicket(eventId));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(PAYOUT_ACCOUNT_NEEDED);
    expect(await typeCount()).toBe(before);
  });

  it('an account that does not resolve is not saved, and the paid ticket stays refused', async () => {
    const before = await typeCount();
    const payout = (body: object) =>
      authed(t, 'PUT', '/api/payments/payout-account', ada.token, { ...body, password: ada.password });
    const res = await payout({ bank: '058', accountNumber: '0001234567' });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toContain('We could not find this account number at the chosen bank');
    const unknownBank = await payout({ bank: 'Bank of Atlantis', accountNumber: '2034567891' });
    expect(unknownBank.statusCode).toBe(400);
    expect(unknownBank.json().message).toBe('Choose your bank from the list');
    expect(await typeCount()).toBe(before);
    const account = payoutAccountResponse.parse(
      (await authed(t, 'GET', '/api/payments/payout-account', ada.token)).json(),
    );
    expect(account).toEqual({ payoutAccount: null, mode: 'test', yours: true });
    expect((await createRaw(paidTicket(eventId))).statusCode).toBe(400);
  });

  it('the payout settings resolve the account by bank name server-side; then paid tickets need no bank details', async () => {
    const saved = await authed(t, 'PUT', '/api/payments/payout-account', ada.token, {
      bank: 'guaranty trust bank',
      accountNumber: '2034567891',
      accountName: 'SOMEONE ELSE',
      password: ada.password,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const res = await createRaw(paidTicket(eventId));
    expect(res.statusCode, res.body).toBe(201);
    expect(ticketSavedResponse.parse(res.json()).ticket).toMatchObject({
      ticketType: 'paid',
      ticketPrice: 15000,
    });
    const account = payoutAccountResponse.parse(
      (await authed(t, 'GET', '/api/payments/payout-account', ada.token)).json(),
    );
    expect(account.payoutAccount).toMatchObject({
      bankCode: '058',
      bankName: 'Guaranty Trust Bank',
      accountName: testAccountName('2034567891', '058'),
      accountNumberLast4: '7891',
      mode: 'test',
    });
    expect(account.payoutAccount?.subaccountCode).toMatch(/^ACCT_test_/);
    // The full number never goes back over the wire.
    expect(JSON.stringify(account)).not.toContain('2034567891');

    // From now on a paid ticket needs no bank details.
    const next = await createRaw(paidTicket(eventId, { ticketName: 'VVIP', ticketPrice: 50000.5 }));
    expect(next.statusCode, next.body).toBe(201);
    expect(next.json().ticket.ticketPrice).toBe(50000.5);
  });

  it('PUT /api/payments/payout-account changes the account (by code); GET banks and resolve serve the forms', async () => {
    const banks = banksResponse.parse((await authed(t, 'GET', '/api/payments/banks', ada.token)).json());
    expect(banks.mode).toBe('test');
    expect(banks.available).toBe(true);
    expect(banks.banks).toContainEqual({ id: 21, name: 'Zenith Bank', code: '057' });

    const resolved = await authed(
      t,
      'GET',
      '/api/payments/resolve?account_number=1234567890&bank_code=057',
      ada.token,
    );
    expect(resolveResponse.parse(resolved.json())).toEqual({
      accountName: testAccountName('1234567890', '057'),
      bankCode: '057',
      bankName: 'Zenith Bank',
      mode: 'test',
    });
    const unresolved = await authed(
      t,
      'GET',
      '/api/payments/resolve?account_number=0009876543&bank_code=057',
      ada.token,
    );
    expect(unresolved.statusCode).toBe(422);
    const malformed = await authed(
      t,
      'GET',
      '/api/payments/resolve?account_number=12&bank_code=057',
      ada.token,
    );
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toContain('Account number must be exactly 10 digits');

    const saved = await authed(t, 'PUT', '/api/payments/payout-account', ada.token, {
      bank: '057',
      accountNumber: '1234567890',
      password: ada.password,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      message: 'Payout account saved',
      payoutAccount: { bankCode: '057', bankName: 'Zenith Bank', accountNumberLast4: '7890' },
    });
    const refused = await authed(t, 'PUT', '/api/payments/payout-account', ada.token, {
      bank: '057',
      accountNumber: '0001111111',
      password: ada.password,
    });
    expect(refused.statusCode).toBe(422);
    const [row] = await t.deps.db
      .select()
      .from(payoutAccounts)
      .where(eq(payoutAccounts.userId, ada.user._id));
    expect(row?.accountNumber).toBe('1234567890');
  });

  it('PUT /api/tickets/:id edits; the quantity cannot drop below what is sold', async () => {
    const ticket = await createTicket(
      t,
      ada.token,
      freeTicket(eventId, { ticketName: 'Student', availableTickets: 10 }),
    );
    await insertPaidOrder(t, {
      eventId,
      lines: [{ ticketTypeId: ticket._id, quantity: 6, unitPriceKobo: 0 }],
    });
    const { eventId: _omit, ...fields } = freeTicket(eventId, { ticketName: 'Student', availableTickets: 5 });
    const lower = await authed(t, 'PUT', `/api/tickets/${ticket._id}`, ada.token, fields);
    expect(lower.statusCode).toBe(409);
    expect(lower.json().message).toContain('6 Student tickets are already sold or held');

    const ok = await authed(t, 'PUT', `/api/tickets/${ticket._id}`, ada.token, {
      ...fields,
      availableTickets: 20,
      ticketName: 'Student pass',
      onSaleUntil: `${dayFromNow(10)}T18:30`,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ticketSavedResponse.parse(ok.json()).ticket).toMatchObject({
      ticketName: 'Student pass',
      quantity: 20,
      sold: 6,
      onSaleUntil: `${dayFromNow(10)}T18:30`,
    });
    // The public view shows what is left and the window.
    const pub = (await authed(t, 'GET', `/api/tickets/event/${eventId}`, ada.token)).json().tickets;
    expect(pub.find((x: { _id: string }) => x._id === ticket._id)).toMatchObject({
      availableTickets: 20,
      onSaleUntil: `${dayFromNow(10)}T18:30`,
    });

    const invalid = await authed(t, 'PUT', `/api/tickets/${ticket._id}`, ada.token, {
      ...fields,
      purchaseLimit: 0,
    });
    expect(invalid.statusCode).toBe(400);
  });

  it('DELETE /api/tickets/:id deletes an unsold type; refuses one that has been sold', async () => {
    const unsold = await createTicket(t, ada.token, freeTicket(eventId, { ticketName: 'Spare' }));
    const sold = await createTicket(t, ada.token, freeTicket(eventId, { ticketName: 'Popular' }));
    await insertPaidOrder(t, { eventId, lines: [{ ticketTypeId: sold._id, quantity: 1, unitPriceKobo: 0 }] });

    const refused = await authed(t, 'DELETE', `/api/tickets/${sold._id}`, ada.token);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('Tickets of this type have been sold, so it cannot be deleted');
    const deleted = await authed(t, 'DELETE', `/api/tickets/${unsold._id}`, ada.token);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ message: 'Ticket deleted' });
    const manage = manageEventResponse.parse(
      (await authed(t, 'GET', `/api/events/${eventId}/manage`, ada.token)).json(),
    );
    expect(manage.tickets.map((x) => x.ticketName)).toContain('Popular');
    expect(manage.tickets.map((x) => x.ticketName)).not.toContain('Spare');
    expect((await authed(t, 'DELETE', `/api/tickets/${unsold._id}`, ada.token)).statusCode).toBe(404);
  });
});
