import { createFileRoute, notFound } from '@tanstack/react-router';
import * as z from 'zod/mini';
import { uuid } from '../../contract/common';
import { fetchEventDates } from '../api/eventDates';
import { fetchEvent, fetchEventTickets, fetchRelatedEvents } from '../api/events';
import { ApiError } from '../api/http';
import { useReferralArrival } from '../promoters/useReferralArrival';
import { EventDetails } from './-event/EventDetails';
import { EventDetailsError, EventDetailsLoading, EventNotFound } from './-event/EventDetailsStates';

const paramsSchema = z.object({ eventId: z.string().check(z.minLength(1)) });

export const Route = createFileRoute('/event-details/$eventId')({
  params: { parse: (raw) => paramsSchema.parse(raw), stringify: (p) => p },
  loader: async ({ params }) => {
    // A malformed id can never exist: show "not found" without asking the server.
    if (!uuid.safeParse(params.eventId).success) throw notFound();
    try {
      const [event, tickets, related, dates] = await Promise.all([
        fetchEvent(params.eventId),
        fetchEventTickets(params.eventId),
        // The page is useful without suggestions: their failure shows a note, not an error page.
        // A draft (seen by its organiser) has no suggestions: 404 means none.
        fetchRelatedEvents(params.eventId).catch((e) =>
          e instanceof ApiError && e.status === 404 ? [] : null,
        ),
        // An event with several dates lists them (decision 046); the page works without them.
        fetchEventDates(params.eventId).catch(() => []),
      ]);
      return { event, tickets, related, dates };
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) throw notFound();
      throw error;
    }
  },
  head: ({ loaderData }) => ({
    meta: loaderData ? [{ title: `${loaderData.event.eventName} — Gatepass` }] : [],
  }),
  pendingComponent: EventDetailsLoading,
  pendingMs: 0,
  errorComponent: EventDetailsError,
  notFoundComponent: EventNotFound,
  component: EventDetailsRoute,
});

function EventDetailsRoute() {
  const { event, tickets, related, dates } = Route.useLoaderData();
  // A promoter's link (decision 064): kept for this event and counted.
  useReferralArrival(event._id);
  return <EventDetails event={event} tickets={tickets} related={related} dates={dates} />;
}
