import { and, eq } from 'drizzle-orm';
import type { Event } from '../../../contract/events';
import type { Database } from '../../db/client';
import { isUuid } from '../../db/query';
import { events } from '../../db/schema';
import { figuresByEvent } from '../management/orderQueries';
import { findEventById, publishedUpcoming, selectEvents } from './data';

/** Published events that have not ended, soonest first. */
export function listPublished(db: Database): Promise<Event[]> {
  return selectEvents(db, publishedUpcoming());
}

/** A published event, or a draft when its organiser asks. Malformed ids are simply not found. */
export async function getVisibleEvent(db: Database, eventId: string, viewerId: string | null) {
  if (!isUuid(eventId)) return null;
  const found = await findEventById(db, eventId);
  if (!found) return null;
  if (found.status !== 'published' && found.userId !== viewerId) return null;
  return found;
}

/** A published event (what the public discovery endpoints speak about), or null. */
export async function getPublishedEvent(db: Database, eventId: string): Promise<Event | null> {
  if (!isUuid(eventId)) return null;
  const found = await findEventById(db, eventId);
  return found?.status === 'published' ? found : null;
}

/**
 * An organiser's events: all of them (drafts too) with the tickets sold for the organiser (My Events),
 * the published ones without figures for anyone else.
 */
export async function listByOrganiser(db: Database, organiserId: string, viewerId: string | null) {
  if (!isUuid(organiserId)) return [];
  const own = organiserId === viewerId;
  if (!own) {
    return selectEvents(db, and(eq(events.organiserId, organiserId), eq(events.status, 'published')));
  }
  const list = await selectEvents(db, eq(events.organiserId, organiserId));
  const figures = await figuresByEvent(
    db,
    list.map((e) => e._id),
  );
  return list.map((e) => ({
    ...e,
    sold: figures.get(e._id)?.sold ?? 0,
    testSold: figures.get(e._id)?.testSold ?? 0,
  }));
}
