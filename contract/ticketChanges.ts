import * as z from 'zod/mini';
import { eventStart } from './eventTime';
import { rotatingMode } from './liveCodes';
import { attendeeUpdateRequest, ticketView } from './orders';
import { TEXT_LIMITS, text } from './text';

/**
 * A ticket changing hands or names (issue #23, decision 040), and the link that opens one ticket
 * without an account.
 *
 * - POST /api/tickets/code/:code/transfer   transferRequest → messageResponse (the new holder is mailed a new code)
 * - POST /api/tickets/code/:code/name       nameCorrectionRequest → changedTicketResponse (a new code, same holder)
 * - POST /api/tickets/shared                sharedTicketRequest → sharedTicketResponse (no account needed)
 * - POST /api/tickets/shared/claim          sharedTicketRequest → changedTicketResponse (signed in: the ticket is reissued to you)
 * - PUT  /api/events/:eventId/ticket-changes ticketChangeSettings → ticketChangeSettings (organiser)
 *
 * Every change reissues the ticket: the old code and the old link stop working at once, at the door
 * online and in the offline scanner after its next sync (the revocation list).
 */

/** Hours before the start that the organiser may close changes (a month). */
export const CLOSE_HOURS_MAX = 720;

export const ticketChangeSettings = z.object({
  transfersEnabled: z.boolean({ error: 'transfersEnabled must be true or false' }),
  closeHours: z
    .int({ error: 'Enter whole hours' })
    .check(
      z.minimum(0, 'Hours cannot be negative'),
      z.maximum(CLOSE_HOURS_MAX, `At most ${CLOSE_HOURS_MAX} hours (30 days) before the event`),
    ),
  /** Live codes at the door (decision 058); absent: left as it is. */
  rotatingCodes: z.optional(rotatingMode),
});
export type TicketChangeSettings = z.infer<typeof ticketChangeSettings>;

/** To whom the ticket goes: first and last name, email. */
export const transferRequest = attendeeUpdateRequest;
export type TransferRequest = z.infer<typeof transferRequest>;

export const nameCorrectionRequest = z.object({
  firstName: text({ label: 'First name', max: TEXT_LIMITS.name, required: true }),
  lastName: text({ label: 'Last name', max: TEXT_LIMITS.name, required: true }),
});
export type NameCorrectionRequest = z.infer<typeof nameCorrectionRequest>;

/** The capability link's secret, carried in the URL fragment (/t#token) and posted, never in a path. */
export const SHARE_TOKEN_PATTERN = /^[0-9a-f]{64}$/;
export const sharedTicketRequest = z.object({
  token: z
    .string({ error: 'This ticket link is not valid.' })
    .check(z.regex(SHARE_TOKEN_PATTERN, 'This ticket link is not valid.')),
});

/** A name correction or a claim: the ticket as it now is (a new code) and what happened. */
export const changedTicketResponse = z.object({ ticket: ticketView, message: z.string() });
export type ChangedTicketResponse = z.infer<typeof changedTicketResponse>;

export const TICKET_CHANGE_KINDS = ['transfer', 'name', 'organiser', 'claim'] as const;
export const ticketChangeKind = z.enum(TICKET_CHANGE_KINDS);
export type TicketChangeKind = z.infer<typeof ticketChangeKind>;

/** One line of a ticket's history, as the guest list shows it. */
export const ticketChange = z.object({
  kind: ticketChangeKind,
  seat: z.int(),
  fromName: z.string(),
  fromEmail: z.string(),
  toName: z.string(),
  toEmail: z.string(),
  /** ISO instant. */
  at: z.string(),
});
export type TicketChange = z.infer<typeof ticketChange>;

export const TICKET_CHANGE_LABELS: Record<TicketChangeKind, string> = {
  transfer: 'Transferred',
  name: 'Name corrected',
  organiser: 'Edited by the organiser',
  claim: 'Claimed from a shared link',
};

/** What decides whether a ticket may change now. */
export type TicketChangeFacts = {
  event: { startDate: string; startTime: string };
  transfersEnabled: boolean;
  closeHours: number;
  checkedIn: boolean;
  revoked: boolean;
};

/** The moment transfers and name corrections close. */
export function changesCloseAt(facts: Pick<TicketChangeFacts, 'event' | 'closeHours'>): Date {
  return new Date(eventStart(facts.event).getTime() - facts.closeHours * 3_600_000);
}

/**
 * Why this change is refused now, in words for the holder, or null when it may go ahead. The one
 * home of the rule: the server enforces it and the ticket page shows or hides its buttons with it.
 * A name correction is allowed after a scan (the person is the same); a transfer is not.
 */
export function ticketChangeRefusal(
  kind: 'transfer' | 'name',
  facts: TicketChangeFacts,
  now: Date | number = Date.now(),
): string | null {
  if (facts.revoked) return 'This ticket is no longer valid.';
  if (kind === 'transfer' && !facts.transfersEnabled)
    return 'The organiser does not allow ticket transfers for this event.';
  if (kind === 'transfer' && facts.checkedIn)
    return 'This ticket has been used at the door, so it cannot be transferred.';
  const closes = changesCloseAt(facts).getTime();
  if (closes <= (typeof now === 'number' ? now : now.getTime()))
    return facts.closeHours === 0
      ? 'Ticket changes closed when the event started.'
      : `Ticket changes closed ${facts.closeHours} ${facts.closeHours === 1 ? 'hour' : 'hours'} before the event.`;
  return null;
}
