import { beforeEach, describe, expect, it, vi } from 'vitest';
import { type TicketFormInput, ticketFormMachine } from '../../machines/ticketForm.machine';
import { driveMachine } from '../helpers/driveMachine';
import { draftEvent, ticketType } from './organiserFixtures';

/**
 * While a ticket form saves (decision 053), the payout account on screen is the one being sent:
 * nothing the organiser does changes it (see ticketForm.oracle.test.ts for why these tests exist).
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
const savedPayout = { bankName: 'Access Bank', accountName: 'ADA OBI', accountNumberLast4: '6789' };
const vip = ticketType({ ticketName: 'VIP', ticketType: 'paid', ticketPrice: 20_000 });
const paidSaved: TicketFormInput = { eventId: draftEvent._id, kind: 'paid', savedPayout, ticket: vip };
const entering = (f: ReturnType<typeof form>) =>
  f.resolve('loadBanks', { mode: 'test', banks, available: true, message: null });

describe('ticket form: while the account is saved', () => {
  it('keeps the entered account on screen: Keep the saved account is not taken', async () => {
    const f = form(paidSaved);
    f.send({ type: 'payout.change' });
    await entering(f);
    f.send({ type: 'bank.select', code: '058' });
    f.send({ type: 'accountNumber.change', value: '0123456789' });
    await f.resolve('resolveAccount', { accountName: 'ADA OBI' });
    f.send({ type: 'password.change', value: 'Lagos#2026' });
    f.send({ type: 'form.submit' });
    expect(f.snap().value).toEqual({ form: 'savingPayout', payout: { entry: 'resolved' } });
    f.send({ type: 'payout.keep' });
    expect(f.snap().value).toEqual({ form: 'savingPayout', payout: { entry: 'resolved' } });
    expect(f.context().payoutSource).toBe('entered');
  });
});
