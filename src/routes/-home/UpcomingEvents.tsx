import { useEffect, useState } from 'react';
import type { Event } from '../../../contract/events';
import { fetchEvents } from '../../api/events';
import { EventCard } from '../../events/EventCard';
import { container, pageSection, sectionEyebrow, sectionTitle } from '../../styles/layout.css';
import * as styles from './home.css';

type Load = { state: 'loading' } | { state: 'error' } | { state: 'loaded'; events: Event[] };

/** Published events from the API, soonest first, with the spec's loading and error states. */
export function UpcomingEvents() {
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  useEffect(() => {
    let live = true;
    fetchEvents().then(
      (events) => live && setLoad({ state: 'loaded', events }),
      () => live && setLoad({ state: 'error' }),
    );
    return () => {
      live = false;
    };
  }, []);

  return (
    <section id="events" className={`${container} ${pageSection}`} aria-labelledby="upcoming-title">
      <p className={sectionEyebrow}>Trending events</p>
      <h2 id="upcoming-title" className={sectionTitle}>
        Elevating Experiences, One Event at a Time
      </h2>
      {load.state === 'loading' && <p className={styles.status}>Loading events...</p>}
      {load.state === 'error' && (
        <p className={styles.error} role="alert">
          Failed to fetch events. Please refresh the page or try again later.
        </p>
      )}
      {load.state === 'loaded' && (
        <div className={styles.eventGrid}>
          {load.events.map((event) => (
            <EventCard key={event._id} event={event} />
          ))}
        </div>
      )}
    </section>
  );
}
