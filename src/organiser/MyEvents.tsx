import { Link } from '@tanstack/react-router';
import type { Event } from '../../contract/events';
import { PosterPlaceholder } from '../events/PosterPlaceholder';
import { posterSrc } from '../events/posterUrl';
import * as styles from './MyEvents.css';
import { eventDateText } from './ticketFormat';

export const MY_EVENTS_FAILED = 'Failed to fetch events. Please refresh the page or try again later.';

/** My Events: 'Create new event', then the organiser's events, drafts marked. */
export function MyEvents({ events, offline = false }: { events: Event[] | null; offline?: boolean }) {
  return (
    <section aria-labelledby="my-events-title" className={styles.section}>
      <h2 id="my-events-title" className={styles.heading}>
        My Events
      </h2>
      {events === null && offline ? (
        <p className={styles.offline}>You are offline. Your events show again when you are back online.</p>
      ) : events === null ? (
        <p role="alert" className={styles.error}>
          {MY_EVENTS_FAILED}
        </p>
      ) : (
        <ul className={styles.grid}>
          <li>
            <Link to="/events/create" className={styles.createCard}>
              <span className={styles.plus} aria-hidden="true">
                +
              </span>
              Create new event
            </Link>
          </li>
          {events.map((event) => (
            <li key={event._id}>
              <Link
                to="/profile-event/$tab/$eventId"
                params={{ tab: 'Details', eventId: event._id }}
                className={styles.card}
              >
                {event.image ? (
                  <img
                    src={posterSrc(event.image, 480) ?? ''}
                    alt=""
                    className={styles.image}
                    loading="lazy"
                    style={{ objectPosition: event.imageFocus }}
                  />
                ) : (
                  <PosterPlaceholder className={styles.image} />
                )}
                <span className={styles.body}>
                  <span className={styles.name}>{event.eventName}</span>
                  <span className={styles.meta}>
                    {eventDateText(event.startDate)} · {event.sold ?? 0} sold
                    {event.testSold ? ` (${event.testSold} in test mode)` : ''}
                  </span>
                  {event.status === 'draft' && <span className={styles.draft}>Draft</span>}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      {events !== null && events.length === 0 && (
        <p className={styles.meta}>You have no events yet. Create one: it takes three short steps.</p>
      )}
    </section>
  );
}
