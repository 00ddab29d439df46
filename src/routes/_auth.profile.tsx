import { createFileRoute } from '@tanstack/react-router';
import { ApiError } from '../api/http';
import { fetchMyTickets } from '../api/orders';
import { fetchMyEvents } from '../api/organiser';
import { fetchMyTeamEvents } from '../api/team';
import { keptTicketsHolder, readKeptMyTickets } from '../app/keptTickets';
import { readStoredUser, readToken } from '../app/storage';
import { MyEvents } from '../organiser/MyEvents';
import * as styles from '../organiser/organiser.css';
import { TeamEvents } from '../organiser/TeamEvents';
import { KeptTickets } from '../profile/KeptTickets';
import { MyTickets } from '../profile/MyTickets';

/** /profile: My Events, then My Tickets (src/profile/MyTickets.tsx), then the events the user helps run. */
export const Route = createFileRoute('/_auth/profile')({
  loader: async () => {
    // Signed out for being idle: only the tickets kept on this phone (the guard let us in for them).
    const kept = readToken() === null ? keptTicketsHolder() : null;
    if (kept) return { kept, tickets: await readKeptMyTickets() };
    // A missing user id in storage is the same failure as the call failing.
    const user = readStoredUser();
    if (!user) return { events: null, tickets: null, teamEvents: null, name: null, offline: false };
    // Without a network only the tickets were kept (decision 041): the events say so, not "failed",
    // and so do the tickets when none were kept.
    let offline = false;
    const [events, tickets, team] = await Promise.all([
      fetchMyEvents(user._id).catch((error: unknown) => {
        offline = error instanceof ApiError && error.status === 0;
        return null;
      }),
      fetchMyTickets().catch((error: unknown) => {
        offline ||= error instanceof ApiError && error.status === 0;
        return null;
      }),
      fetchMyTeamEvents().catch(() => null),
    ]);
    return { events, tickets, teamEvents: team?.events ?? null, name: user.firstName, offline };
  },
  head: () => ({ meta: [{ title: 'My Profile — Gatepass' }] }),
  component: ProfilePage,
});

function ProfilePage() {
  const data = Route.useLoaderData();
  if ('kept' in data && data.kept) return <KeptTickets name={data.kept.firstName} tickets={data.tickets} />;
  const { events, tickets, teamEvents, name, offline } = data;
  return (
    <main id="main" className={styles.widePage}>
      <div>
        <h1 className={styles.title}>{name ? `Hello, ${name}` : 'My Profile'}</h1>
        <p className={styles.lead}>
          Your events (drafts only you can see, and published ones on sale) and your tickets.
        </p>
      </div>
      {/* Someone who has only bought tickets sees them first, not an empty list of events; so does
          a phone without a network (at the gate the tickets are what matters). */}
      {events?.length === 0 || offline ? (
        <>
          <MyTickets tickets={tickets} offline={offline} />
          <MyEvents events={events} offline={offline} />
        </>
      ) : (
        <>
          <MyEvents events={events} offline={offline} />
          <MyTickets tickets={tickets} offline={offline} />
        </>
      )}
      <TeamEvents events={teamEvents} />
    </main>
  );
}
