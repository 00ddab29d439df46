import type { Event } from '../../../contract/events';
import { fetchEvent, type SearchPage, searchEvents } from '../../api/events';
import { LISTING_PAGE_SIZE, type ListingSearch } from './searchParams';

export type ListingData = SearchPage & { published: Event | null };

/**
 * The listing's data: the search, and — right after an organiser publishes (?published=<id>) — that
 * event first on the first page (it may be weeks away, far down a date-ordered list), for the
 * 'Your event is live' banner. An id that names no visible event is ignored.
 */
export async function loadListing(search: ListingSearch): Promise<ListingData> {
  const { published: publishedId, ...query } = search;
  const [page, published] = await Promise.all([
    searchEvents({ ...query, pageSize: LISTING_PAGE_SIZE }),
    publishedId && !query.page ? fetchEvent(publishedId).catch(() => null) : null,
  ]);
  if (published?.status !== 'published') return { ...page, published: null };
  return {
    ...page,
    events: [published, ...page.events.filter((e) => e._id !== published._id)],
    published,
  };
}
