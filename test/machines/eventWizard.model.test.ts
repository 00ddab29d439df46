import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, type SnapshotFrom } from 'xstate';
import {
  allowedStep,
  eventWizardMachine,
  furthestStep,
  stepOf,
  type WizardInput,
} from '../../machines/eventWizard.machine';
import { eventDetailsErrors } from '../../machines/lib/eventDetailsForm';
import { expectFullCoverage, flowModel, httpError, networkError, runPath } from '../helpers/machineModel';
import { draftEvent, ticketType } from './organiserFixtures';

const regular = ticketType();
const regularEdited = ticketType({ ticketName: 'Regular (early)' });
const vip = ticketType({
  _id: '7a000000-0000-4000-8000-000000000002',
  ticketName: 'VIP',
  ticketType: 'paid',
  ticketPrice: 25_000,
});
const published = { ...draftEvent, status: 'published' as const };
const withSocials = { ...draftEvent, socials: { ...draftEvent.socials, website: 'https://jazz.ng' } };

const events = [
  { type: 'field.change', name: 'eventName', value: '' },
  { type: 'field.change', name: 'eventName', value: 'Lagos Jazz Night' },
  { type: 'details.submit' },
  { type: 'details.cancel' },
  { type: 'xstate.done.actor.saveEvent', output: draftEvent },
  { type: 'xstate.error.actor.saveEvent', error: httpError(400, 'The event must end after it starts') },
  { type: 'xstate.error.actor.saveEvent', error: networkError() },
  { type: 'ticket.add' },
  { type: 'ticket.pick', kind: 'free' },
  { type: 'ticket.pick', kind: 'paid' },
  { type: 'ticket.dismiss' },
  { type: 'ticket.saved', ticket: vip },
  { type: 'ticket.saved', ticket: regularEdited },
  { type: 'ticket.edit', ticketId: regular._id },
  { type: 'ticket.edit', ticketId: 'not-a-ticket' },
  { type: 'ticket.delete', ticketId: regular._id },
  { type: 'xstate.done.actor.deleteTicket', output: { message: 'Ticket deleted' } },
  {
    type: 'xstate.error.actor.deleteTicket',
    error: httpError(409, 'Tickets of this type have been sold, so it cannot be deleted.'),
  },
  { type: 'socials.change', name: 'website', value: 'https://jazz.ng' },
  { type: 'xstate.done.actor.saveSocials', output: withSocials },
  {
    type: 'xstate.error.actor.saveSocials',
    error: httpError(400, 'Website must be a web address starting with https://'),
  },
  { type: 'step.back' },
  { type: 'step.proceed' },
  { type: 'image.select', file: { name: 'poster.png' }, previewUrl: 'blob:poster' },
  { type: 'image.reject', reason: 'Only image files can be uploaded.' },
  { type: 'publish.toggle' },
  { type: 'image.submit' },
  { type: 'xstate.done.actor.uploadImage', output: { published: true } },
  { type: 'xstate.error.actor.uploadImage', error: httpError(415, 'The file is not an image.') },
  { type: 'xstate.error.actor.uploadImage', error: networkError() },
  { type: 'xstate.after.redirect.eventWizard.appearance.uploaded' },
];

type Snap = SnapshotFrom<typeof eventWizardMachine>;
/**
 * What the current step shows and what changes its behaviour, and nothing else: the details form's
 * validity and message; the ticket step's count, open form and links; the preview's count; the
 * appearance step's file, Publish now and message. Context the step does not show stays out, which
 * keeps the graph small enough to walk every transition.
 */
const key = (s: Snap) => {
  const c = s.context;
  const count = Math.min(c.tickets.length, 2);
  if (s.matches('details'))
    return [
      'details',
      c.event !== null,
      Object.keys(eventDetailsErrors(c.values)).length === 0,
      c.errors,
      c.formError,
    ];
  if (s.matches('tickets'))
    return [
      'tickets',
      count,
      c.ticketForm ? [c.ticketForm.kind, c.ticketForm.ticket?._id ?? null] : null,
      c.socials.website,
      c.message,
    ];
  if (s.matches('preview')) return ['preview', count, c.message, c.tickets.map((t) => t.ticketName)];
  if (s.matches('appearance')) return ['appearance', c.image?.previewUrl ?? null, c.publish, c.message];
  return [String(s.value)];
};

const signedIn = eventWizardMachine.provide({ guards: { hasToken: () => true } });
const signedOut = eventWizardMachine.provide({ guards: { hasToken: () => false } });

const inputs: Array<[string, typeof signedIn, WizardInput]> = [
  ['a new event', signedIn, { step: 'details', event: null, tickets: [] }],
  ['a new event, signed out', signedOut, { step: 'details', event: null, tickets: [] }],
  ['a draft edited after signing out', signedOut, { step: 'details', event: draftEvent, tickets: [regular] }],
  [
    'a draft without tickets asked at step 3',
    signedIn,
    { step: 'appearance', event: draftEvent, tickets: [] },
  ],
  ['a draft at the preview', signedIn, { step: 'preview', event: draftEvent, tickets: [regular] }],
  ['a draft at step 3', signedIn, { step: 'appearance', event: draftEvent, tickets: [regular] }],
  ['a published event at step 2', signedIn, { step: 'tickets', event: published, tickets: [regular] }],
];

const modelPaths = inputs.map(
  ([name, machine, input]) =>
    [name, machine, input, flowModel(machine, { events, key, input }).getShortestPaths()] as const,
);

beforeEach(() => {
  vi.useFakeTimers();
});

describe('event wizard: routes only show reached steps', () => {
  it('derives how far an event has come from the server’s copy', () => {
    expect(furthestStep(null, [])).toBe('details');
    expect(furthestStep(draftEvent, [])).toBe('tickets');
    expect(furthestStep(draftEvent, [regular])).toBe('appearance');
    expect(allowedStep('preview', draftEvent, [])).toBe('tickets');
    expect(allowedStep('appearance', null, [])).toBe('details');
    expect(allowedStep('details', draftEvent, [regular])).toBe('details');
    expect(allowedStep('preview', draftEvent, [regular])).toBe('preview');
  });

  it.each(inputs)('opens %s on the allowed step', (_, machine, input) => {
    const actor = createActor(machine, { input }).start();
    expect(stepOf(actor.getSnapshot())).toBe(allowedStep(input.step, input.event, input.tickets));
  });
});

describe.each(modelPaths)('event wizard paths from %s', (_, machine, input, paths) => {
  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_, path) => {
    const notices: string[] = [];
    const went: string[] = [];
    await runPath(path, {
      machine: machine.provide({
        actions: {
          notify: (_, n) => void notices.push(n.text),
          goHome: () => void went.push('/'),
          goToListing: () => void went.push('/events/all'),
        },
      }),
      input,
      actorNames: ['saveEvent', 'saveSocials', 'deleteTicket', 'uploadImage'],
      delays: { redirect: 2000 },
      view: key,
      check: (real, _m, calls) => {
        const last = (name: string) => calls[name]?.at(-1);
        if (real.matches({ details: 'saving' }))
          expect(last('saveEvent')).toMatchObject({
            eventId: real.context.event?._id ?? null,
            body: { eventName: real.context.values.eventName.trim() },
          });
        if (real.matches({ tickets: 'savingSocials' }))
          expect(last('saveSocials')).toEqual({ event: real.context.event, socials: real.context.socials });
        if (real.matches({ preview: 'deleting' }))
          expect(last('deleteTicket')).toEqual({ ticketId: regular._id });
        if (real.matches({ appearance: 'uploading' }))
          expect(last('uploadImage')).toEqual({
            eventId: draftEvent._id,
            file: { name: 'poster.png' },
            publish: real.context.publish,
          });
        // Nothing is sent without a token.
        if (real.context.formError === 'User not logged in') expect(calls.saveEvent).toEqual([]);
        expect(went).toEqual(real.matches('done') ? ['/events/all'] : real.matches('cancelled') ? ['/'] : []);
      },
    });
  });
});

describe('event wizard coverage and messages', () => {
  const all = modelPaths.flatMap(([, , , paths]) => paths);

  it('covers every state and transition', () => expectFullCoverage(signedIn, all));

  it('says what the spec says', () => {
    const texts = new Set(
      all.flatMap((p) => p.steps.flatMap((s) => [s.state.context.message, s.state.context.formError])),
    );
    for (const text of [
      'User not logged in',
      'Please select an image first!',
      'Error: The file is not an image.',
      'Error: Failed to upload image.',
      'Add at least one ticket before you continue.',
      'Only image files can be uploaded.',
    ])
      expect(texts).toContain(text);
  });

  async function createThenUpload(publishToggles: number) {
    const notices: string[] = [];
    let listing = 0;
    const calls: unknown[] = [];
    const { fromPromise } = await import('xstate');
    const actor = createActor(
      signedIn.provide({
        actors: {
          saveEvent: fromPromise(async ({ input }) => {
            calls.push(input);
            return draftEvent;
          }),
          saveSocials: fromPromise(async () => draftEvent),
          uploadImage: fromPromise(async ({ input }) => {
            calls.push(input);
            return { published: input.publish };
          }),
        },
        actions: {
          notify: (_, n) => void notices.push(n.text),
          goToListing: () => void listing++,
        },
      }),
      { input: { step: 'details', event: null, tickets: [] } },
    ).start();
    const change = (name: string, value: string | boolean) =>
      actor.send({ type: 'field.change', name: name as never, value });
    change('eventName', 'Lagos Jazz Night');
    change('category', 'Music');
    change('description', 'Live jazz.');
    change('startDate', '2027-03-06');
    change('endDate', '2027-03-06');
    change('startTime', '18:00');
    change('endTime', '23:00');
    change('online', true);
    change('url', 'https://meet.example.com/jazz');
    actor.send({ type: 'details.submit' });
    await vi.advanceTimersByTimeAsync(0);
    expect(stepOf(actor.getSnapshot())).toBe('tickets');
    actor.send({ type: 'step.proceed' });
    expect(actor.getSnapshot().context.message).toBe('Add at least one ticket before you continue.');
    actor.send({ type: 'ticket.add' });
    actor.send({ type: 'ticket.pick', kind: 'free' });
    actor.send({ type: 'ticket.saved', ticket: regular });
    expect(actor.getSnapshot().matches({ tickets: { editing: 'idle' } })).toBe(true);
    actor.send({ type: 'step.proceed' });
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'step.proceed' });
    expect(stepOf(actor.getSnapshot())).toBe('appearance');
    for (let i = 0; i < publishToggles; i++) actor.send({ type: 'publish.toggle' });
    actor.send({ type: 'image.select', file: 'poster', previewUrl: 'blob:1' });
    actor.send({ type: 'image.submit' });
    await vi.advanceTimersByTimeAsync(0);
    return { actor, notices, calls, listing: () => listing };
  }

  it('creates with the online kind only, then uploads and waits the full 2 s before /events/all', async () => {
    const { actor, notices, calls, listing } = await createThenUpload(0);
    expect(calls[0]).toMatchObject({
      eventId: null,
      body: {
        eventLocation: 'online',
        url: 'https://meet.example.com/jazz',
        country: null,
        state: null,
        location: null,
      },
    });
    expect(calls[1]).toEqual({ eventId: draftEvent._id, file: 'poster', publish: true });
    expect(notices).toEqual(['Event created successfully!', 'Your event is live!']);
    await vi.advanceTimersByTimeAsync(1999);
    expect(listing()).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(listing()).toBe(1);
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('keeps the event a draft when Publish now is unticked', async () => {
    const { calls, notices, actor } = await createThenUpload(1);
    expect(calls[1]).toEqual({ eventId: draftEvent._id, file: 'poster', publish: false });
    // The toast says what became of the event, not of the file.
    expect(notices.at(-1)).toBe('Poster saved. Your event is a draft.');
    expect(actor.getSnapshot().context.published).toBe(false);
  });

  it('maps the checkboxes to none, physical, online and both, with the spec’s required fields', () => {
    const actor = createActor(signedIn, { input: { step: 'details', event: null, tickets: [] } }).start();
    actor.send({ type: 'details.submit' });
    const errors = actor.getSnapshot().context.errors;
    expect(errors).toMatchObject({
      eventName: 'Event name is required',
      description: 'Description is required',
      startDate: 'Start date is required',
      eventLocation: 'Choose where the event happens: Physical, Online or both',
    });
    // The cross-field rules speak once the plain fields are filled in.
    for (const [name, value] of Object.entries({
      eventName: 'Jazz',
      category: 'Music',
      description: 'Live jazz.',
      startDate: '2027-03-06',
      endDate: '2027-03-06',
      startTime: '18:00',
      endTime: '23:00',
      physical: true,
    }))
      actor.send({ type: 'field.change', name: name as never, value });
    expect(actor.getSnapshot().context.errors).toMatchObject({
      state: 'State is required for a physical event',
      location: 'Address is required for a physical event',
    });
    actor.send({ type: 'field.change', name: 'startDate', value: '2027-03-07' });
    actor.send({ type: 'field.change', name: 'startTime', value: '10:00' });
    actor.send({ type: 'field.change', name: 'endDate', value: '2027-03-06' });
    actor.send({ type: 'field.change', name: 'endTime', value: '12:00' });
    expect(actor.getSnapshot().context.errors.endDate).toBe('The event must end after it starts');
  });
});
