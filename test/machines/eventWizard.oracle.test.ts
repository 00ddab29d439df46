import { beforeEach, describe, expect, it, vi } from 'vitest';
import { eventWizardMachine, type WizardInput } from '../../machines/eventWizard.machine';
import { emptyEventDetails, valuesFromEvent } from '../../machines/lib/eventDetailsForm';
import { httpError, networkError } from '../helpers/callErrors';
import { driveMachine } from '../helpers/driveMachine';
import { draftEvent, ticketType } from './organiserFixtures';

/**
 * The event wizard against expectations written here from decision 011 (not from the machine): what
 * each step keeps, what each call sends, the toasts and the page's navigation. The generated paths
 * (eventWizard.model.test.ts) compare the actor with a model built from the same machine, so a
 * changed message, a field no longer set or a call with the wrong input is seen only here.
 */
beforeEach(() => {
  vi.useFakeTimers();
});

const regular = ticketType();
const vip = ticketType({
  _id: '7a000000-0000-4000-8000-000000000002',
  ticketName: 'VIP',
  ticketType: 'paid',
});
const noLinks = {
  website: null,
  twitter: null,
  instagram: null,
  whatsapp: null,
  facebook: null,
  telegram: null,
};
const CALLS = ['saveEvent', 'saveSocials', 'deleteTicket', 'uploadImage'] as const;
const RECORDED = ['notify', 'goHome', 'goToListing'] as const;
const ADD_FIRST = 'Add at least one ticket before you continue.';

function wizard(input: WizardInput, signedIn = true) {
  return driveMachine(eventWizardMachine, {
    input,
    calls: CALLS,
    recorded: RECORDED,
    guards: { hasToken: () => signedIn },
  });
}
const fresh: WizardInput = { step: 'details', event: null, tickets: [] };
const filled: [string, string | boolean][] = [
  ['eventName', 'Lagos Jazz Night'],
  ['category', 'Music'],
  ['description', 'Live jazz.'],
  ['startDate', '2027-03-06'],
  ['endDate', '2027-03-06'],
  ['startTime', '18:00'],
  ['endTime', '23:00'],
  ['online', true],
  ['url', 'https://meet.example.com/jazz'],
];
const onlineBody = {
  eventName: 'Lagos Jazz Night',
  category: 'Music',
  description: 'Live jazz.',
  startDate: '2027-03-06',
  endDate: '2027-03-06',
  startTime: '18:00',
  endTime: '23:00',
  eventLocation: 'online',
  country: null,
  state: null,
  location: null,
  url: 'https://meet.example.com/jazz',
};

describe('event wizard: opening', () => {
  it('starts a new event on a blank form with Publish now ticked', () => {
    const w = wizard(fresh);
    expect(w.snap().value).toEqual({ details: 'editing' });
    expect(w.context()).toEqual({
      event: null,
      tickets: [],
      values: emptyEventDetails,
      errors: {},
      submitted: false,
      formError: null,
      socials: noLinks,
      ticketForm: null,
      message: null,
      image: null,
      publish: true,
      published: false,
      entry: 'details',
      deletingId: null,
    });
  });

  it.each([
    ['tickets', [], { tickets: { editing: 'idle' } }],
    ['preview', [regular], { preview: 'idle' }],
    ['appearance', [regular], { appearance: 'idle' }],
    ['appearance', [], { tickets: { editing: 'idle' } }],
    ['details', [regular], { details: 'editing' }],
  ] as const)('a draft opened on %s with %o shows %o', (step, tickets, value) => {
    const w = wizard({ step, event: draftEvent, tickets: [...tickets] });
    expect(w.snap().value).toEqual(value);
    expect(w.context()).toMatchObject({ event: draftEvent, values: valuesFromEvent(draftEvent) });
  });
});

describe('event wizard: step 1, the details', () => {
  it('is quiet until submitted, refuses signed out, then creates the event and says so', async () => {
    const out = wizard(fresh, false);
    for (const [name, value] of filled) out.send({ type: 'field.change', name, value });
    out.send({ type: 'details.submit' });
    expect(out.snap().value).toEqual({ details: 'editing' });
    expect(out.context()).toMatchObject({ formError: 'User not logged in', submitted: true, errors: {} });
    expect(out.calls.saveEvent).toEqual([]);
    out.send({ type: 'field.change', name: 'category', value: 'Jazz' });
    expect(out.context().formError).toBeNull();

    const w = wizard(fresh);
    w.send({ type: 'field.change', name: 'eventName', value: '' });
    expect(w.context()).toMatchObject({ errors: {}, submitted: false });
    w.send({ type: 'details.submit' });
    expect(w.context().submitted).toBe(true);
    expect(w.context().errors.eventName).toBe('Event name is required');
    for (const [name, value] of filled) w.send({ type: 'field.change', name, value });
    expect(w.context().errors).toEqual({});
    w.send({ type: 'details.submit' });
    expect(w.snap().value).toEqual({ details: 'saving' });
    expect(w.calls.saveEvent).toEqual([{ eventId: null, body: onlineBody }]);
    await w.reject('saveEvent', httpError(400, 'The event must end after it starts'));
    expect(w.snap().value).toEqual({ details: 'editing' });
    w.send({ type: 'details.submit' });
    await w.reject('saveEvent', networkError());
    w.send({ type: 'details.submit' });
    await w.resolve('saveEvent', draftEvent);
    expect(w.records.notify).toEqual([
      { tone: 'error', text: 'Failed to create event: The event must end after it starts' },
      { tone: 'error', text: 'Failed to create event: Unknown error' },
      { tone: 'success', text: 'Event created successfully!' },
    ]);
    expect(w.snap().value).toEqual({ tickets: { editing: 'idle' } });
    expect(w.context()).toMatchObject({ event: draftEvent, socials: noLinks, message: null });
  });

  it('updates an existing draft with its own id and words; Cancel goes home', async () => {
    const withLinks = { ...draftEvent, socials: { ...noLinks, website: 'https://jazz.ng' } };
    const w = wizard({ step: 'details', event: draftEvent, tickets: [] });
    w.send({ type: 'details.submit' });
    expect(w.calls.saveEvent).toMatchObject([{ eventId: draftEvent._id }]);
    await w.reject('saveEvent', httpError(409, 'Published events keep their dates'));
    w.send({ type: 'details.submit' });
    await w.resolve('saveEvent', withLinks);
    expect(w.records.notify).toEqual([
      { tone: 'error', text: 'Failed to save event: Published events keep their dates' },
      { tone: 'success', text: 'Event details saved' },
    ]);
    expect(w.context().socials).toEqual(withLinks.socials);
    const c = wizard(fresh);
    c.send({ type: 'details.cancel' });
    expect(c.snap().status).toBe('done');
    expect(c.snap().value).toBe('cancelled');
    expect(c.records.goHome).toEqual([null]);
  });
});

describe('event wizard: step 2, the tickets', () => {
  const atTickets = () => wizard({ step: 'tickets', event: draftEvent, tickets: [] });

  it('adds ticket types one at a time and asks for one before going on', async () => {
    const w = atTickets();
    w.send({ type: 'step.proceed' });
    expect(w.context().message).toBe(ADD_FIRST);
    expect(w.snap().value).toEqual({ tickets: { editing: 'idle' } });
    w.send({ type: 'ticket.add' });
    expect(w.snap().value).toEqual({ tickets: { editing: 'picking' } });
    expect(w.context().message).toBeNull();
    w.send({ type: 'ticket.dismiss' });
    expect(w.snap().value).toEqual({ tickets: { editing: 'idle' } });
    w.send({ type: 'ticket.add' });
    w.send({ type: 'ticket.pick', kind: 'paid' });
    expect(w.snap().value).toEqual({ tickets: { editing: 'form' } });
    expect(w.context().ticketForm).toEqual({ kind: 'paid', ticket: null });
    w.send({ type: 'ticket.dismiss' });
    expect(w.context().ticketForm).toBeNull();
    w.send({ type: 'ticket.add' });
    w.send({ type: 'ticket.pick', kind: 'free' });
    w.send({ type: 'ticket.saved', ticket: regular });
    expect(w.snap().value).toEqual({ tickets: { editing: 'idle' } });
    expect(w.context()).toMatchObject({ tickets: [regular], ticketForm: null });
    w.send({ type: 'ticket.add' });
    w.send({ type: 'ticket.pick', kind: 'paid' });
    w.send({ type: 'ticket.saved', ticket: vip });
    expect(w.context().tickets).toEqual([regular, vip]);
  });

  it('keeps the links (blank is none), saves them on Proceed and says why they were not saved', async () => {
    const w = wizard({ step: 'tickets', event: draftEvent, tickets: [regular] });
    w.send({ type: 'socials.change', name: 'website', value: 'https://jazz.ng' });
    w.send({ type: 'socials.change', name: 'twitter', value: '  ' });
    expect(w.context().socials).toEqual({ ...noLinks, website: 'https://jazz.ng' });
    w.send({ type: 'step.proceed' });
    expect(w.snap().value).toEqual({ tickets: 'savingSocials' });
    expect(w.calls.saveSocials).toEqual([
      { event: draftEvent, socials: { ...noLinks, website: 'https://jazz.ng' } },
    ]);
    // While the links are saved nothing else is taken.
    w.send({ type: 'step.back' });
    expect(w.snap().value).toEqual({ tickets: 'savingSocials' });
    await w.reject('saveSocials', httpError(400, 'Website must be a web address starting with https://'));
    expect(w.snap().value).toEqual({ tickets: { editing: 'idle' } });
    w.send({ type: 'step.proceed' });
    await w.reject('saveSocials', networkError());
    expect(w.records.notify).toEqual([
      {
        tone: 'error',
        text: 'Failed to save the social links: Website must be a web address starting with https://',
      },
      { tone: 'error', text: 'Failed to save the social links: Unknown error' },
    ]);
    w.send({ type: 'step.proceed' });
    const saved = { ...draftEvent, socials: { ...noLinks, website: 'https://jazz.ng' } };
    await w.resolve('saveSocials', saved);
    expect(w.snap().value).toEqual({ preview: 'idle' });
    expect(w.context().event).toEqual(saved);
  });

  it('Back returns to the details with no form open', () => {
    const w = atTickets();
    w.send({ type: 'ticket.add' });
    w.send({ type: 'ticket.pick', kind: 'free' });
    w.send({ type: 'step.back' });
    expect(w.snap().value).toEqual({ details: 'editing' });
    expect(w.context().ticketForm).toBeNull();
  });
});

describe('event wizard: the preview', () => {
  const atPreview = () => wizard({ step: 'preview', event: draftEvent, tickets: [regular, vip] });

  it('edits a listed ticket type in its own kind and puts the saved one in its place', () => {
    const w = atPreview();
    w.send({ type: 'ticket.edit', ticketId: 'not-a-ticket' });
    expect(w.snap().value).toEqual({ preview: 'idle' });
    w.send({ type: 'ticket.edit', ticketId: vip._id });
    expect(w.snap().value).toEqual({ tickets: { editing: 'form' } });
    expect(w.context().ticketForm).toEqual({ kind: 'paid', ticket: vip });
    const renamed = { ...vip, ticketName: 'VIP table' };
    w.send({ type: 'ticket.saved', ticket: renamed });
    expect(w.snap().value).toEqual({ preview: 'idle' });
    expect(w.context()).toMatchObject({ tickets: [regular, renamed], ticketForm: null });
    w.send({ type: 'ticket.add' });
    expect(w.snap().value).toEqual({ tickets: { editing: 'picking' } });
  });

  it('deletes a listed ticket type, or says why not', async () => {
    const w = atPreview();
    w.send({ type: 'ticket.delete', ticketId: 'not-a-ticket' });
    expect(w.snap().value).toEqual({ preview: 'idle' });
    w.send({ type: 'ticket.delete', ticketId: regular._id });
    expect(w.snap().value).toEqual({ preview: 'deleting' });
    expect(w.context().deletingId).toBe(regular._id);
    expect(w.calls.deleteTicket).toEqual([{ ticketId: regular._id }]);
    await w.reject('deleteTicket', httpError(409, 'Tickets of this type have been sold.'));
    expect(w.context()).toMatchObject({ deletingId: null, tickets: [regular, vip] });
    w.send({ type: 'ticket.delete', ticketId: regular._id });
    await w.reject('deleteTicket', networkError());
    w.send({ type: 'ticket.delete', ticketId: regular._id });
    await w.resolve('deleteTicket', { message: 'Ticket deleted' });
    expect(w.snap().value).toEqual({ preview: 'idle' });
    expect(w.context()).toMatchObject({ deletingId: null, tickets: [vip] });
    expect(w.records.notify).toEqual([
      { tone: 'error', text: 'Tickets of this type have been sold.' },
      { tone: 'error', text: 'Failed to delete the ticket.' },
      { tone: 'success', text: 'Ticket deleted' },
    ]);
    w.send({ type: 'ticket.delete', ticketId: vip._id });
    await w.resolve('deleteTicket', {});
    w.send({ type: 'step.proceed' });
    expect(w.snap().value).toEqual({ preview: 'idle' });
    expect(w.context().message).toBe(ADD_FIRST);
    // The ticket step opens without the preview's note.
    w.send({ type: 'ticket.add' });
    expect(w.snap().value).toEqual({ tickets: { editing: 'picking' } });
    expect(w.context().message).toBeNull();
    w.send({ type: 'step.back' });
    expect(w.snap().value).toEqual({ details: 'editing' });
  });

  it('goes on to the poster with a ticket type, and each step starts without the last note', () => {
    const w = wizard({ step: 'tickets', event: draftEvent, tickets: [regular] });
    w.send({ type: 'ticket.add' });
    w.send({ type: 'ticket.pick', kind: 'free' });
    w.send({ type: 'ticket.saved', ticket: vip });
    const p = atPreview();
    p.send({ type: 'step.proceed' });
    expect(p.snap().value).toEqual({ appearance: 'idle' });
    p.send({ type: 'image.submit' });
    expect(p.context().message).toBe('Please select an image first!');
    p.send({ type: 'step.back' });
    expect(p.snap().value).toEqual({ preview: 'idle' });
    expect(p.context().message).toBeNull();
  });
});

describe('event wizard: step 3, the poster', () => {
  const atAppearance = () => wizard({ step: 'appearance', event: draftEvent, tickets: [regular] });

  it('asks for an image, says why one was refused, and uploads it with Publish now', async () => {
    const w = atAppearance();
    w.send({ type: 'image.reject', reason: 'Only image files can be uploaded.' });
    expect(w.context().message).toBe('Only image files can be uploaded.');
    w.send({ type: 'image.select', file: { name: 'poster.png' }, previewUrl: 'blob:poster' });
    expect(w.context()).toMatchObject({
      image: { file: { name: 'poster.png' }, previewUrl: 'blob:poster' },
      message: null,
    });
    w.send({ type: 'publish.toggle' });
    expect(w.context().publish).toBe(false);
    w.send({ type: 'publish.toggle' });
    expect(w.context().publish).toBe(true);
    w.send({ type: 'image.submit' });
    expect(w.snap().value).toEqual({ appearance: 'uploading' });
    expect(w.calls.uploadImage).toEqual([
      { eventId: draftEvent._id, file: { name: 'poster.png' }, publish: true },
    ]);
    await w.reject('uploadImage', httpError(415, 'The file is not an image.'));
    expect(w.snap().value).toEqual({ appearance: 'idle' });
    expect(w.context().message).toBe('Error: The file is not an image.');
    w.send({ type: 'image.submit' });
    expect(w.context().message).toBeNull();
    await w.reject('uploadImage', networkError());
    expect(w.context().message).toBe('Error: Failed to upload image.');
    w.send({ type: 'image.submit' });
    await w.resolve('uploadImage', { published: true });
    expect(w.snap().value).toEqual({ appearance: 'uploaded' });
    expect(w.context().published).toBe(true);
    expect(w.records.notify).toEqual([{ tone: 'success', text: 'Your event is live!' }]);
    await vi.advanceTimersByTimeAsync(1999);
    expect(w.records.goToListing).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(w.records.goToListing).toEqual([{ eventId: draftEvent._id }]);
    expect(w.snap().value).toBe('done');
    expect(w.snap().status).toBe('done');
  });

  it('an upload that did not publish says the event is a draft', async () => {
    const w = atAppearance();
    w.send({ type: 'publish.toggle' });
    w.send({ type: 'image.select', file: 'poster', previewUrl: 'blob:1' });
    w.send({ type: 'image.submit' });
    expect(w.calls.uploadImage).toEqual([{ eventId: draftEvent._id, file: 'poster', publish: false }]);
    await w.resolve('uploadImage', {});
    expect(w.context().published).toBe(false);
    expect(w.records.notify).toEqual([{ tone: 'success', text: 'Poster saved. Your event is a draft.' }]);
  });

  it('a note on the ticket step is gone on the preview and back on the ticket step', async () => {
    const w = wizard({ step: 'tickets', event: draftEvent, tickets: [] });
    w.send({ type: 'step.proceed' });
    w.send({ type: 'ticket.add' });
    w.send({ type: 'ticket.pick', kind: 'free' });
    w.send({ type: 'ticket.saved', ticket: regular });
    w.send({ type: 'step.proceed' });
    await w.resolve('saveSocials', draftEvent);
    expect(w.context().message).toBeNull();
    w.send({ type: 'step.proceed' });
    w.send({ type: 'image.submit' });
    w.send({ type: 'step.back' });
    w.send({ type: 'ticket.add' });
    expect(w.snap().value).toEqual({ tickets: { editing: 'picking' } });
    expect(w.context().message).toBeNull();
  });
});
