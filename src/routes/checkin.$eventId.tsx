import { createFileRoute, useNavigate } from '@tanstack/react-router';
import * as z from 'zod/mini';
import { fetchEventDates } from '../api/eventDates';
import { CheckinPage } from '../checkin/CheckinPage';
import { doorDateOf } from '../checkin/DoorDate';

/**
 * The full-screen door scanner (decision 016). `link` is a check-in link's token for door staff;
 * `date` the date this door admits, for an event with several dates (decision 046).
 */
export const Route = createFileRoute('/checkin/$eventId')({
  params: {
    parse: (raw) => z.object({ eventId: z.string().check(z.minLength(1)) }).parse(raw),
    stringify: (p) => p,
  },
  validateSearch: z.object({
    link: z.catch(z.optional(z.string().check(z.maxLength(100))), undefined),
    date: z.catch(z.optional(z.string().check(z.maxLength(40))), undefined),
  }),
  // Offline (or a draft's door) there is no list of dates: the door keeps the date in its address.
  loader: ({ params }) => fetchEventDates(params.eventId).catch(() => []),
  component: function Checkin() {
    const { eventId } = Route.useParams();
    const link = Route.useSearch({ select: (s) => s.link });
    const asked = Route.useSearch({ select: (s) => s.date });
    const dates = Route.useLoaderData();
    const navigate = useNavigate({ from: Route.fullPath });
    const date = doorDateOf(dates, asked, Date.now());
    return (
      <CheckinPage
        eventId={eventId}
        linkToken={link}
        door={{
          dates,
          // Known dates give the default; without them, whatever the address says.
          current: date?._id ?? asked ?? null,
          pick: (id) => void navigate({ search: (s) => ({ ...s, date: id }), replace: true }),
        }}
      />
    );
  },
});
