import { assign, fromPromise, setup } from 'xstate';
import type { OrganiserEvent } from '../contract/organiser';
import { messageOr } from './lib/form';

type Notice = { tone: 'success' | 'error'; text: string };
const failed = (prefix: string) => ({
  type: 'notify' as const,
  params: ({ event }: { event: { error: unknown } }) => ({
    tone: 'error' as const,
    text: `${prefix}${messageOr(event.error, 'Please try again.')}`,
  }),
});

/**
 * The management page's own actions beside its forms (decision 010): the
 * 'Publish your event' switch, 'Duplicate event', 'Set live'/pause sales, the ticket e-mail message
 * and 'Send test'. Each is a region that is idle or busy, so one running call never blocks another
 * and a second click while busy does nothing. After a change the page reloads its data (`refresh`).
 */
export const eventManagementMachine = setup({
  types: {
    input: {} as { event: OrganiserEvent },
    context: {} as { event: OrganiserEvent; emailMessage: string; testEmail: string },
    events: {} as
      | { type: 'publish.set'; publish: boolean }
      | { type: 'duplicate' }
      | { type: 'sales.set'; live: boolean }
      | { type: 'emailMessage.change'; value: string }
      | { type: 'emailMessage.save' }
      | { type: 'testEmail.change'; value: string }
      | { type: 'testEmail.send' },
  },
  actors: {
    setPublished: fromPromise<OrganiserEvent, { eventId: string; publish: boolean }>(async () => {
      throw new Error('setPublished actor not provided');
    }),
    duplicate: fromPromise<OrganiserEvent, { eventId: string }>(async () => {
      throw new Error('duplicate actor not provided');
    }),
    setSalesLive: fromPromise<OrganiserEvent, { eventId: string; live: boolean }>(async () => {
      throw new Error('setSalesLive actor not provided');
    }),
    saveEmailMessage: fromPromise<OrganiserEvent, { eventId: string; message: string }>(async () => {
      throw new Error('saveEmailMessage actor not provided');
    }),
    sendTestEmail: fromPromise<{ message: string }, { eventId: string; email: string }>(async () => {
      throw new Error('sendTestEmail actor not provided');
    }),
  },
  actions: {
    notify: (_, _params: Notice) => {},
    refresh: () => {},
    openCopy: (_, _params: { eventId: string }) => {},
  },
}).createMachine({
  id: 'eventManagement',
  type: 'parallel',
  context: ({ input }) => ({
    event: input.event,
    emailMessage: input.event.ticketEmailMessage,
    testEmail: '',
  }),
  states: {
    publishing: {
      initial: 'idle',
      states: {
        idle: { on: { 'publish.set': 'busy' } },
        busy: {
          invoke: {
            id: 'setPublished',
            src: 'setPublished',
            input: ({ context, event }) => ({
              eventId: context.event._id,
              publish: event.type === 'publish.set' ? event.publish : context.event.status !== 'published',
            }),
            onDone: {
              target: 'idle',
              actions: [
                assign(({ event }) => ({ event: event.output })),
                {
                  type: 'notify',
                  params: ({ event }) => ({
                    tone: 'success' as const,
                    text:
                      event.output.status === 'published'
                        ? 'Your event is published'
                        : 'Your event is a draft again',
                  }),
                },
                'refresh',
              ],
            },
            onError: { target: 'idle', actions: failed('') },
          },
        },
      },
    },
    duplicating: {
      initial: 'idle',
      states: {
        idle: { on: { duplicate: 'busy' } },
        busy: {
          invoke: {
            id: 'duplicate',
            src: 'duplicate',
            input: ({ context }) => ({ eventId: context.event._id }),
            onDone: {
              target: 'idle',
              actions: [
                {
                  type: 'notify',
                  params: {
                    tone: 'success',
                    text: 'Event duplicated with hidden types, access codes, questions and team; not copied: sales, sales windows, discount codes, extra dates. Set the new dates',
                  },
                },
                { type: 'openCopy', params: ({ event }) => ({ eventId: event.output._id }) },
              ],
            },
            onError: { target: 'idle', actions: failed('Could not duplicate the event: ') },
          },
        },
      },
    },
    sales: {
      initial: 'idle',
      states: {
        idle: { on: { 'sales.set': 'busy' } },
        busy: {
          invoke: {
            id: 'setSalesLive',
            src: 'setSalesLive',
            input: ({ context, event }) => ({
              eventId: context.event._id,
              live: event.type === 'sales.set' ? event.live : context.event.salesPaused,
            }),
            onDone: {
              target: 'idle',
              actions: [
                assign(({ event }) => ({ event: event.output })),
                {
                  type: 'notify',
                  params: ({ event }) => ({
                    tone: 'success' as const,
                    text: event.output.salesPaused ? 'Ticket sales paused' : 'Ticket sales are live',
                  }),
                },
                'refresh',
              ],
            },
            onError: { target: 'idle', actions: failed('') },
          },
        },
      },
    },
    emailMessage: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'emailMessage.change': { actions: assign(({ event }) => ({ emailMessage: event.value })) },
            'emailMessage.save': 'busy',
          },
        },
        busy: {
          invoke: {
            id: 'saveEmailMessage',
            src: 'saveEmailMessage',
            input: ({ context }) => ({ eventId: context.event._id, message: context.emailMessage }),
            onDone: {
              target: 'idle',
              actions: [
                assign(({ event }) => ({
                  event: event.output,
                  emailMessage: event.output.ticketEmailMessage,
                })),
                { type: 'notify', params: { tone: 'success', text: 'Ticket e-mail message saved' } },
              ],
            },
            onError: { target: 'idle', actions: failed('') },
          },
        },
      },
    },
    testEmail: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'testEmail.change': { actions: assign(({ event }) => ({ testEmail: event.value })) },
            'testEmail.send': 'busy',
          },
        },
        busy: {
          invoke: {
            id: 'sendTestEmail',
            src: 'sendTestEmail',
            input: ({ context }) => ({ eventId: context.event._id, email: context.testEmail.trim() }),
            onDone: {
              target: 'idle',
              actions: {
                type: 'notify',
                params: ({ event }) => ({ tone: 'success' as const, text: event.output.message }),
              },
            },
            onError: { target: 'idle', actions: failed('') },
          },
        },
      },
    },
  },
});
