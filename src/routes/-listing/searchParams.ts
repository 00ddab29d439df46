import * as z from 'zod/mini';
import { isoDate, uuid } from '../../../contract/common';
import { searchCategory } from '../../../contract/events';

/**
 * The listing's search lives in the URL (?q=&category=&from=&to=&page=), so a search can be shared
 * and survives a reload. Anything malformed in a hand-edited URL is dropped, never an error page.
 */
export type ListingSearch = {
  q?: string;
  category?: string;
  from?: string;
  to?: string;
  page?: number;
  /** The event its organiser just published: shown first, with a 'Your event is live' banner. */
  published?: string;
};

const text = z.string().check(z.trim(), z.minLength(1), z.maxLength(100));
const page = z.int().check(z.minimum(2), z.maximum(100_000));

function pick<T>(schema: z.ZodMiniType<T>, value: unknown): T | undefined {
  const parsed = schema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

export function validateListingSearch(raw: Record<string, unknown>): ListingSearch {
  // The router parses `?q=2026` as a number: a search text is text whatever it looks like.
  const q = pick(text, typeof raw.q === 'number' ? String(raw.q) : raw.q);
  const category = pick(searchCategory, raw.category);
  let from = pick(isoDate, raw.from);
  let to = pick(isoDate, raw.to);
  if (from && to && from > to) [from, to] = [to, from];
  const pageNumber = pick(page, typeof raw.page === 'string' ? Number(raw.page) : raw.page);
  const published = pick(uuid, raw.published);
  return {
    ...(q ? { q } : {}),
    ...(category && category !== 'All' ? { category } : {}),
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
    ...(pageNumber ? { page: pageNumber } : {}),
    ...(published ? { published } : {}),
  };
}

export const LISTING_PAGE_SIZE = 12;
