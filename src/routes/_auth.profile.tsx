import { createFileRoute } from '@tanstack/react-router';
import { fetchMyTickets } from '../api/orders';
import { fetchMyEvents } from '../api/organiser';
import { fetchMyTeamEvents } from '../api/team';
import { readStoredUser } from '../app/storage';
import { MyEvents } from '../organiser/MyEvents';
import * as styles from '../organiser/organiser.css';
import { TeamEvents } from '../organiser/TeamEvents';
import { MyTickets } from '../profile/MyTickets';

/** /profile: My Events, then My Tickets (src/profile/MyTickets.tsx), then the events the user helps run. */
export const Route = createFileRoute('/_auth/profile')({
  loader: async () => {
    // A missing user id in storage is the same failure as the call failing.
    const user = readStoredUser();
    if (!user) return { events: null, tickets: null, teamEvents: null, name: null };
    const [events, tickets, team] = await Promise.all([
      fetchMyEvents(user._id).catch(() => null),
      fetchMyTickets().catch(() => null),
      fetchMyTeamEvents().catch(() => null),
    ]);
    return { events, tickets, teamEvents: team?.events ?? null, name: user.firstName };
  },
  head: () => ({ meta: [{ title: 'My Profile — Gatepass' }] }),
  component: ProfilePage,
});

function ProfilePage() {
  const { events, tickets, teamEvents, name } = Route.useLoaderData();
  return (
    <main id="main" className={styles.widePage}>
      <div>
        <h1 className={styles.title}>{name ? `Hello, ${name}` : 'My Profile'}</h1>
        <p className={styles.lead}>
          Your events (drafts only you can see, and published ones on sale) and your tickets.
        </p>
      </div>
      {/* Someone who has only bought tickets sees them first, not an empty list of events. */}
      {events?.length === 0 ? (
        <>
          <MyTickets tickets={tickets} />
          <MyEvents events={events} />
        </>
      ) : (
        <>
          <MyEvents events={events} />
          <MyTickets tickets={tickets} />
        </>
      )}
      <TeamEvents events={teamEvents} />
    </main>
  );
}
