import { assign, fromPromise, setup } from 'xstate';
import type { EventDetailsRequest, OrganiserEvent } from '../contract/organiser';
import {
  detailsRequest,
  type EventDetailsField,
  type EventDetailsValues,
  eventDetailsErrors,
  valuesFromEvent,
} from './lib/eventDetailsForm';
import { editField, type FieldErrors, hasErrors, messageOr, refusedSubmit } from './lib/form';

const rules = {
  safeParse: (v: unknown) => {
    const errors = eventDetailsErrors(v as EventDetailsValues);
    return hasErrors(errors)
      ? {
          success: false as const,
          error: { issues: Object.entries(errors).map(([k, m]) => ({ path: [k], message: String(m) })) },
        }
      : { success: true as const };
  },
};

/**
 * The management Details tab: the step-1 form over a saved event. Save really saves
 * (PUT /api/events/:id, social links kept); Cancel puts back the saved values.
 */
export const eventDetailsEditMachine = setup({
  types: {
    input: {} as { event: OrganiserEvent },
    context: {} as {
      event: OrganiserEvent;
      values: EventDetailsValues;
      errors: FieldErrors;
      submitted: boolean;
      formError: string | null;
    },
    events: {} as
      | { type: 'field.change'; name: EventDetailsField; value: string | boolean }
      | { type: 'form.submit' }
      | { type: 'form.cancel' },
  },
  actors: {
    saveEvent: fromPromise<OrganiserEvent, { eventId: string; body: EventDetailsRequest }>(async () => {
      throw new Error('saveEvent actor not provided');
    }),
  },
  actions: {
    notify: (_, _params: { tone: 'success' | 'error'; text: string }) => {},
    refresh: () => {},
  },
  guards: { valid: ({ context }) => !hasErrors(eventDetailsErrors(context.values)) },
}).createMachine({
  id: 'eventDetailsEdit',
  context: ({ input }) => ({
    event: input.event,
    values: valuesFromEvent(input.event),
    errors: {},
    submitted: false,
    formError: null,
  }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'field.change': {
          actions: assign(({ context, event }) => editField(rules, context, event.name, event.value)),
        },
        'form.cancel': {
          actions: assign(({ context }) => ({
            values: valuesFromEvent(context.event),
            errors: {},
            submitted: false,
            formError: null,
          })),
        },
        'form.submit': [
          { guard: 'valid', target: 'saving', actions: assign({ errors: {}, formError: null }) },
          { actions: assign(({ context }) => refusedSubmit(rules, context.values)) },
        ],
      },
    },
    saving: {
      invoke: {
        id: 'saveEvent',
        src: 'saveEvent',
        input: ({ context }) => ({
          eventId: context.event._id,
          body: detailsRequest(context.values, context.event.socials),
        }),
        onDone: {
          target: 'editing',
          actions: [
            assign(({ event }) => ({
              event: event.output,
              values: valuesFromEvent(event.output),
              submitted: false,
            })),
            { type: 'notify', params: { tone: 'success', text: 'Event details saved' } },
            'refresh',
          ],
        },
        onError: {
          target: 'editing',
          actions: assign(({ event }) => ({
            formError: messageOr(event.error, 'Failed to save the event.'),
          })),
        },
      },
    },
  },
});
