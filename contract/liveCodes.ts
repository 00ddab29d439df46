import * as z from 'zod/mini';
import { uuid } from './common';

/**
 * Rotating ("live") ticket codes on the wire (decision 058; the code itself: contract/rotatingCode.ts).
 *
 * Holder (the buyer until the seat is handed over, or the attendee's verified account):
 * - PUT  /api/tickets/code/:code/device-key       deviceKeyRequest → deviceKeyResponse
 *        binds this phone's public key to the ticket; the same key again is fine; another key while
 *        one is bound is a 409 (the ticket is on another phone: move it explicitly)
 * - POST /api/tickets/code/:code/device-key/move  deviceKeyRequest → deviceKeyResponse
 *        the explicit re-issue from the holder's account: this phone's key replaces the old one,
 *        whose codes stop admitting at once online and at an offline door after its next sync
 * Anyone with a ticket's check link (/t#check=…):
 * - POST /api/tickets/check                       ticketCheckRequest → ticketCheckResponse
 *        valid, unused, transferable: never the code, reference, name or share link
 */

export const ROTATING_MODES = ['allowed', 'required'] as const;
export const rotatingMode = z.enum(ROTATING_MODES, {
  error: "rotatingCodes must be 'allowed' or 'required'",
});
export type RotatingMode = z.infer<typeof rotatingMode>;

/** The phone's public key as WebCrypto exports it: a raw uncompressed P-256 point, base64url (87). */
export const deviceKeyRequest = z.object({
  publicKey: z
    .string({ error: 'publicKey must be a string' })
    .check(z.regex(/^[A-Za-z0-9_-]{87}$/, 'publicKey must be a raw P-256 public key (base64url)')),
});
export type DeviceKeyRequest = z.infer<typeof deviceKeyRequest>;

export const deviceKeyResponse = z.object({
  /** The key now bound, compressed (44 characters): what the door list carries. */
  deviceKey: z.string(),
  message: z.string(),
});
export type DeviceKeyResponse = z.infer<typeof deviceKeyResponse>;

/** What the ticket page needs to show a live code. */
export const liveCodeFacts = z.object({
  /** The issued ticket's own id: what a rotating code names. */
  issuedId: uuid,
  /** The phone key bound to it (compressed), or null: none yet. */
  deviceKey: z.nullable(z.string()),
  /** Whether this reader is its holder, who alone may bind a phone (the organiser reads, never binds). */
  mayBind: z.boolean(),
  /** The event admits only live codes at the door. */
  required: z.boolean(),
  /** The secret of the ticket's check link (/t#check=…): safe to share, it admits no one. */
  checkToken: z.string(),
});
export type LiveCodeFacts = z.infer<typeof liveCodeFacts>;

export const CHECK_TOKEN_PATTERN = /^[0-9a-f]{32}$/;
export const ticketCheckRequest = z.object({
  token: z
    .string({ error: 'This check link is not valid.' })
    .check(z.regex(CHECK_TOKEN_PATTERN, 'This check link is not valid.')),
});

/** What a would-be buyer learns from a check link, and nothing that gets anyone in. */
export const ticketCheckResponse = z.object({
  eventName: z.string(),
  startDate: z.string(),
  startTime: z.string(),
  ticketName: z.string(),
  /** Not cancelled, refunded or replaced, and its order is paid. */
  valid: z.boolean(),
  /** Not yet scanned at the door. */
  unused: z.boolean(),
  /** Why it cannot be transferred now, or null: it can (contract/ticketChanges.ts). */
  transferRefusal: z.nullable(z.string()),
  /** Whether its holder's phone shows a live code for it. */
  liveCode: z.boolean(),
  /** The event admits only live codes. */
  liveRequired: z.boolean(),
  generatedAt: z.string(),
});
export type TicketCheckResponse = z.infer<typeof ticketCheckResponse>;
