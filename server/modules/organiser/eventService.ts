import { count, eq, sql } from 'drizzle-orm';
import type { z } from 'zod/mini';
import type { FeeMode } from '../../../contract/events';
import { eventStart, hasEnded } from '../../../contract/eventTime';
import type { eventDetailsRequest, OrganiserEvent } from '../../../contract/organiser';
import type { TicketChangeSettings } from '../../../contract/ticketChanges';
import type { AppDeps } from '../../context';
import type { Database } from '../../db/client';
import { events, ticketTypes } from '../../db/schema';
import type { SocialLinksRow } from '../../db/schema/events';
import { HttpError } from '../../http/errors';
import { type EventRow, manageableEvent } from '../access/eventAccess';
import { recordUpload } from '../images/ownership';
import { copyEventRules } from './duplicateRules';
import { organiserEventView } from './views';

export type EventDetails = z.output<typeof eventDetailsRequest>;

const SOCIAL_KEYS = ['website', 'twitter', 'instagram', 'whatsapp', 'facebook', 'telegram'] as const;

export const START_IN_PAST = 'The event must start in the future';
export const NO_TICKETS = 'Add at least one ticket before publishing this event.';
export const NEEDS_DATES = 'This event is a copy: set its new dates before publishing.';
export const ALREADY_ENDED = 'This event has already ended and cannot be published.';

/** Columns from the details form; fields of a location kind not chosen are stored empty. */
function detailsToColumns(input: EventDetails) {
  const physical = input.eventLocation !== 'online';
  const online = input.eventLocation !== 'physical';
  const socials = Object.fromEntries(
    SOCIAL_KEYS.map((key) => [key, input.socials?.[key] ? input.socials[key] : null]),
  ) as SocialLinksRow;
  return {
    eventName: input.eventName,
    category: input.category,
    description: input.description,
    startDate: input.startDate,
    endDate: input.endDate,
    startTime: input.startTime,
    endTime: input.endTime,
    eventLocation: input.eventLocation,
    url: online ? (input.url ?? null) : null,
    country: physical ? (input.country ?? null) : null,
    state: physical ? (input.state ?? null) : null,
    location: physical ? (input.location ?? null) : null,
    socials,
    capacity: input.capacity ?? null,
  };
}

function startsInPast(startDate: string, startTime: string): boolean {
  return eventStart({ startDate, startTime }).getTime() < Date.now();
}

/** A new event from the details form: a draft of the caller's. */
export async function createEvent(
  deps: AppDeps,
  userId: string,
  input: EventDetails,
): Promise<OrganiserEvent> {
  if (startsInPast(input.startDate, input.startTime)) throw new HttpError(400, START_IN_PAST);
  const [row] = await deps.db
    .insert(events)
    .values({ organiserId: userId, status: 'draft', ...detailsToColumns(input) })
    .returning({ id: events.id });
  return organiserEventView(deps.db, row!.id);
}

/**
 * Saves the details form. A start in the past is refused only when the dates change (an event under
 * way can still have its description fixed). Saving the dates of a copy clears its "dates to fill in".
 */
export async function updateEvent(
  deps: AppDeps,
  userId: string,
  eventId: string,
  input: EventDetails,
): Promise<OrganiserEvent> {
  const row = await manageableEvent(deps.db, eventId, userId);
  const datesChanged =
    row.needsDates || row.startDate !== input.startDate || row.startTime.slice(0, 5) !== input.startTime;
  if (datesChanged && startsInPast(input.startDate, input.startTime)) throw new HttpError(400, START_IN_PAST);
  if (input.capacity) {
    const taken = await takenSeats(deps.db, eventId);
    if (input.capacity < taken) {
      throw new HttpError(
        409,
        `${taken} tickets are already sold or held, so the capacity cannot be lower than ${taken}.`,
      );
    }
  }
  await deps.db
    .update(events)
    .set({ ...detailsToColumns(input), needsDates: false, updatedAt: sql`now()` })
    .where(eq(events.id, eventId));
  return organiserEventView(deps.db, eventId);
}

/** Seats sold or held across the event's ticket types (checkout keeps `sold` per type). */
async function takenSeats(db: Database, eventId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${ticketTypes.sold}), 0)`.mapWith(Number) })
    .from(ticketTypes)
    .where(eq(ticketTypes.eventId, eventId));
  return row?.n ?? 0;
}

async function ticketTypeCount(db: Database, eventId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(ticketTypes).where(eq(ticketTypes.eventId, eventId));
  return row?.n ?? 0;
}

/** Why the event cannot be published now, or null when it can. */
export async function publishBlocker(db: Database, row: EventRow): Promise<string | null> {
  if (row.needsDates) return NEEDS_DATES;
  if (hasEnded(row)) return ALREADY_ENDED;
  if ((await ticketTypeCount(db, row.id)) === 0) return NO_TICKETS;
  return null;
}

export async function publishEvent(deps: AppDeps, userId: string, eventId: string): Promise<OrganiserEvent> {
  const row = await manageableEvent(deps.db, eventId, userId);
  const blocker = await publishBlocker(deps.db, row);
  if (blocker) throw new HttpError(409, blocker);
  await deps.db
    .update(events)
    .set({ status: 'published', updatedAt: sql`now()` })
    .where(eq(events.id, eventId));
  return organiserEventView(deps.db, eventId);
}

export async function unpublishEvent(
  deps: AppDeps,
  userId: string,
  eventId: string,
): Promise<OrganiserEvent> {
  await manageableEvent(deps.db, eventId, userId);
  await deps.db.update(events).set({ status: 'draft', updatedAt: sql`now()` }).where(eq(events.id, eventId));
  return organiserEventView(deps.db, eventId);
}

/** 'Set live' (live: true) reopens sales of a published event; live: false pauses them. */
export async function setSalesLive(
  deps: AppDeps,
  userId: string,
  eventId: string,
  live: boolean,
): Promise<OrganiserEvent> {
  const row = await manageableEvent(deps.db, eventId, userId);
  if (live && row.status !== 'published') {
    throw new HttpError(409, 'Publish the event before opening ticket sales.');
  }
  await deps.db
    .update(events)
    .set({ salesPaused: !live, updatedAt: sql`now()` })
    .where(eq(events.id, eventId));
  return organiserEventView(deps.db, eventId);
}

export async function setTicketEmailMessage(
  deps: AppDeps,
  userId: string,
  eventId: string,
  message: string,
): Promise<OrganiserEvent> {
  await manageableEvent(deps.db, eventId, userId);
  await deps.db
    .update(events)
    .set({ ticketEmailMessage: message, updatedAt: sql`now()` })
    .where(eq(events.id, eventId));
  return organiserEventView(deps.db, eventId);
}

/** Whether holders may transfer tickets, and how many hours before the start changes close (decision 040). */
export async function setTicketChanges(
  deps: AppDeps,
  userId: string,
  eventId: string,
  settings: TicketChangeSettings,
): Promise<OrganiserEvent> {
  await manageableEvent(deps.db, eventId, userId);
  await deps.db
    .update(events)
    .set({
      transfersEnabled: settings.transfersEnabled,
      ticketChangesCloseHours: settings.closeHours,
      ...(settings.rotatingCodes ? { rotatingCodes: settings.rotatingCodes } : {}),
      updatedAt: sql`now()`,
    })
    .where(eq(events.id, eventId));
  return organiserEventView(deps.db, eventId);
}

/** Who pays the service fee on the event's paid tickets (decision 066); orders already made keep theirs. */
export async function setFeeMode(
  deps: AppDeps,
  userId: string,
  eventId: string,
  feeMode: FeeMode,
): Promise<OrganiserEvent> {
  await manageableEvent(deps.db, eventId, userId);
  await deps.db.update(events).set({ feeMode, updatedAt: sql`now()` }).where(eq(events.id, eventId));
  return organiserEventView(deps.db, eventId);
}

const COPY_SUFFIX = ' (copy)';
const NAME_MAX = 120;

/**
 * 'Duplicate event': a draft copy with the same details and ticket types (quantities, prices,
 * limits, hidden or not), access codes, checkout questions and team (duplicateRules.ts), nothing
 * sold, no sales windows and no discount codes (both are tied to the old dates), and `needsDates` set: the old dates stay only as placeholders until the organiser saves new ones.
 * Poster and ticket images are copied as files so either event can change its own later.
 */
export async function duplicateEvent(
  deps: AppDeps,
  userId: string,
  eventId: string,
): Promise<OrganiserEvent> {
  const source = await manageableEvent(deps.db, eventId, userId);
  const types = await deps.db.select().from(ticketTypes).where(eq(ticketTypes.eventId, eventId));

  const copyImage = async (key: string | null, folder: string) => {
    if (!key) return null;
    const bytes = await deps.storage.get(key);
    if (!bytes) return null;
    const extension = key.split('.').pop() ?? 'webp';
    const copy = await deps.storage.put(folder, extension, bytes);
    await recordUpload(deps.db, copy, userId);
    return copy;
  };
  const posterKey = await copyImage(source.imageKey, 'posters');
  const typeImages = await Promise.all(types.map((t) => copyImage(t.imageKey, 'tickets')));

  const newId = await deps.db.transaction(async (tx) => {
    const baseName = source.eventName.slice(0, NAME_MAX - COPY_SUFFIX.length);
    const [copy] = await tx
      .insert(events)
      .values({
        organiserId: userId,
        eventName: `${baseName}${COPY_SUFFIX}`,
        category: source.category,
        description: source.description,
        startDate: source.startDate,
        endDate: source.endDate,
        startTime: source.startTime,
        endTime: source.endTime,
        eventLocation: source.eventLocation,
        url: source.url,
        country: source.country,
        state: source.state,
        location: source.location,
        imageKey: posterKey,
        imageFocusX: source.imageFocusX,
        imageFocusY: source.imageFocusY,
        status: 'draft',
        socials: source.socials,
        capacity: source.capacity,
        salesPaused: false,
        ticketEmailMessage: source.ticketEmailMessage,
        needsDates: true,
      })
      .returning({ id: events.id });
    // One insert per type, so each original is paired with its copy by its own RETURNING (the
    // access codes' scope is rewritten with these pairs).
    const typeIdOf = new Map<string, string>();
    for (const [i, t] of types.entries()) {
      const [inserted] = await tx
        .insert(ticketTypes)
        .values({
          eventId: copy!.id,
          ticketName: t.ticketName,
          priceKobo: t.priceKobo,
          ticketDescription: t.ticketDescription,
          imageKey: typeImages[i] ?? null,
          ticketType: t.ticketType,
          ticketStock: t.ticketStock,
          capacity: t.capacity,
          sold: 0,
          purchaseLimit: t.purchaseLimit,
          benefits: t.benefits,
          salesFrom: null,
          salesUntil: null,
          // A hidden type stays hidden: only its access codes (copied below) unlock it.
          hidden: t.hidden,
          waitlistEnabled: t.waitlistEnabled,
          // Keep the original order of the types in the copy's table.
          createdAt: sql`now() + make_interval(secs => ${i / 1000})`,
        })
        .returning({ id: ticketTypes.id });
      typeIdOf.set(t.id, inserted!.id);
    }
    await copyEventRules(tx, { from: eventId, to: copy!.id, ownerId: userId }, typeIdOf);
    return copy!.id;
  });
  return organiserEventView(deps.db, newId);
}
