import { createFileRoute, notFound } from '@tanstack/react-router';
import * as z from 'zod/mini';
import { uuid } from '../../contract/common';
import { fetchEvent } from '../api/events';
import { QueuePage } from '../onsale/QueuePage';

/**
 * The on-sale waiting room (decision 059): signed in, because a place belongs to an account (that is
 * what lets it survive a reload, a second tab or a new phone). The event's name is only a heading:
 * the page works without it.
 */
export const Route = createFileRoute('/_auth/e/$eventId/queue')({
  params: {
    parse: (raw) => z.object({ eventId: z.string().check(z.minLength(1)) }).parse(raw),
    stringify: (p) => p,
  },
  head: () => ({ meta: [{ title: 'Waiting room — Gatepass' }] }),
  beforeLoad: ({ params }) => {
    if (!uuid.safeParse(params.eventId).success) throw notFound();
  },
  loader: ({ params }) =>
    fetchEvent(params.eventId)
      .then((e) => e.eventName)
      .catch(() => null),
  component: function QueueRoute() {
    const eventId = Route.useParams({ select: (p) => p.eventId });
    const eventName = Route.useLoaderData();
    return <QueuePage eventId={eventId} eventName={eventName} />;
  },
});
