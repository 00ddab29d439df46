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

/**
 * 'All' (or nothing) means every category; anything else must be one of the fixed list. Here rather
 * than in events.ts (which re-exports it): the listing's URL search reads it on the page's first
 * load, and the events contract's schemas need not be built for that (decision 069).
 */
export const searchCategory = z.enum(['All', ...EVENT_CATEGORIES], {
  error: `Category must be All or one of: ${EVENT_CATEGORIES.join(', ')}`,
});
