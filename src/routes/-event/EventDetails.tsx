import type { Event } from '../../../contract/events';
import { formatNaira } from '../../../contract/money';
import type { Ticket } from '../../../contract/tickets';
import { PosterPlaceholder } from '../../events/PosterPlaceholder';
import { posterSrc, posterSrcSet } from '../../events/posterUrl';
import { formatEventDate, formatEventTime } from '../../lib/datetime';
import { ButtonLink } from '../../ui/Button';
import * as styles from './event.css';

/** The poster: the event's image, else the first ticket image, else a placeholder. */
function posterOf(event: Event, tickets: Ticket[]): string | null {
  return event.image ?? tickets.find((t) => t.image)?.image ?? null;
}

export function EventDetails({ event, tickets }: { event: Event; tickets: Ticket[] }) {
  const poster = posterOf(event, tickets);
  const sameDay = event.startDate === event.endDate;
  return (
    <main id="main" className={styles.page}>
      <div className={styles.posterWrap}>
        {poster ? (
          <img
            className={styles.poster}
            src={posterSrc(poster, 960)!}
            srcSet={posterSrcSet(poster, [480, 640, 960, 1280])}
            sizes="(min-width: 1200px) 1150px, 95vw"
            width={1200}
            height={750}
            alt={`Poster for ${event.eventName}`}
          />
        ) : (
          <PosterPlaceholder className={styles.poster} />
        )}
      </div>
      <div className={styles.layout}>
        <article className={styles.main}>
          <p className={styles.category}>{event.category}</p>
          <h1 className={styles.title}>{event.eventName}</h1>
          <h2 className={styles.subheading}>About this event</h2>
          <p className={styles.description}>{event.description}</p>
          {tickets.length > 0 && (
            <>
              <h2 className={styles.subheading}>Tickets</h2>
              <ul className={styles.ticketList}>
                {tickets.map((t) => (
                  <li key={t._id} className={styles.ticketRow}>
                    <span>
                      <strong>{t.ticketName}</strong>
                      {t.ticketDescription && <span className={styles.muted}> — {t.ticketDescription}</span>}
                    </span>
                    <strong>{t.ticketPrice === 0 ? 'Free' : formatNaira(t.ticketPrice)}</strong>
                  </li>
                ))}
              </ul>
            </>
          )}
        </article>
        <aside className={styles.aside} aria-label="Event summary">
          <ButtonLink to="/get-tickets/$eventId" params={{ eventId: event._id }} size="lg" block>
            Get Tickets
          </ButtonLink>
          <dl className={styles.facts}>
            <div>
              <dt>Date</dt>
              <dd>
                {formatEventDate(event.startDate)}
                {!sameDay && ` – ${formatEventDate(event.endDate)}`}
              </dd>
            </div>
            <div>
              <dt>Time</dt>
              <dd>
                {formatEventTime(event.startDate, event.startTime)} –{' '}
                {formatEventTime(event.endDate, event.endTime)} (Lagos time)
              </dd>
            </div>
            <div>
              <dt>Location</dt>
              <dd>
                {event.eventLocation !== 'online' && event.location}
                {event.eventLocation === 'both' && <br />}
                {event.eventLocation !== 'physical' && 'Online event'}
              </dd>
            </div>
            <div>
              <dt>Organiser</dt>
              <dd>
                {event.organiser.firstName} {event.organiser.lastName}
              </dd>
            </div>
          </dl>
        </aside>
      </div>
    </main>
  );
}
