import { Link } from '@tanstack/react-router';
import type { Event } from '../../contract/events';
import { formatEventDate, formatEventTime } from '../lib/datetime';
import * as styles from './EventCard.css';
import { PosterPlaceholder } from './PosterPlaceholder';
import { posterSrc, posterSrcSet } from './posterUrl';
import { priceLabel } from './priceLabel';

/**
 * The reusable event card: image, title, 4-line description, price, date and time, organiser.
 * `priority`: the card is in the first screen — its image loads at once ('eager', not when the
 * layout reaches it) and, for the first card ('high'), ahead of everything else: it is the page's
 * largest paint on a phone (the server preloads it from the head, server/http/lcpPreload.ts).
 */
export function EventCard({
  event,
  headingLevel = 3,
  priority,
}: {
  event: Event;
  headingLevel?: 2 | 3;
  priority?: 'high' | 'eager';
}) {
  const Heading = `h${headingLevel}` as const;
  const organiser = `${event.organiser.firstName} ${event.organiser.lastName}`;
  return (
    <article className={styles.card}>
      <div className={styles.media}>
        {event.image ? (
          <img
            className={styles.image}
            src={posterSrc(event.image, 480)!}
            srcSet={posterSrcSet(event.image, [320, 480, 640, 960])}
            sizes="(min-width: 1024px) 360px, (min-width: 768px) 45vw, 90vw"
            width={480}
            height={300}
            loading={priority ? 'eager' : 'lazy'}
            fetchPriority={priority === 'high' ? 'high' : undefined}
            decoding="async"
            // The part of the poster that matters stays in the card (detected at upload, issue #21).
            style={{ objectPosition: event.imageFocus }}
            alt=""
          />
        ) : (
          <PosterPlaceholder className={styles.image} />
        )}
        <div className={styles.overlay}>
          <Link to="/get-tickets/$eventId" params={{ eventId: event._id }} className={styles.overlayButton}>
            Get Tickets<span className={styles.srOnly}> for {event.eventName}</span>
          </Link>
        </div>
      </div>
      <div className={styles.body}>
        <Heading className={styles.title}>
          <Link to="/event-details/$eventId" params={{ eventId: event._id }} className={styles.titleLink}>
            {event.eventName}
          </Link>
        </Heading>
        <p className={styles.description}>{event.description}</p>
        <dl className={styles.meta}>
          <div>
            <dt>Price</dt>
            <dd className={styles.price}>{priceLabel(event.priceFrom, event.priceTo, event.feeMode)}</dd>
          </div>
          <div>
            <dt>Date</dt>
            <dd>
              {event.nextDate ? (
                // Several dates (decision 046): the next one, and how many follow.
                <>
                  <time dateTime={event.nextDate}>{formatEventDate(event.nextDate)}</time>
                  {event.moreDates
                    ? ` · +${event.moreDates} more date${event.moreDates === 1 ? '' : 's'}`
                    : ''}
                </>
              ) : (
                <time dateTime={`${event.startDate}T${event.startTime}`}>
                  {formatEventDate(event.startDate)} · {formatEventTime(event.startDate, event.startTime)}
                </time>
              )}
            </dd>
          </div>
          <div>
            <dt>Organiser</dt>
            <dd>{organiser}</dd>
          </div>
        </dl>
      </div>
    </article>
  );
}
