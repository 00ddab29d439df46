import * as z from 'zod/mini';
import { eventCategory } from './categories';
import { clockTime, isoDate, uuid } from './common';
import { nairaAmount } from './money';

export const eventLocationKind = z.enum(['physical', 'online', 'both']);
export type EventLocationKind = z.infer<typeof eventLocationKind>;

export const eventStatus = z.enum(['draft', 'published']);

export const socialLinks = z.object({
  website: z.nullable(z.string()),
  twitter: z.nullable(z.string()),
  instagram: z.nullable(z.string()),
  whatsapp: z.nullable(z.string()),
  facebook: z.nullable(z.string()),
  telegram: z.nullable(z.string()),
});
export type SocialLinks = z.infer<typeof socialLinks>;

export const organiserSummary = z.object({
  _id: uuid,
  firstName: z.string(),
  lastName: z.string(),
  username: z.string(),
});

/** An event as the API returns it (spec §3 field names; `_id` on the wire). */
export const event = z.object({
  _id: uuid,
  userId: uuid,
  eventName: z.string(),
  category: eventCategory,
  description: z.string(),
  startDate: isoDate,
  endDate: isoDate,
  startTime: clockTime,
  endTime: clockTime,
  eventLocation: eventLocationKind,
  url: z.nullable(z.string()),
  country: z.nullable(z.string()),
  state: z.nullable(z.string()),
  location: z.nullable(z.string()),
  /** Poster URL on this server (served as WebP at the requested width), or null. */
  image: z.nullable(z.string()),
  status: eventStatus,
  socials: socialLinks,
  organiser: organiserSummary,
  /** Lowest ticket price in Naira; 0 when a free ticket exists; null when the event has no tickets yet. */
  priceFrom: z.nullable(nairaAmount),
  createdAt: z.string(),
});
export type Event = z.infer<typeof event>;

export const eventList = z.array(event);

export const eventIdParams = z.object({ eventId: z.string() });
export const userIdParams = z.object({ userId: z.string() });
