import { Link } from '@tanstack/react-router';
import { type EventDate, shortDateLabel } from '../../contract/eventDates';
import { visuallyHidden } from '../styles/layout.css';
import * as styles from './DateChips.css';

/** The dates still ahead (their end not passed): past dates cannot be bought (decision 046). */
export function upcomingDates(dates: readonly EventDate[], now: number): EventDate[] {
  return dates.filter((d) => Date.parse(d.endsAt) > now);
}

/** The date to show first: the one asked for when it is still ahead, else the next one. */
export function chosenDate(
  dates: readonly EventDate[],
  asked: string | undefined,
  now: number,
): EventDate | null {
  const ahead = upcomingDates(dates, now);
  return ahead.find((d) => d._id === asked) ?? ahead[0] ?? null;
}

/**
 * The event's dates as chips, each a link to buying that date's tickets (the chosen one marked).
 * Links, not buttons: the choice lives in the address (?date=), so it survives a reload, can be
 * shared, and the server-rendered page has it too.
 */
export function DateChips({
  eventId,
  dates,
  current,
  access,
}: {
  eventId: string;
  dates: readonly EventDate[];
  current: string | null;
  access?: string | undefined;
}) {
  return (
    <ul className={styles.list} aria-label="Dates">
      {dates.map((d) => (
        <li key={d._id}>
          <Link
            to="/get-tickets/$eventId"
            params={{ eventId }}
            search={{ date: d._id, ...(access ? { access } : {}) }}
            replace={current !== null}
            className={styles.chip}
            // The router sets aria-current on links itself; the chosen chip says so in words.
            data-current={d._id === current ? 'true' : undefined}
          >
            <span className={styles.day}>{d.label || shortDateLabel(d.date)}</span>
            <span className={styles.time}>
              {d.label ? `${shortDateLabel(d.date)} · ` : ''}
              {d.startTime}–{d.endTime}
            </span>
            {d._id === current && <span className={visuallyHidden}> (chosen)</span>}
          </Link>
        </li>
      ))}
    </ul>
  );
}
