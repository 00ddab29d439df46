import { beforeEach, describe, expect, it, vi } from 'vitest';
import { emptyTicket, type TicketFormInput, ticketFormMachine } from '../../machines/ticketForm.machine';
import { httpError, networkError } from '../helpers/callErrors';
import { driveMachine } from '../helpers/driveMachine';
import { draftEvent, ticketType } from './organiserFixtures';

/**
 * The ticket form against expectations written here from decisions 011 and 053 (not from the
 * machine): the request each save sends, the toasts, what is reported to the page, and the payout
 * account's steps. The generated paths (ticketForm.model.test.ts) compare the actor with a model
 * built from the same machine; a changed message or a field no longer set is seen only here.
 */
beforeEach(() => {
  vi.useFakeTimers();
});

const CALLS = ['saveTicket', 'uploadTicketImage', 'loadBanks', 'resolveAccount', 'savePayout'] as const;
const RECORDED = ['notify', 'ticketSaved', 'payoutSaved'] as const;
const form = (input: TicketFormInput) =>
  driveMachine(ticketFormMachine, { input, calls: CALLS, recorded: RECORDED });

const saved = ticketType();
const free: TicketFormInput = { eventId: draftEvent._id, kind: 'free', savedPayout: null };
const freeBody = {
  eventId: draftEvent._id,
  ticketType: 'free',
  ticketName: 'Regular',
  ticketDescription: '',
  ticketStock: 'limited',
  availableTickets: 150,
  purchaseLimit: 1,
  benefits: 'Entry and a drink',
  ticketPrice: 0,
  onSaleFrom: null,
  onSaleUntil: null,
  hidden: false,
  tableSize: null,
  tableOneCode: false,
};

function fillFree(f: ReturnType<typeof form>) {
  f.send({ type: 'field.change', name: 'ticketName', value: 'Regular' });
  f.send({ type: 'field.change', name: 'benefits', value: 'Entry and a drink' });
  f.send({ type: 'field.change', name: 'availableTickets', value: '150' });
}

describe('ticket form: a free ticket', () => {
  it('starts empty, with no payout account needed', () => {
    const f = form(free);
    expect(f.snap().value).toEqual({ form: 'editing', payout: 'notNeeded' });
    expect(f.context()).toEqual({
      eventId: draftEvent._id,
      kind: 'free',
      ticketId: null,
      isEdit: false,
      values: emptyTicket,
      errors: {},
      submitted: false,
      formError: null,
      image: null,
      savedPayout: null,
      payoutYours: true,
      banks: [],
      mode: null,
      bankCode: '',
      accountNumber: '',
      accountName: null,
      password: '',
      payoutMessage: null,
      payoutSource: null,
      busy: false,
    });
  });

  it('is quiet until submitted, then creates the ticket, says so and reports it once', async () => {
    const f = form(free);
    f.send({ type: 'field.change', name: 'ticketName', value: '' });
    expect(f.context()).toMatchObject({ errors: {}, submitted: false });
    f.send({ type: 'form.submit' });
    expect(f.snap().value).toEqual({ form: 'editing', payout: 'notNeeded' });
    expect(f.context().submitted).toBe(true);
    expect(f.context().errors.ticketName).toBe('Ticket name is required');
    fillFree(f);
    expect(f.context().errors).toEqual({});
    f.send({ type: 'form.submit' });
    expect(f.snap().value).toEqual({ form: 'saving', payout: 'notNeeded' });
    expect(f.context().busy).toBe(true);
    expect(f.calls.saveTicket).toEqual([{ ticketId: null, body: freeBody }]);
    await f.reject('saveTicket', httpError(400, 'Enter how many tickets are available'));
    expect(f.snap().value).toEqual({ form: 'editing', payout: 'notNeeded' });
    expect(f.context().busy).toBe(false);
    f.send({ type: 'form.submit' });
    await f.reject('saveTicket', networkError());
    f.send({ type: 'form.submit' });
    await f.resolve('saveTicket', saved);
    expect(f.snap().value).toEqual({ form: 'saved', payout: 'notNeeded' });
    expect(f.context().busy).toBe(true);
    expect(f.records.notify).toEqual([
      { tone: 'error', text: 'Error creating ticket! Enter how many tickets are available' },
      { tone: 'error', text: 'Error creating ticket!' },
      { tone: 'success', text: 'Ticket created successfully!' },
    ]);
    expect(f.records.ticketSaved).toEqual([{ ticket: saved }]);
  });

  it('edits a ticket type under its own id, in the words of an update', async () => {
    const f = form({ ...free, ticket: saved });
    expect(f.context()).toMatchObject({
      ticketId: saved._id,
      isEdit: true,
      values: {
        ...emptyTicket,
        ticketName: 'Regular',
        benefits: 'Entry',
        availableTickets: '100',
        purchaseLimit: '4',
      },
    });
    f.send({ type: 'form.submit' });
    expect(f.calls.saveTicket).toMatchObject([
      { ticketId: saved._id, body: { availableTickets: 100, purchaseLimit: 4 } },
    ]);
    await f.reject('saveTicket', httpError(409, 'Sold tickets cannot be fewer'));
    f.send({ type: 'form.submit' });
    await f.resolve('saveTicket', saved);
    expect(f.records.notify).toEqual([
      { tone: 'error', text: 'Error updating ticket! Sold tickets cannot be fewer' },
      { tone: 'success', text: 'Ticket updated successfully!' },
    ]);
  });

  it('uploads the chosen picture after the ticket, and says when only the picture failed', async () => {
    const f = form(free);
    fillFree(f);
    f.send({ type: 'image.select', file: { name: 'a.png' }, previewUrl: 'blob:a' });
    f.send({ type: 'image.clear' });
    expect(f.context().image).toBeNull();
    f.send({ type: 'image.select', file: { name: 'vip.png' }, previewUrl: 'blob:vip' });
    expect(f.context().image).toEqual({ file: { name: 'vip.png' }, previewUrl: 'blob:vip' });
    f.send({ type: 'form.submit' });
    await f.resolve('saveTicket', saved);
    expect(f.snap().value).toEqual({ form: 'uploadingImage', payout: 'notNeeded' });
    expect(f.context()).toMatchObject({ ticketId: saved._id, busy: true });
    expect(f.calls.uploadTicketImage).toEqual([{ ticketId: saved._id, file: { name: 'vip.png' } }]);
    expect(f.records.notify).toEqual([]);
    await f.reject('uploadTicketImage', networkError());
    expect(f.snap().value).toEqual({ form: 'editing', payout: 'notNeeded' });
    expect(f.context().busy).toBe(false);
    // The type exists now: the next save updates it.
    f.send({ type: 'form.submit' });
    expect(f.calls.saveTicket.at(-1)).toMatchObject({ ticketId: saved._id });
    await f.resolve('saveTicket', saved);
    await f.reject('uploadTicketImage', httpError(415, 'The file is not an image.'));
    f.send({ type: 'form.submit' });
    await f.resolve('saveTicket', saved);
    const withImage = { ...saved, image: '/api/images/t.webp' };
    await f.resolve('uploadTicketImage', withImage);
    expect(f.snap().value).toEqual({ form: 'saved', payout: 'notNeeded' });
    expect(f.records.notify).toEqual([
      { tone: 'error', text: 'The ticket was saved but its image was not: Failed to upload image.' },
      { tone: 'error', text: 'The ticket was saved but its image was not: The file is not an image.' },
      { tone: 'success', text: 'Ticket created successfully!' },
    ]);
    expect(f.records.ticketSaved).toEqual([{ ticket: withImage }]);
  });

  it('an edit with a picture says updated', async () => {
    const f = form({ ...free, ticket: saved });
    f.send({ type: 'image.select', file: 'x', previewUrl: 'blob:x' });
    f.send({ type: 'form.submit' });
    await f.resolve('saveTicket', saved);
    await f.resolve('uploadTicketImage', saved);
    expect(f.records.notify).toEqual([{ tone: 'success', text: 'Ticket updated successfully!' }]);
  });
});
