import * as z from 'zod/mini';
import { idParam, uuid } from './common';
import { MAX_PER_TYPE } from './orders';

/**
 * The waiting list of a sold-out ticket type (decision 042).
 *
 * Signed-in visitors:
 * - GET    /api/waitlist/event/:eventId          → myWaitlistResponse (my live entries of this event)
 * - POST   /api/waitlist { ticketTypeId, quantity } → 201 myWaitlistResponse
 *          (409 when the type is not sold out, its list is off, or I am already on it; 400 over what the
 *          type could ever sell one order; 403 until my email is confirmed)
 * - DELETE /api/waitlist/:ticketId                → myWaitlistResponse (leave; an offer's hold is let go)
 * Organiser (the event's managers):
 * - GET    /api/events/:eventId/waitlist          → organiserWaitlistResponse
 * - PUT    /api/events/:eventId/waitlist { offerMinutes }           → organiserWaitlistResponse
 * - PUT    /api/events/:eventId/waitlist/:ticketId { enabled }      → organiserWaitlistResponse
 * An offer is a reserved order of its own: its claim link is the order's checkout (/orders/:id).
 */

export const WAITLIST_OFFER_MINUTES = { min: 5, max: 1440, default: 30 } as const;

export const waitlistStatus = z.enum(['waiting', 'offered', 'claimed', 'expired', 'left']);
export type WaitlistStatus = z.infer<typeof waitlistStatus>;

export const joinWaitlistRequest = z.object({
  ticketTypeId: uuid,
  quantity: z
    .int('Choose how many seats you want')
    .check(
      z.minimum(1, 'Choose at least one seat'),
      z.maximum(MAX_PER_TYPE, `At most ${MAX_PER_TYPE} seats`),
    ),
});
export type JoinWaitlistRequest = z.infer<typeof joinWaitlistRequest>;

export const myWaitlistEntry = z.object({
  ticketTypeId: uuid,
  quantity: z.int(),
  status: waitlistStatus,
  /** 1 = next to be offered; null once offered. */
  position: z.nullable(z.int()),
  /** The held order to pay, while offered. */
  orderId: z.nullable(uuid),
  expiresAt: z.nullable(z.string()),
});
export type MyWaitlistEntry = z.infer<typeof myWaitlistEntry>;

export const myWaitlistResponse = z.object({
  entries: z.array(myWaitlistEntry),
  /** The event's public types that are sold out with their list on: those a visitor may join now. */
  open: z.array(uuid),
  /**
   * For each open type, the most seats one may wait for (server/modules/waitlist/queue.ts
   * `joinLimit`: its purchase limit, its stock, the event's capacity). The page cannot work it out:
   * the public list gives a sold-out type's seats left (0), not its stock.
   */
  limits: z.record(z.string(), z.int()),
});
export type MyWaitlistResponse = z.infer<typeof myWaitlistResponse>;

export const waitlistEventParams = z.object({ eventId: idParam('Event id') });
export const waitlistTicketParams = z.object({ ticketId: idParam('Ticket id') });
export const waitlistEventTicketParams = z.object({
  eventId: idParam('Event id'),
  ticketId: idParam('Ticket id'),
});

export const waitlistOfferMinutesRequest = z.object({
  offerMinutes: z
    .int('Offer time must be a whole number of minutes')
    .check(
      z.minimum(
        WAITLIST_OFFER_MINUTES.min,
        `Offer time must be at least ${WAITLIST_OFFER_MINUTES.min} minutes`,
      ),
      z.maximum(WAITLIST_OFFER_MINUTES.max, 'Offer time must be at most 1440 minutes (a day)'),
    ),
});
export const waitlistSwitchRequest = z.object({ enabled: z.boolean() });

export const organiserWaitlistEntry = z.object({
  /** Place among those still waiting (1 = next); null for the rest. */
  position: z.nullable(z.int()),
  name: z.string(),
  email: z.string(),
  quantity: z.int(),
  status: waitlistStatus,
  createdAt: z.string(),
  offeredAt: z.nullable(z.string()),
  expiresAt: z.nullable(z.string()),
});
export type OrganiserWaitlistEntry = z.infer<typeof organiserWaitlistEntry>;

export const organiserWaitlistType = z.object({
  ticketTypeId: uuid,
  ticketName: z.string(),
  enabled: z.boolean(),
  soldOut: z.boolean(),
  entries: z.array(organiserWaitlistEntry),
});
export type OrganiserWaitlistType = z.infer<typeof organiserWaitlistType>;

export const organiserWaitlistResponse = z.object({
  offerMinutes: z.int(),
  types: z.array(organiserWaitlistType),
});
export type OrganiserWaitlistResponse = z.infer<typeof organiserWaitlistResponse>;

export const WAITLIST_MESSAGES = {
  notSoldOut: (name: string) => `${name} is not sold out: you can buy it now.`,
  off: (name: string) => `${name} has no waiting list.`,
  already: 'You are already on the waiting list for this ticket.',
  overLimit: (name: string, limit: number) => `You can wait for at most ${limit} ${name} tickets.`,
  notOnList: 'You are not on the waiting list for this ticket.',
  eventClosed: 'This event is not on sale.',
  /** Joining needs a confirmed email (decision 050): one place in line per real person. */
  verifyFirst: 'Confirm your email address first: open the link we emailed you, then join the waiting list.',
} as const;
