import { NO_SOCIAL_LINKS, type SocialLinks } from '../../contract/events';
import type { OrganiserEvent as Event } from '../../contract/organiser';
import type { OrganiserTicket as Ticket } from '../../contract/tickets';
import {
  type EventDetailsField,
  type EventDetailsValues,
  emptyEventDetails,
  eventDetailsErrors,
  valuesFromEvent,
} from '../lib/eventDetailsForm';
import { type FieldErrors, hasErrors } from '../lib/form';
import { allowedStep, type WizardStep } from './steps';

/** The wizard's context, its input and events, and what they start from. */

export type TicketKind = 'free' | 'paid';
export type SocialField = keyof SocialLinks;

export type WizardContext = {
  event: Event | null;
  tickets: Ticket[];
  values: EventDetailsValues;
  errors: FieldErrors;
  submitted: boolean;
  formError: string | null;
  socials: SocialLinks;
  /** The ticket form on screen: which kind, and the ticket type being edited (null = a new one). */
  ticketForm: { kind: TicketKind; ticket: Ticket | null } | null;
  /** A note for the current step ('Add a ticket first', 'Please select an image first!'). */
  message: string | null;
  image: { file: unknown; previewUrl: string } | null;
  publish: boolean;
  /** What the upload answered: the event is on sale now (else it stayed a draft). */
  published: boolean;
  /** The step the wizard opened on (the route's, or the furthest reached when that is further). */
  entry: WizardStep;
  deletingId: string | null;
};

export type WizardInput = { step: WizardStep; event: Event | null; tickets: Ticket[] };

export type WizardEvent =
  | { type: 'field.change'; name: EventDetailsField; value: string | boolean }
  | { type: 'details.submit' }
  | { type: 'details.cancel' }
  | { type: 'ticket.add' }
  | { type: 'ticket.pick'; kind: TicketKind }
  | { type: 'ticket.dismiss' }
  | { type: 'ticket.saved'; ticket: Ticket }
  | { type: 'ticket.edit'; ticketId: string }
  | { type: 'ticket.delete'; ticketId: string }
  | { type: 'socials.change'; name: SocialField; value: string }
  | { type: 'step.back' }
  | { type: 'step.proceed' }
  | { type: 'image.select'; file: unknown; previewUrl: string }
  | { type: 'image.reject'; reason: string }
  | { type: 'publish.toggle' }
  | { type: 'image.submit' };

export type Notice = { tone: 'success' | 'error'; text: string };

/** What the poster upload's toast says: the event's new state, not the file's. */
export const uploadedNotice = (published: boolean): Notice => ({
  tone: 'success',
  text: published ? 'Your event is live!' : 'Poster saved. Your event is a draft.',
});

/** The context a wizard opens with: the event's saved details when it exists, else a blank form. */
export function initialContext(input: WizardInput): WizardContext {
  return {
    event: input.event,
    tickets: input.tickets,
    values: input.event ? valuesFromEvent(input.event) : emptyEventDetails,
    errors: {},
    submitted: false,
    formError: null,
    socials: input.event?.socials ?? { ...NO_SOCIAL_LINKS },
    ticketForm: null,
    message: null,
    image: null,
    publish: true,
    published: false,
    entry: allowedStep(input.step, input.event, input.tickets),
    deletingId: null,
  };
}

/** Step 1's rules in the shape lib/form's helpers take (a zod-like safeParse). */
export const detailsRules = { safeParse: (v: unknown) => detailsResult(v as EventDetailsValues) };
function detailsResult(values: EventDetailsValues) {
  const errors = eventDetailsErrors(values);
  // Stryker disable next-line ConditionalExpression: a failure with no issues reads as no errors in lib/form's validate
  if (!hasErrors(errors)) return { success: true as const };
  return {
    success: false as const,
    error: {
      issues: Object.entries(errors).map(([key, message]) => ({ path: [key], message: String(message) })),
    },
  };
}
