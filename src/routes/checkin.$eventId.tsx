import { createFileRoute } from '@tanstack/react-router';
import * as z from 'zod/mini';
import { CheckinPage } from '../checkin/CheckinPage';

/** The full-screen door scanner (decision 016). `link` is a check-in link's token for door staff. */
export const Route = createFileRoute('/checkin/$eventId')({
  params: {
    parse: (raw) => z.object({ eventId: z.string().check(z.minLength(1)) }).parse(raw),
    stringify: (p) => p,
  },
  validateSearch: z.object({ link: z.catch(z.optional(z.string().check(z.maxLength(100))), undefined) }),
  component: function Checkin() {
    const { eventId } = Route.useParams();
    const link = Route.useSearch({ select: (s) => s.link });
    return <CheckinPage eventId={eventId} linkToken={link} />;
  },
});
