import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import type { Event } from '../../../contract/events';
import { readStoredUser } from '../../app/storage';
import { whatsappTextUrl } from '../../lib/whatsapp';
import * as styles from './listing.css';

/**
 * 'Your event is live', on the listing the wizard ends on (the spec's move to /events/all stays):
 * the organiser's link to share — copied, or sent on WhatsApp — and the way back to manage it.
 * Shown only to the event's organiser, and only after hydration (the server-rendered page is the
 * same for everyone); dismissing it drops ?published= from the URL.
 */
export function PublishedBanner({ event }: { event: Event }) {
  const navigate = useNavigate();
  const [mine, setMine] = useState(false);
  useEffect(() => setMine(readStoredUser()?._id === event.userId), [event.userId]);
  if (!mine) return null;
  const url = `${window.location.origin}/event-details/${event._id}`;
  const copy = async () => {
    const { notify } = await import('../../ui/notify');
    try {
      await navigator.clipboard.writeText(url);
      notify.success('Link copied');
    } catch {
      notify.error(`Copy this link: ${url}`);
    }
  };
  return (
    <div className={styles.liveBanner} role="status" data-testid="event-live">
      <div className={styles.liveText}>
        <p className={styles.liveTitle}>Your event is live</p>
        <p className={styles.liveLead}>
          {event.eventName} is on sale. Share the link so people can get tickets.
        </p>
      </div>
      <div className={styles.liveActions}>
        <button type="button" className={styles.liveButton} onClick={() => void copy()}>
          Copy link
        </button>
        <a
          className={styles.liveButton}
          href={whatsappTextUrl(`${event.eventName} on Gatepass: ${url}`)}
          target="_blank"
          rel="noopener noreferrer"
        >
          Share on WhatsApp
        </a>
        <Link
          className={styles.liveButton}
          to="/profile-event/$tab/$eventId"
          params={{ tab: 'Details', eventId: event._id }}
        >
          Manage
        </Link>
        <button
          type="button"
          className={styles.liveDismiss}
          aria-label="Dismiss"
          onClick={() =>
            void navigate({ to: '/events/all', search: (s) => ({ ...s, published: undefined }) })
          }
        >
          ×
        </button>
      </div>
    </div>
  );
}
