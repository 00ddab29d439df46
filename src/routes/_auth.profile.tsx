import { createFileRoute } from '@tanstack/react-router';
import { fetchMyEvents } from '../api/organiser';
import { readStoredUser } from '../app/storage';
import { MyEvents } from '../organiser/MyEvents';
import * as styles from '../organiser/organiser.css';

/**
 * /profile (spec §2): My Events. My Tickets (the attendee's purchases) arrives with the checkout
 * work as a second section of this page; it is left out until it shows real tickets.
 */
export const Route = createFileRoute('/_auth/profile')({
  loader: async () => {
    // Spec §8: a missing user id in storage is the same failure as the call failing.
    const user = readStoredUser();
    if (!user) return { events: null, name: null };
    const events = await fetchMyEvents(user._id).catch(() => null);
    return { events, name: user.firstName };
  },
  head: () => ({ meta: [{ title: 'My Profile — Gatepass' }] }),
  component: ProfilePage,
});

function ProfilePage() {
  const { events, name } = Route.useLoaderData();
  return (
    <main id="main" className={styles.widePage}>
      <div>
        <h1 className={styles.title}>{name ? `Hello, ${name}` : 'My Profile'}</h1>
        <p className={styles.lead}>Your events: drafts only you can see, and published ones on sale.</p>
      </div>
      <MyEvents events={events} />
    </main>
  );
}
