import type { Event } from '../../../contract/events';
import { EventCard } from '../../events/EventCard';
import * as styles from './event.css';

/** 'Other Events You May Like': up to three from GET /api/events/:id/related. */
export function RelatedEvents({ events }: { events: Event[] | null }) {
  if (events !== null && events.length === 0) return null;
  return (
    <section className={styles.related} aria-labelledby="related-title">
      <h2 id="related-title" className={styles.relatedTitle}>
        Other Events You May Like
      </h2>
      {events === null ? (
        <p className={styles.muted}>Other events could not be loaded right now.</p>
      ) : (
        <ul className={styles.relatedGrid}>
          {events.map((e) => (
            <li key={e._id} className={styles.relatedItem}>
              <EventCard event={e} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
