import type { EventDate } from '../../../contract/eventDates';
import type { Event } from '../../../contract/events';
import { formatNaira } from '../../../contract/money';
import { tableSizeOf, tableTitle } from '../../../contract/tables';
import type { Ticket } from '../../../contract/tickets';
import { DateChips, upcomingDates } from '../../events/DateChips';
import { PosterPlaceholder } from '../../events/PosterPlaceholder';
import * as fill from '../../events/posterFill.css';
import { posterSrc, posterSrcSet } from '../../events/posterUrl';
import { priceWithFees } from '../../events/priceLabel';
import { formatEventDate, formatEventTime } from '../../lib/datetime';
import { ButtonLink } from '../../ui/Button';
import { EventShare } from './EventShare';
import * as styles from './event.css';
import { GlobeIcon, MapIcon, SocialIcon } from './icons';
import { directionsUrl, presentSocials, SOCIAL_LABELS, safeHttpUrl } from './links';
import { RelatedEvents } from './RelatedEvents';

/** The poster: the event's image, else the first ticket image, else a placeholder. */
function posterOf(event: Event, tickets: Ticket[]): string | null {
  return event.image ?? tickets.find((t) => t.image)?.image ?? null;
}

function dateRange(event: Event): string {
  const start = formatEventDate(event.startDate);
  return event.startDate === event.endDate ? start : `${start} – ${formatEventDate(event.endDate)}`;
}

function timeRange(event: Event): string {
  return `${formatEventTime(event.startDate, event.startTime)} – ${formatEventTime(event.endDate, event.endTime)}`;
}

/** Address and/or online link, with 'Directions' for a physical address. */
function Where({ event }: { event: Event }) {
  const physical = event.eventLocation !== 'online' && event.location;
  const online = event.eventLocation !== 'physical';
  const onlineUrl = safeHttpUrl(event.url);
  return (
    <div className={styles.where}>
      {physical && (
        <div className={styles.whereRow}>
          <MapIcon />
          <div>
            <p>{event.location}</p>
            <a
              className={styles.inlineLink}
              href={directionsUrl(event.location!)}
              target="_blank"
              rel="noopener noreferrer"
            >
              Directions
              <span className={styles.srOnly}> to {event.location} (opens Google Maps in a new tab)</span>
            </a>
          </div>
        </div>
      )}
      {online && (
        <div className={styles.whereRow}>
          <GlobeIcon />
          <div>
            <p>Online event</p>
            {onlineUrl && (
              <a className={styles.inlineLink} href={onlineUrl} target="_blank" rel="noopener noreferrer">
                Join online<span className={styles.srOnly}> (opens in a new tab)</span>
              </a>
            )}
          </div>
        </div>
      )}
    </div>
  );
}

/** Each date sells its own copy of a type (decision 046): the page lists the kind once. */
function onePerName(tickets: Ticket[]): Ticket[] {
  return tickets.filter(
    (t, i) =>
      tickets.findIndex((x) => x.ticketName === t.ticketName && x.ticketPrice === t.ticketPrice) === i,
  );
}

export function EventDetails({
  event,
  tickets,
  related,
  dates = [],
}: {
  event: Event;
  tickets: Ticket[];
  related: Event[] | null;
  /** Its dates when it runs more than once (decision 046); each links to buying that date. */
  dates?: EventDate[];
}) {
  const ahead = upcomingDates(dates, Date.now());
  const poster = posterOf(event, tickets);
  const socials = presentSocials(event.socials);
  const organiser = `${event.organiser.firstName} ${event.organiser.lastName}`;
  return (
    <main id="main" className={styles.page}>
      <div className={styles.layout}>
        <article className={styles.main}>
          <div className={`${styles.posterWrap} ${fill.frame}`}>
            {poster ? (
              <>
                {/* The free space around a portrait or square flyer: the same picture, small and
                    blurred (a 160 px copy, a few KB), so the poster itself is shown whole. */}
                <div
                  className={fill.backdrop}
                  style={{ backgroundImage: `url("${posterSrc(poster, 160)}")` }}
                  aria-hidden="true"
                />
                <img
                  className={fill.whole}
                  src={posterSrc(poster, 960)!}
                  srcSet={posterSrcSet(poster, [480, 640, 960, 1280])}
                  sizes="(min-width: 1200px) 760px, (min-width: 1024px) 64vw, 95vw"
                  fetchPriority="high"
                  width={1200}
                  height={750}
                  alt={`Poster for ${event.eventName}`}
                />
              </>
            ) : (
              <PosterPlaceholder className={styles.poster} />
            )}
          </div>
          <p className={styles.category}>{event.category}</p>
          <h1 className={styles.title}>{event.eventName}</h1>
          <p className={styles.byline}>
            {dateRange(event)} · {timeRange(event)} <span className={styles.muted}>(Lagos time)</span>
          </p>
          {ahead.length > 0 && (
            <>
              <h2 className={styles.subheading}>Dates</h2>
              <DateChips eventId={event._id} dates={ahead} current={null} />
            </>
          )}
          <div className={styles.mobileOnly}>
            <ButtonLink to="/get-tickets/$eventId" params={{ eventId: event._id }} size="lg" block>
              Get Tickets
            </ButtonLink>
          </div>
          <h2 className={styles.subheading}>About this event</h2>
          <p className={styles.description}>{event.description}</p>
          <h2 className={styles.subheading}>Location</h2>
          <Where event={event} />
          {tickets.length > 0 && (
            <>
              <h2 className={styles.subheading}>Tickets</h2>
              <ul className={styles.ticketList}>
                {onePerName(tickets).map((t) => (
                  <li key={t._id} className={styles.ticketRow}>
                    <span>
                      <strong>{tableTitle(t)}</strong>
                      {t.ticketDescription && <span className={styles.muted}> — {t.ticketDescription}</span>}
                    </span>
                    <strong>
                      {priceWithFees(t.ticketPrice, event.feeMode, formatNaira)}
                      {tableSizeOf(t) && ' per table'}
                    </strong>
                  </li>
                ))}
              </ul>
            </>
          )}
        </article>
        <aside className={styles.aside} aria-label="Event summary">
          {/* On phones the same button sits under the title (above): one visible at a time. */}
          <div className={styles.desktopOnly}>
            <ButtonLink to="/get-tickets/$eventId" params={{ eventId: event._id }} size="lg" block>
              Get Tickets
            </ButtonLink>
          </div>
          <dl className={styles.facts}>
            <div>
              <dt>Date</dt>
              <dd>{dateRange(event)}</dd>
            </div>
            <div>
              <dt>Time</dt>
              <dd>{timeRange(event)} (Lagos time)</dd>
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
              <dd>{organiser}</dd>
            </div>
          </dl>
          <EventShare event={event} />
          {socials.length > 0 && (
            <div className={styles.shareBlock}>
              <h2 className={styles.asideHeading}>Contact the organiser</h2>
              <ul className={styles.socialList}>
                {socials.map(({ kind, href }) => (
                  <li key={kind}>
                    <a
                      className={styles.socialLink}
                      href={href}
                      target="_blank"
                      rel="noopener noreferrer"
                      aria-label={`${organiser} on ${SOCIAL_LABELS[kind]} (opens in a new tab)`}
                      title={SOCIAL_LABELS[kind]}
                    >
                      <SocialIcon kind={kind} />
                    </a>
                  </li>
                ))}
              </ul>
            </div>
          )}
        </aside>
      </div>
      <RelatedEvents events={related} />
    </main>
  );
}
