import { createFileRoute } from '@tanstack/react-router';
import * as z from 'zod/mini';
import { CheckinTab } from '../checkin/CheckinTab';
import { UnbuiltPage } from '../pages/UnbuiltPage';
import { container } from '../styles/layout.css';

export const Route = createFileRoute('/_auth/profile-event/$tab/$eventId')({
  params: {
    parse: (raw) => z.object({ tab: z.string(), eventId: z.string().check(z.minLength(1)) }).parse(raw),
    stringify: (p) => p,
  },
  component: function ManageEvent() {
    const { tab, eventId } = Route.useParams();
    if (tab === 'Checkin')
      return (
        <main id="main" className={container}>
          <CheckinTab eventId={eventId} />
        </main>
      );
    return <UnbuiltPage title="Manage event" summary="Details, tickets, appearance, guestlist and sales." />;
  },
});
