import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  emptyTicket,
  type TicketFormInput,
  ticketErrors,
  ticketFormMachine,
  ticketRequest,
  valuesFromTicket,
} from '../../machines/ticketForm.machine';
import { httpError, networkError } from '../helpers/callErrors';
import { driveMachine } from '../helpers/driveMachine';
import { draftEvent, ticketType } from './organiserFixtures';

/**
 * The ticket form's values and request (decisions 011, 036, 053) and the payout account's keep and
 * change steps, against values written here (see ticketForm.oracle.test.ts for why).
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
const banks = [{ name: 'Guaranty Trust Bank', code: '058' }];
const banksAnswer = { mode: 'test', banks, available: true, message: null };
const savedPayout = { bankName: 'Access Bank', accountName: 'ADA OBI', accountNumberLast4: '6789' };
const vip = ticketType({ ticketName: 'VIP', ticketType: 'paid', ticketPrice: 20_000 });
const paidNew: TicketFormInput = { eventId: draftEvent._id, kind: 'paid', savedPayout: null, ticket: vip };
const paidSaved: TicketFormInput = { ...paidNew, savedPayout };

describe('ticket form values', () => {
  it('a new ticket type starts empty, limited, one a buyer, public', () =>
    expect(emptyTicket).toEqual({
      ticketName: '',
      ticketDescription: '',
      ticketStock: 'limited',
      availableTickets: '',
      purchaseLimit: '1',
      benefits: '',
      ticketPrice: '',
      onSaleFrom: '',
      onSaleUntil: '',
      visibility: 'public',
      unit: 'single',
      tableSize: '10',
      tableCodes: 'per_guest',
    }));

  it('an edited one starts from what it is now', () => {
    expect(
      valuesFromTicket(
        ticketType({
          ticketStock: 'unlimited',
          quantity: null,
          hidden: true,
          ticketType: 'paid',
          ticketPrice: 7500.5,
          onSaleFrom: '2027-01-01T09:00',
        }),
      ),
    ).toEqual({
      ticketName: 'Regular',
      ticketDescription: '',
      ticketStock: 'unlimited',
      availableTickets: '',
      purchaseLimit: '4',
      benefits: 'Entry',
      ticketPrice: '7500.5',
      onSaleFrom: '2027-01-01T09:00',
      onSaleUntil: '',
      visibility: 'hidden',
      unit: 'single',
      tableSize: '10',
      tableCodes: 'per_guest',
    });
    expect(valuesFromTicket(ticketType()).visibility).toBe('public');
    // A table type (decision 067) opens as tables of its size, entering as it was set.
    expect(valuesFromTicket(ticketType({ tableSize: 8, tableOneCode: true }))).toMatchObject({
      unit: 'table',
      tableSize: '8',
      tableCodes: 'one',
    });
  });

  it('builds the request: numbers from text, blanks as nothing, stock only when limited', () => {
    const values = {
      ...emptyTicket,
      ticketName: 'VIP',
      availableTickets: ' 150 ',
      purchaseLimit: '',
      ticketPrice: ' 2500 ',
      visibility: 'hidden' as const,
    };
    expect(ticketRequest('e1', 'paid', values, null)).toEqual({
      eventId: 'e1',
      ticketType: 'paid',
      ticketName: 'VIP',
      ticketDescription: '',
      ticketStock: 'limited',
      availableTickets: 150,
      purchaseLimit: null,
      benefits: '',
      ticketPrice: 2500,
      onSaleFrom: null,
      onSaleUntil: null,
      hidden: true,
      tableSize: null,
      tableOneCode: false,
    });
    // Tables: the size as a number, one code only when chosen; a blank size is 0 (the contract refuses it).
    expect(ticketRequest('e1', 'paid', { ...values, unit: 'table', tableSize: ' 10 ' }, null)).toMatchObject({
      tableSize: 10,
      tableOneCode: false,
    });
    expect(
      ticketRequest('e1', 'paid', { ...values, unit: 'table', tableSize: '6', tableCodes: 'one' }, null),
    ).toMatchObject({ tableSize: 6, tableOneCode: true });
    expect(ticketRequest('e1', 'paid', { ...values, unit: 'table', tableSize: '' }, null).tableSize).toBe(0);
    // A size typed, then single tickets chosen again: not a table, whatever the size box says.
    expect(ticketRequest('e1', 'paid', { ...values, tableSize: '6', tableCodes: 'one' }, null)).toMatchObject(
      {
        tableSize: null,
        tableOneCode: false,
      },
    );
    expect(ticketRequest('e1', 'free', { ...values, ticketStock: 'unlimited' }, null)).toMatchObject({
      availableTickets: null,
      ticketPrice: 0,
    });
    // Spaces only is no number at all.
    expect(ticketRequest('e1', 'free', { ...values, purchaseLimit: '  ' }, null).purchaseLimit).toBeNull();
    expect(ticketRequest('e1', 'paid', values, { bank: '058', accountNumber: '0123456789' })).toMatchObject({
      bank: '058',
      accountNumber: '0123456789',
    });
  });

  it('a table seats 2 to 50 guests, in the contract’s words', () => {
    const table = {
      ...emptyTicket,
      ticketName: 'Gold',
      benefits: 'A table',
      availableTickets: '5',
      unit: 'table' as const,
    };
    expect(ticketErrors(draftEvent._id, 'free', { ...table, tableSize: '1' }).tableSize).toBe(
      'A table seats at least 2 guests',
    );
    expect(ticketErrors(draftEvent._id, 'free', { ...table, tableSize: '' }).tableSize).toBe(
      'A table seats at least 2 guests',
    );
    expect(ticketErrors(draftEvent._id, 'free', { ...table, tableSize: '51' }).tableSize).toBe(
      'A table seats at most 50 guests',
    );
    expect(ticketErrors(draftEvent._id, 'free', { ...table, tableSize: '10' }).tableSize).toBeUndefined();
  });

  it('says what is wrong in the contract’s words', () => {
    expect(ticketErrors(draftEvent._id, 'free', emptyTicket)).toMatchObject({
      ticketName: 'Ticket name is required',
      benefits: 'Benefits is required',
    });
    expect(
      ticketErrors(draftEvent._id, 'free', {
        ...emptyTicket,
        ticketName: 'A',
        benefits: 'B',
        ticketStock: 'unlimited',
      }),
    ).toEqual({});
  });
});

describe('ticket form: after a valid submit', () => {
  it('every edit is checked again', async () => {
    const f = form({ eventId: draftEvent._id, kind: 'free', savedPayout: null, ticket: ticketType() });
    f.send({ type: 'form.submit' });
    expect(f.context().submitted).toBe(true);
    await f.reject('saveTicket', networkError());
    f.send({ type: 'field.change', name: 'ticketName', value: '' });
    expect(f.context().errors).toEqual({ ticketName: 'Ticket name is required' });
  });
});

describe('ticket form: keeping or changing the saved account', () => {
  it('a name looked up earlier is not shown again after Keep then Change', async () => {
    const f = form(paidSaved);
    f.send({ type: 'payout.change' });
    await f.resolve('loadBanks', banksAnswer);
    f.send({ type: 'bank.select', code: '058' });
    f.send({ type: 'accountNumber.change', value: '0123456789' });
    await f.resolve('resolveAccount', { accountName: 'ADA OBI' });
    f.send({ type: 'payout.keep' });
    expect(f.snap().value).toEqual({ form: 'editing', payout: 'saved' });
    expect(f.context().accountName).toBe('ADA OBI');
    f.send({ type: 'payout.change' });
    expect(f.context()).toMatchObject({ accountName: null, payoutMessage: null });
    // The bank list failing now leaves no list from before.
    await f.reject('loadBanks', httpError(502, 'down'));
    expect(f.snap().value).toEqual({ form: 'editing', payout: 'banksFailed' });
    expect(f.context().banks).toEqual([]);
  });

  it('with no saved account there is nothing to keep', async () => {
    const f = form(paidNew);
    await f.reject('loadBanks', networkError());
    f.send({ type: 'payout.keep' });
    expect(f.snap().value).toEqual({ form: 'editing', payout: 'banksFailed' });
    f.send({ type: 'banks.retry' });
    await f.resolve('loadBanks', banksAnswer);
    f.send({ type: 'payout.keep' });
    expect(f.snap().value).toEqual({ form: 'editing', payout: { entry: 'incomplete' } });
  });
});
