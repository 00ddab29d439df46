import * as z from 'zod/mini';
import { uuid } from './common';
import { nairaAmount } from './money';

export const ticketKind = z.enum(['free', 'paid']);
export const ticketStock = z.enum(['limited', 'unlimited']);

/** A ticket type as the public API returns it (spec §3). Payout bank details never leave the organiser's views. */
export const ticket = z.object({
  _id: uuid,
  eventId: uuid,
  ticketName: z.string(),
  ticketPrice: nairaAmount,
  ticketDescription: z.string(),
  image: z.nullable(z.string()),
  ticketType: ticketKind,
  ticketStock: ticketStock,
  /** Remaining tickets when stock is limited; null when unlimited. */
  availableTickets: z.nullable(z.int().check(z.minimum(0))),
  purchaseLimit: z.int().check(z.minimum(1)),
  benefits: z.string(),
});
export type Ticket = z.infer<typeof ticket>;

export const ticketList = z.array(ticket);
export const eventTicketsResponse = z.object({ tickets: ticketList });
