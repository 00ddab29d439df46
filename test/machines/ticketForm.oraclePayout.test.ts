import { beforeEach, describe, expect, it, vi } from 'vitest';
import { type TicketFormInput, ticketFormMachine } from '../../machines/ticketForm.machine';
import { httpError, networkError } from '../helpers/callErrors';
import { driveMachine } from '../helpers/driveMachine';
import { draftEvent, ticketType } from './organiserFixtures';

/**
 * A paid ticket's payout account (decision 053) against expectations written here: which account a
 * save uses, what the bank look-up and the payout settings are sent, and the words shown when one
 * is missing, wrong or refused (see ticketForm.oracle.test.ts for why).
 */
beforeEach(() => {
  vi.useFakeTimers();
});

const form = (input: TicketFormInput) =>
  driveMachine(ticketFormMachine, {
    input,
    calls: ['saveTicket', 'uploadTicketImage', 'loadBanks', 'resolveAccount', 'savePayout'] as const,
    recorded: ['notify', 'ticketSaved', 'payoutSaved'] as const,
  });

const banks = [
  { name: 'Access Bank', code: '044' },
  { name: 'Guaranty Trust Bank', code: '058' },
];
const savedPayout = { bankName: 'Access Bank', accountName: 'ADA OBI', accountNumberLast4: '6789' };
const vip = ticketType({
  _id: '7a000000-0000-4000-8000-000000000002',
  ticketName: 'VIP',
  ticketType: 'paid',
  ticketPrice: 20_000,
});
const paidNew: TicketFormInput = { eventId: draftEvent._id, kind: 'paid', savedPayout: null, ticket: vip };
const paidSaved: TicketFormInput = { ...paidNew, savedPayout };
const vipBody = {
  eventId: draftEvent._id,
  ticketType: 'paid',
  ticketName: 'VIP',
  ticketDescription: '',
  ticketStock: 'limited',
  availableTickets: 100,
  purchaseLimit: 4,
  benefits: 'Entry',
  ticketPrice: 20_000,
  onSaleFrom: null,
  onSaleUntil: null,
  hidden: false,
  tableSize: null,
  tableOneCode: false,
};
const NEEDS_ACCOUNT =
  'A paid ticket needs a payout account: choose your bank and enter your 10-digit account number.';
const OWNER_MISSING =
  "Paid tickets need the event owner's payout account. Ask the owner to add one under Payouts, or add a free ticket.";

async function entering(f: ReturnType<typeof form>) {
  await f.resolve('loadBanks', { mode: 'test', banks, available: true, message: null });
}

describe('ticket form: the owner’s saved account', () => {
  it('uses it as it is, sending no payout fields with the ticket', async () => {
    const f = form(paidSaved);
    expect(f.snap().value).toEqual({ form: 'editing', payout: 'saved' });
    expect(f.context().payoutSource).toBe('saved');
    f.send({ type: 'form.submit' });
    expect(f.snap().value).toEqual({ form: 'saving', payout: 'saved' });
    expect(f.calls.saveTicket).toEqual([{ ticketId: vip._id, body: vipBody }]);
    // While saving, the account on screen is the one sent.
    f.send({ type: 'payout.change' });
    expect(f.snap().value).toEqual({ form: 'saving', payout: 'saved' });
  });

  it('changing it loads the banks; a failed list can be retried or the saved account kept', async () => {
    const f = form(paidSaved);
    f.send({ type: 'payout.change' });
    expect(f.snap().value).toEqual({ form: 'editing', payout: 'loadingBanks' });
    expect(f.context()).toMatchObject({ payoutSource: null, accountName: null, payoutMessage: null });
    expect(f.calls.loadBanks).toHaveLength(1);
    await f.resolve('loadBanks', { mode: 'paystack', banks: [], available: false, message: 'down' });
    expect(f.snap().value).toEqual({ form: 'editing', payout: 'banksFailed' });
    expect(f.context()).toMatchObject({ banks: [], mode: 'paystack' });
    f.send({ type: 'banks.retry' });
    await f.reject('loadBanks', networkError());
    expect(f.snap().value).toEqual({ form: 'editing', payout: 'banksFailed' });
    f.send({ type: 'payout.keep' });
    expect(f.snap().value).toEqual({ form: 'editing', payout: 'saved' });
    expect(f.context().payoutSource).toBe('saved');
    f.send({ type: 'payout.change' });
    await entering(f);
    expect(f.snap().value).toEqual({ form: 'editing', payout: { entry: 'incomplete' } });
    expect(f.context()).toMatchObject({ banks, mode: 'test' });
    f.send({ type: 'payout.keep' });
    expect(f.snap().value).toEqual({ form: 'editing', payout: 'saved' });
  });
});

describe('ticket form: entering an account', () => {
  it('looks the account up once a bank and 10 digits are given, and shows its name', async () => {
    const f = form(paidNew);
    expect(f.snap().value).toEqual({ form: 'editing', payout: 'loadingBanks' });
    await entering(f);
    f.send({ type: 'form.submit' });
    expect(f.context().formError).toBe(NEEDS_ACCOUNT);
    expect(f.calls.saveTicket).toEqual([]);
    f.send({ type: 'accountNumber.change', value: '01234 56789 12' });
    expect(f.context().accountNumber).toBe('0123456789');
    expect(f.snap().value).toEqual({ form: 'editing', payout: { entry: 'incomplete' } });
    f.send({ type: 'bank.select', code: '058' });
    expect(f.snap().value).toEqual({ form: 'editing', payout: { entry: 'resolving' } });
    expect(f.calls.resolveAccount).toEqual([{ bankCode: '058', accountNumber: '0123456789' }]);
    await f.reject('resolveAccount', httpError(422, 'Could not resolve this account number with the bank.'));
    expect(f.snap().value).toEqual({ form: 'editing', payout: { entry: 'unresolved' } });
    expect(f.context()).toMatchObject({
      accountName: null,
      payoutMessage: 'Could not resolve this account number with the bank.',
    });
    f.send({ type: 'form.submit' });
    expect(f.context().formError).toBe('Could not resolve this account number with the bank.');
    f.send({ type: 'bank.select', code: '044' });
    expect(f.context()).toMatchObject({ bankCode: '044', payoutMessage: null, accountName: null });
    await f.reject('resolveAccount', networkError());
    expect(f.context().payoutMessage).toBe(
      'This account number could not be verified with the bank. Check it and try again.',
    );
    f.send({ type: 'accountNumber.change', value: '0123456788' });
    expect(f.context().payoutMessage).toBeNull();
    await f.resolve('resolveAccount', { accountName: 'ADA OBI' });
    expect(f.snap().value).toEqual({ form: 'editing', payout: { entry: 'resolved' } });
    expect(f.context()).toMatchObject({
      accountName: 'ADA OBI',
      payoutMessage: null,
      payoutSource: 'entered',
    });
    f.send({ type: 'accountNumber.change', value: '01234' });
    expect(f.snap().value).toEqual({ form: 'editing', payout: { entry: 'incomplete' } });
    expect(f.context()).toMatchObject({ accountNumber: '01234', accountName: null, payoutSource: null });
    expect(f.calls.resolveAccount).toHaveLength(3);
  });

  it('asks for the password, saves the account through the payout settings, then the ticket', async () => {
    const f = form(paidNew);
    await entering(f);
    f.send({ type: 'bank.select', code: '058' });
    f.send({ type: 'accountNumber.change', value: '0123456789' });
    await f.resolve('resolveAccount', { accountName: 'ADA OBI' });
    f.send({ type: 'form.submit' });
    expect(f.snap().value).toEqual({ form: 'editing', payout: { entry: 'resolved' } });
    expect(f.context().formError).toBe('Enter your password to confirm the payout account.');
    f.send({ type: 'password.change', value: 'Lagos#2026' });
    expect(f.context()).toMatchObject({ password: 'Lagos#2026', formError: null });
    f.send({ type: 'form.submit' });
    expect(f.snap().value).toEqual({ form: 'savingPayout', payout: { entry: 'resolved' } });
    expect(f.context().busy).toBe(true);
    expect(f.calls.savePayout).toEqual([
      { bank: '058', accountNumber: '0123456789', password: 'Lagos#2026' },
    ]);
    // Nothing on screen changes while it is saved.
    f.send({ type: 'accountNumber.change', value: '9999999999' });
    f.send({ type: 'bank.select', code: '044' });
    f.send({ type: 'password.change', value: 'other' });
    expect(f.context()).toMatchObject({
      accountNumber: '0123456789',
      bankCode: '058',
      password: 'Lagos#2026',
    });
    await f.reject('savePayout', httpError(400, 'Password is incorrect.'));
    expect(f.snap().value).toEqual({ form: 'editing', payout: { entry: 'resolved' } });
    expect(f.context()).toMatchObject({ formError: 'Password is incorrect.', password: '', busy: false });
    f.send({ type: 'password.change', value: 'Lagos#2026' });
    f.send({ type: 'form.submit' });
    await f.reject('savePayout', networkError());
    expect(f.context().formError).toBe('The payout account could not be saved. Please try again.');
    f.send({ type: 'password.change', value: 'Lagos#2026' });
    f.send({ type: 'form.submit' });
    await f.resolve('savePayout', savedPayout);
    expect(f.snap().value).toEqual({ form: 'saving', payout: 'saved' });
    expect(f.context()).toMatchObject({ savedPayout, password: '', payoutSource: 'saved' });
    expect(f.records.payoutSaved).toEqual([{ payout: savedPayout }]);
    expect(f.calls.saveTicket).toEqual([{ ticketId: vip._id, body: vipBody }]);
    await f.resolve('saveTicket', vip);
    expect(f.records.ticketSaved).toEqual([{ ticket: vip }]);
  });
});

describe('ticket form: a co-organiser', () => {
  it('uses the owner’s saved account read-only', () => {
    const f = form({ ...paidSaved, payoutYours: false });
    expect(f.context().payoutYours).toBe(false);
    f.send({ type: 'payout.change' });
    expect(f.snap().value).toEqual({ form: 'editing', payout: 'saved' });
    expect(f.calls.loadBanks).toEqual([]);
  });

  it('cannot save a paid ticket when the owner has no account, and is told why', () => {
    const f = form({ ...paidNew, payoutYours: false });
    expect(f.snap().value).toEqual({ form: 'editing', payout: 'ownerMissing' });
    expect(f.context().payoutMessage).toBe(OWNER_MISSING);
    f.send({ type: 'form.submit' });
    expect(f.context().formError).toBe(OWNER_MISSING);
    f.send({ type: 'field.change', name: 'ticketName', value: 'VIP seats' });
    expect(f.context().formError).toBeNull();
    expect(f.calls.saveTicket).toEqual([]);
  });
});
