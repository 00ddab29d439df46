import * as z from 'zod/mini';

/** The fixed list of event categories, shared by the search filter and the organiser form. */
export const EVENT_CATEGORIES = [
  'Music',
  'Arts',
  'Tech',
  'Food & Drink',
  'Film',
  'Sports & Fitness',
  'Business',
  'Education',
  'Religion',
  'Community',
  'Other',
] as const;

export const eventCategory = z.enum(EVENT_CATEGORIES, { error: 'Choose a category from the list' });
export type EventCategory = z.infer<typeof eventCategory>;
