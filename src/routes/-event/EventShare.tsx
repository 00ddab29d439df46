import { useSyncExternalStore } from 'react';
import type { Event } from '../../../contract/events';
import { calendarUrl } from '../../api/events';
import { notify } from '../../ui/notify';
import * as styles from './event.css';
import { CalendarIcon, LinkIcon, SocialIcon } from './icons';
import { whatsappShareUrl, xShareUrl } from './links';

/** Clipboard API where allowed; the old copy command where it is not (older WebViews, http pages). */
async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.className = styles.offscreen;
    document.body.append(area);
    area.select();
    const ok = document.execCommand('copy');
    area.remove();
    return ok;
  }
}

const noSubscription = () => () => {};
const browserOrigin = () => window.location.origin;
const noOrigin = () => '';

/** 'Add to calendar' (.ics download) and the share buttons: copy link, WhatsApp, X. */
export function EventShare({ event }: { event: Event }) {
  // The server renders the share links with the page's path; the browser makes them absolute right
  // after hydrating (React's server snapshot during hydration, so the markup matches).
  const origin = useSyncExternalStore(noSubscription, browserOrigin, noOrigin);
  const pageUrl = `${origin}/event-details/${event._id}`;
  const copy = async () => {
    if (await copyText(pageUrl)) notify.success('Link copied');
    else notify.error('Could not copy the link. Copy it from the address bar instead.');
  };
  return (
    <>
      <a className={styles.actionButton} href={calendarUrl(event._id)} download>
        <CalendarIcon />
        Add to calendar
      </a>
      <div className={styles.shareBlock}>
        <h2 className={styles.asideHeading}>Share this event</h2>
        <div className={styles.shareRow}>
          <button type="button" className={styles.shareButton} onClick={() => void copy()}>
            <LinkIcon />
            Copy link
          </button>
          <a
            className={styles.shareButton}
            href={whatsappShareUrl(event, pageUrl)}
            target="_blank"
            rel="noopener noreferrer"
          >
            <SocialIcon kind="whatsapp" />
            WhatsApp<span className={styles.srOnly}> (opens in a new tab)</span>
          </a>
          <a
            className={styles.shareButton}
            href={xShareUrl(event, pageUrl)}
            target="_blank"
            rel="noopener noreferrer"
          >
            <SocialIcon kind="twitter" />
            Post on X<span className={styles.srOnly}> (opens in a new tab)</span>
          </a>
        </div>
      </div>
    </>
  );
}
