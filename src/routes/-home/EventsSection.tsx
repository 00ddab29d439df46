import { lazy, Suspense, useId } from 'react';
import type { Event } from '../../../contract/events';
import { EventCard } from '../../events/EventCard';
import { Reveal } from '../../motion/Reveal';
import { useNearViewport } from '../../motion/useNearViewport';
import { container, sectionEyebrow, sectionTitle } from '../../styles/layout.css';
import { ButtonLink } from '../../ui/Button';
import type { CarouselKind } from './EventCarousel';
import * as styles from './home.css';

// Swiper and its CSS come with this chunk only, fetched when the section nears the viewport; until
// then the first cards are shown as a plain row, so the content is there from the start.
const EventCarousel = lazy(() => import('./EventCarousel'));

/** The cards as a plain row laid out like the carousel, shown until Swiper arrives. */
function StaticCards({ events, kind }: { events: Event[]; kind: CarouselKind }) {
  return (
    <div className={styles.staticCards[kind]}>
      {events.map((event) => (
        <EventCard key={event._id} event={event} />
      ))}
    </div>
  );
}

type Props = {
  id?: string;
  kind: CarouselKind;
  eyebrow: string;
  title: string;
  label: string;
  /** The home route's loader data: null when that list failed to load. */
  events: Event[] | null;
  /** The list failed because the network is down: say so, not "Failed to fetch". */
  offline?: boolean;
};

/**
 * A home carousel section: the carousel, or the spec's error message and no carousel.
 * The lists come from the home route's loader, so they are in the server-rendered HTML.
 */
export function EventsSection({ id, kind, eyebrow, title, label, events, offline = false }: Props) {
  const state = events === null ? (offline ? 'offline' : 'failed') : events.length === 0 ? 'empty' : 'loaded';
  const headingId = useId();
  const [near, nearRef] = useNearViewport<HTMLElement>();

  return (
    <section
      id={id}
      ref={nearRef}
      className={`${container} ${styles.eventsSection}`}
      aria-labelledby={headingId}
    >
      <Reveal variant="left" threshold={0.2} className={styles.sectionHeader}>
        <p className={sectionEyebrow}>{eyebrow}</p>
        <h2 id={headingId} className={sectionTitle}>
          {title}
        </h2>
      </Reveal>
      {state === 'offline' && (
        <p className={styles.offline} role="status">
          You are offline. Events show here again when you are back online.
        </p>
      )}
      {state === 'failed' && (
        <p className={styles.error} role="alert">
          Failed to fetch events. Please refresh the page or try again later.
        </p>
      )}
      {state === 'empty' && (
        <div className={styles.empty}>
          <p>No upcoming events here yet. Be the first to host one.</p>
          <ButtonLink to="/events/create" tone="secondary">
            Create Event
          </ButtonLink>
        </div>
      )}
      {events !== null &&
        events.length > 0 &&
        (near ? (
          <Suspense fallback={<StaticCards events={events} kind={kind} />}>
            <EventCarousel events={events} kind={kind} label={label} />
          </Suspense>
        ) : (
          <StaticCards events={events} kind={kind} />
        ))}
    </section>
  );
}
