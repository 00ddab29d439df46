import * as z from 'zod/mini';
import { uuid } from './common';
import { TEXT_LIMITS, text } from './text';

/**
 * A word from the organiser to every guest (decision 063).
 *
 * The event's managers (owner, co-organiser):
 * - GET  /api/events/:eventId/messages            → guestMessagesResponse (every message, the audiences, the hour's limit)
 * - POST /api/events/:eventId/messages/preview    guestMessageDraft → guestMessagePreview (how many guests it reaches)
 * - POST /api/events/:eventId/messages/test       guestMessageDraft → 202 guestMessageTestSent (to the sender alone)
 * - POST /api/events/:eventId/messages            guestMessageDraft → 202 guestMessageSummary (sent in the background)
 *   429 past GUEST_MESSAGE_LIMITS per event per hour; 409 when the audience holds no guest.
 * A guest, by a ticket's code or share token (the secret travels in the body, never in a path):
 * - POST /api/guest-messages/for-ticket { key }   → latestGuestMessage (the latest message that reached this ticket)
 * A holder, by the signed link in a message (decision 070):
 * - POST /api/guest-messages/unsubscribe { token }  → unsubscribedResponse (no more of that event's messages)
 * - POST /api/guest-messages/unsubscribe/one-click?token=…  (List-Unsubscribe-Post, RFC 8058) → 200
 */

export const GUEST_MESSAGE_LIMITS = {
  /** Messages to guests per event per hour: a correction after a mistake fits, a stream of mail does not. */
  perHour: 3,
  /** Test sends to oneself per event per hour. */
  testsPerHour: 10,
  subject: TEXT_LIMITS.title,
  body: 2000,
} as const;

export const guestMessageAudience = z.enum(['event', 'type', 'date'], {
  error: 'Choose who the message goes to: all guests, a ticket type or a date',
});
export type GuestMessageAudience = z.infer<typeof guestMessageAudience>;

export const guestMessageDraft = z.object({
  audience: guestMessageAudience,
  /** With audience 'type'. */
  ticketTypeId: z.optional(uuid),
  /** With audience 'date'. */
  eventDateId: z.optional(uuid),
  subject: text({ label: 'Subject', max: GUEST_MESSAGE_LIMITS.subject, required: true }),
  body: text({ label: 'Message', max: GUEST_MESSAGE_LIMITS.body, required: true, multiline: true }),
});
export type GuestMessageDraft = z.infer<typeof guestMessageDraft>;

export const guestMessageSummary = z.object({
  id: uuid,
  audience: guestMessageAudience,
  /** 'All guests', the ticket type's name, or the date's name. */
  audienceName: z.string(),
  subject: z.string(),
  body: z.string(),
  sentByName: z.string(),
  createdAt: z.string(),
  /** Holders it goes to (one per address). */
  recipients: z.int(),
  /** Delivered (or, with no mail server, stored in the outbox). */
  sent: z.int(),
  /** Delivery failed at least once and is being retried by the outbox. */
  failed: z.int(),
  /** Holders who unsubscribed from this event's messages (decision 070): not mailed. */
  skipped: z.int(),
  /** Not yet delivered or not yet handed to the outbox. */
  waiting: z.int(),
});
export type GuestMessageSummary = z.infer<typeof guestMessageSummary>;

export const audienceChoice = z.object({ id: uuid, name: z.string(), guests: z.int() });
export type AudienceChoice = z.infer<typeof audienceChoice>;

export const guestMessagesResponse = z.object({
  messages: z.array(guestMessageSummary),
  /** Guests (distinct holders) of the whole event, and of each ticket type and date. */
  guests: z.int(),
  types: z.array(audienceChoice),
  dates: z.array(audienceChoice),
  limit: z.object({ perHour: z.int(), sentThisHour: z.int() }),
});
export type GuestMessagesResponse = z.infer<typeof guestMessagesResponse>;

export const guestMessagePreview = z.object({
  recipients: z.int(),
  audienceName: z.string(),
  subject: z.string(),
  /** The email's plain-text body as a guest receives it. */
  text: z.string(),
});
export type GuestMessagePreview = z.infer<typeof guestMessagePreview>;

export const guestMessageTestSent = z.object({ sentTo: z.string() });
export type GuestMessageTestSent = z.infer<typeof guestMessageTestSent>;

export const ticketMessageRequest = z.object({
  key: text({ label: 'Ticket', max: 400, required: true }),
});

export const latestGuestMessage = z.object({
  message: z.nullable(
    z.object({
      id: uuid,
      subject: z.string(),
      body: z.string(),
      sentByName: z.string(),
      createdAt: z.string(),
    }),
  ),
});
export type LatestGuestMessage = z.infer<typeof latestGuestMessage>;

/** The token of an unsubscribe link (server/modules/guest-messages/unsubscribe.ts). */
export const unsubscribeRequest = z.object({
  token: text({ label: 'Unsubscribe link', max: 600, required: true }),
});
export type UnsubscribeRequest = z.infer<typeof unsubscribeRequest>;

export const unsubscribedResponse = z.object({
  /** The event whose organiser will write to this address no more. */
  eventName: z.string(),
  email: z.string(),
});
export type UnsubscribedResponse = z.infer<typeof unsubscribedResponse>;
