import { assign, fromPromise, setup } from 'xstate';
import type { SocialLinks } from '../contract/events';
import type { OrganiserEvent as Event, EventDetailsRequest } from '../contract/organiser';
import {
  detailsRules,
  initialContext,
  type Notice,
  uploadedNotice,
  type WizardContext,
  type WizardEvent,
  type WizardInput,
} from './eventWizard/context';
import { detailsRequest, eventDetailsErrors } from './lib/eventDetailsForm';
import { editField, hasErrors, messageOr, refusedSubmit } from './lib/form';

// The wizard's pieces live beside it (eventWizard/); its importers keep reading them from here.
export type { Notice, SocialField, TicketKind, WizardEvent, WizardInput } from './eventWizard/context';
export { allowedStep, furthestStep, stepOf, type WizardStep } from './eventWizard/steps';

/**
 * The event-creation wizard (decision 011): one machine holds
 * the step — details, tickets, preview, appearance — and the routes render its states. Step 1 creates
 * (POST) or, coming back, updates (PUT) the draft; step 2 adds ticket types one at a time (the ticket
 * form is its own machine, which reports `ticket.saved`) and saves the social links on Proceed; the
 * preview lists, edits and deletes ticket types; step 3 uploads the poster, optionally publishing,
 * and goes to /events/all 2 s after 'Your event is live!' (or 'Poster saved…' for a draft).
 */
export const eventWizardMachine = setup({
  types: {
    input: {} as WizardInput,
    context: {} as WizardContext,
    events: {} as WizardEvent,
  },
  actors: {
    // Provided by the page: POST /api/events/create (eventId null) or PUT /api/events/:eventId.
    saveEvent: fromPromise<Event, { eventId: string | null; body: EventDetailsRequest }>(async () => {
      throw new Error('saveEvent actor not provided');
    }),
    // PUT /api/events/:eventId with the event's details as they are and the new links.
    saveSocials: fromPromise<Event, { event: Event; socials: SocialLinks }>(async () => {
      throw new Error('saveSocials actor not provided');
    }),
    deleteTicket: fromPromise<unknown, { ticketId: string }>(async () => {
      throw new Error('deleteTicket actor not provided');
    }),
    // PUT /api/events/update-image/:eventId (multipart eventImage), then publish when asked.
    uploadImage: fromPromise<{ published?: boolean }, { eventId: string; file: unknown; publish: boolean }>(
      async () => {
        throw new Error('uploadImage actor not provided');
      },
    ),
  },
  actions: {
    notify: (_, _params: Notice) => {},
    goHome: () => {},
    /** To the listing, with the event just published first and a banner about it. */
    goToListing: (_, _params: { eventId: string | null }) => {},
  },
  guards: {
    // Provided by the page: a sign-in token is stored (without one nothing is sent: the API would only answer 401).
    // Stryker disable next-line BooleanLiteral,ArrowFunction: a default never asked: every page and test provides hasToken
    hasToken: () => false,
    detailsValid: ({ context }) => !hasErrors(eventDetailsErrors(context.values)),
    hasTickets: ({ context }) => context.tickets.length > 0,
    hasImage: ({ context }) => context.image !== null,
    // Stryker disable next-line OptionalChaining: asked on ticket.saved only, taken only in the form state, where ticketForm is set
    editingTicket: ({ context }) => context.ticketForm?.ticket != null,
    knownTicket: ({ context, event }) =>
      'ticketId' in event && context.tickets.some((t) => t._id === event.ticketId),
  },
  delays: { redirect: 2000 },
}).createMachine({
  id: 'eventWizard',
  context: ({ input }) => initialContext(input),
  initial: 'entering',
  states: {
    // The route's step, already checked against how far the event has come (allowedStep).
    entering: {
      always: [
        { guard: ({ context }) => context.entry === 'tickets', target: 'tickets' },
        { guard: ({ context }) => context.entry === 'preview', target: 'preview' },
        { guard: ({ context }) => context.entry === 'appearance', target: 'appearance' },
        { target: 'details' },
      ],
    },
    details: {
      initial: 'editing',
      on: { 'details.cancel': { target: 'cancelled', actions: 'goHome' } },
      states: {
        editing: {
          on: {
            'field.change': {
              actions: assign(({ context, event }) => ({
                ...editField(detailsRules, context, event.name, event.value),
                formError: null,
              })),
            },
            'details.submit': [
              {
                guard: 'detailsValid',
                target: 'signedOutCheck',
                actions: assign({ errors: {}, formError: null, submitted: true }),
              },
              { actions: assign(({ context }) => refusedSubmit(detailsRules, context.values)) },
            ],
          },
        },
        signedOutCheck: {
          always: [
            { guard: 'hasToken', target: 'saving' },
            { target: 'editing', actions: assign({ formError: 'User not logged in' }) },
          ],
        },
        saving: {
          invoke: {
            id: 'saveEvent',
            src: 'saveEvent',
            input: ({ context }) => ({
              eventId: context.event?._id ?? null,
              body: detailsRequest(context.values),
            }),
            onDone: {
              target: '#eventWizard.tickets',
              actions: [
                {
                  type: 'notify',
                  params: ({ context }) => ({
                    tone: 'success' as const,
                    text: context.event ? 'Event details saved' : 'Event created successfully!',
                  }),
                },
                assign(({ event }) => ({ event: event.output, socials: event.output.socials })),
              ],
            },
            onError: {
              target: 'editing',
              actions: {
                type: 'notify',
                params: ({ context, event }) => ({
                  tone: 'error' as const,
                  text: `${context.event ? 'Failed to save event: ' : 'Failed to create event: '}${messageOr(event.error, 'Unknown error')}`,
                }),
              },
            },
          },
        },
      },
    },
    cancelled: { type: 'final' },
    tickets: {
      initial: 'editing',
      entry: assign({ message: null }),
      states: {
        // Everything the step offers while no save runs. While the links are saved the fields,
        // Back and Proceed are disabled on screen, and the machine takes none of them either.
        editing: {
          initial: 'idle',
          on: {
            'socials.change': {
              actions: assign(({ context, event }) => ({
                socials: { ...context.socials, [event.name]: event.value.trim() === '' ? null : event.value },
              })),
            },
            'step.back': { target: '#eventWizard.details', actions: assign({ ticketForm: null }) },
            'step.proceed': [
              // Stryker disable next-line ObjectLiteral: the note is already gone here (only set with no ticket type; adding one clears it)
              { guard: 'hasTickets', target: 'savingSocials', actions: assign({ message: null }) },
              { actions: assign({ message: 'Add at least one ticket before you continue.' }) },
            ],
          },
          states: {
            idle: {
              on: { 'ticket.add': { target: 'picking', actions: assign({ message: null }) } },
            },
            picking: {
              on: {
                'ticket.pick': {
                  target: 'form',
                  actions: assign(({ event }) => ({ ticketForm: { kind: event.kind, ticket: null } })),
                },
                'ticket.dismiss': 'idle',
              },
            },
            form: {
              on: {
                'ticket.saved': [
                  {
                    guard: 'editingTicket',
                    target: '#eventWizard.preview',
                    actions: assign(({ context, event }) => ({
                      tickets: context.tickets.map((t) => (t._id === event.ticket._id ? event.ticket : t)),
                      ticketForm: null,
                    })),
                  },
                  {
                    // After a successful creation the type resets to none.
                    target: 'idle',
                    actions: assign(({ context, event }) => ({
                      tickets: [...context.tickets, event.ticket],
                      ticketForm: null,
                    })),
                  },
                ],
                'ticket.dismiss': { target: 'idle', actions: assign({ ticketForm: null }) },
              },
            },
          },
        },
        savingSocials: {
          invoke: {
            id: 'saveSocials',
            src: 'saveSocials',
            input: ({ context }) => ({ event: context.event as Event, socials: context.socials }),
            onDone: {
              target: '#eventWizard.preview',
              actions: assign(({ event }) => ({ event: event.output })),
            },
            onError: {
              target: 'editing',
              actions: {
                type: 'notify',
                params: ({ event }) => ({
                  tone: 'error' as const,
                  text: `Failed to save the social links: ${messageOr(event.error, 'Unknown error')}`,
                }),
              },
            },
          },
        },
      },
    },
    preview: {
      initial: 'idle',
      entry: assign({ message: null }),
      states: {
        idle: {
          on: {
            'ticket.edit': {
              guard: 'knownTicket',
              target: '#eventWizard.tickets.editing.form',
              actions: assign(({ context, event }) => {
                const ticket = context.tickets.find((t) => t._id === event.ticketId) ?? null;
                return { ticketForm: ticket ? { kind: ticket.ticketType, ticket } : null };
              }),
            },
            'ticket.add': '#eventWizard.tickets.editing.picking',
            'ticket.delete': {
              guard: 'knownTicket',
              target: 'deleting',
              actions: assign(({ event }) => ({ deletingId: event.ticketId })),
            },
            'step.back': '#eventWizard.details',
            'step.proceed': [
              { guard: 'hasTickets', target: '#eventWizard.appearance' },
              { actions: assign({ message: 'Add at least one ticket before you continue.' }) },
            ],
          },
        },
        deleting: {
          invoke: {
            id: 'deleteTicket',
            src: 'deleteTicket',
            // Stryker disable next-line StringLiteral: deletingId is set by the transition into this state
            input: ({ context }) => ({ ticketId: context.deletingId ?? '' }),
            onDone: {
              target: 'idle',
              actions: [
                assign(({ context }) => ({
                  tickets: context.tickets.filter((t) => t._id !== context.deletingId),
                  deletingId: null,
                })),
                { type: 'notify', params: { tone: 'success', text: 'Ticket deleted' } },
              ],
            },
            onError: {
              target: 'idle',
              actions: [
                assign({ deletingId: null }),
                {
                  type: 'notify',
                  params: ({ event }) => ({
                    tone: 'error' as const,
                    text: messageOr(event.error, 'Failed to delete the ticket.'),
                  }),
                },
              ],
            },
          },
        },
      },
    },
    appearance: {
      initial: 'idle',
      // Stryker disable next-line ObjectLiteral: the preview it comes from has no note when it goes on (only set with no ticket type)
      entry: assign({ message: null }),
      states: {
        idle: {
          on: {
            'image.select': {
              actions: assign(({ event }) => ({
                image: { file: event.file, previewUrl: event.previewUrl },
                message: null,
              })),
            },
            'image.reject': { actions: assign(({ event }) => ({ message: event.reason })) },
            'publish.toggle': { actions: assign(({ context }) => ({ publish: !context.publish })) },
            'image.submit': [
              { guard: 'hasImage', target: 'uploading', actions: assign({ message: null }) },
              { actions: assign({ message: 'Please select an image first!' }) },
            ],
            'step.back': '#eventWizard.preview',
          },
        },
        uploading: {
          invoke: {
            id: 'uploadImage',
            src: 'uploadImage',
            input: ({ context }) => ({
              // Stryker disable next-line OptionalChaining,StringLiteral: the poster step is reached only once the event exists
              eventId: context.event?._id ?? '',
              // Stryker disable next-line OptionalChaining: image.submit's guard (hasImage) required the image
              file: context.image?.file,
              publish: context.publish,
            }),
            onDone: {
              target: 'uploaded',
              actions: [
                // Stryker disable next-line OptionalChaining: uploadImage always answers an object
                assign(({ event }) => ({ published: event.output?.published === true })),
                // Stryker disable next-line OptionalChaining: uploadImage always answers an object
                { type: 'notify', params: ({ event }) => uploadedNotice(event.output?.published === true) },
              ],
            },
            onError: {
              target: 'idle',
              actions: assign(({ event }) => ({
                message: `Error: ${messageOr(event.error, 'Failed to upload image.')}`,
              })),
            },
          },
        },
        uploaded: {
          after: {
            redirect: {
              target: '#eventWizard.done',
              actions: {
                type: 'goToListing',
                // Stryker disable next-line OptionalChaining: the poster step is reached only once the event exists
                params: ({ context }) => ({ eventId: context.event?._id ?? null }),
              },
            },
          },
        },
      },
    },
    done: { type: 'final' },
  },
});
