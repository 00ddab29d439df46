import { eq, sql } from 'drizzle-orm';
import type { ImageUploadResponse } from '../../../contract/organiser';
import type { OrganiserTicket } from '../../../contract/tickets';
import type { AppDeps } from '../../context';
import { events, ticketTypes } from '../../db/schema';
import { manageableEvent, manageableTicketType } from '../access/eventAccess';
import { recordUpload, releaseImages } from '../images/ownership';
import { imageUrl } from '../images/url';
import { publishBlocker } from './eventService';
import { normaliseImage } from './imageUpload';
import { detectPosterFocus } from './posterFocus';
import { organiserEventView, organiserTickets } from './views';

/**
 * Step 4 / Appearance: stores the poster (validated and re-encoded) as the caller's upload, lets go of
 * the old one (deleted unless another row still uses it: images/ownership.ts), and when
 * `publish` is asked (the 'Publish now' box, on by default) publishes the event if nothing blocks it
 * (tickets exist, dates set); otherwise the event keeps its status and the answer says so.
 */
export async function uploadPoster(
  deps: AppDeps,
  userId: string,
  eventId: string,
  bytes: Buffer,
  publish: boolean,
): Promise<ImageUploadResponse> {
  const row = await manageableEvent(deps.db, eventId, userId);
  const webp = await normaliseImage(bytes);
  const focus = await detectPosterFocus(webp);
  const key = await deps.storage.put('posters', 'webp', webp);
  await recordUpload(deps.db, key, userId);
  const blocker = publish ? await publishBlocker(deps.db, row) : null;
  const publishNow = publish && !blocker;
  await deps.db
    .update(events)
    .set({
      imageKey: key,
      imageFocusX: focus.x,
      imageFocusY: focus.y,
      ...(publishNow ? { status: 'published' as const } : {}),
      updatedAt: sql`now()`,
    })
    .where(eq(events.id, eventId));
  if (row.imageKey !== key) await releaseImages(deps, [row.imageKey]);
  const event = await organiserEventView(deps.db, eventId);
  const message =
    publish && blocker ? `Image uploaded successfully! ${blocker}` : 'Image uploaded successfully!';
  return { message, image: imageUrl(key)!, published: event.status === 'published', event };
}

/** A ticket type's optional image (same checks as posters). */
export async function uploadTicketImage(
  deps: AppDeps,
  userId: string,
  ticketId: string,
  bytes: Buffer,
): Promise<OrganiserTicket> {
  const { ticket } = await manageableTicketType(deps.db, ticketId, userId);
  const webp = await normaliseImage(bytes);
  const key = await deps.storage.put('tickets', 'webp', webp);
  await recordUpload(deps.db, key, userId);
  await deps.db.update(ticketTypes).set({ imageKey: key }).where(eq(ticketTypes.id, ticketId));
  if (ticket.imageKey !== key) await releaseImages(deps, [ticket.imageKey]);
  const all = await organiserTickets(deps.db, ticket.eventId);
  return all.find((t) => t._id === ticketId)!;
}
