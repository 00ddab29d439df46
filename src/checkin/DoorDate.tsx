import { dateName, type EventDate } from '../../contract/eventDates';
import * as styles from './DoorDate.css';

/**
 * Which date this door admits, for an event with several dates (decision 046). The choice lives in
 * the address (?date=), so a reload or a phone handed over keeps it; a ticket of another date is
 * refused with its date's name.
 */
export function DoorDate({
  dates,
  current,
  onPick,
}: {
  dates: readonly EventDate[];
  current: string;
  onPick: (dateId: string) => void;
}) {
  return (
    <label className={styles.field}>
      Admitting
      <select className={styles.select} value={current} onChange={(e) => onPick(e.target.value)}>
        {dates.map((d) => (
          <option key={d._id} value={d._id}>
            {dateName(d)} · {d.startTime}–{d.endTime}
          </option>
        ))}
      </select>
    </label>
  );
}

/** The date a door admits by default: the one asked for, else today's (not yet over), else the next. */
export function doorDateOf(
  dates: readonly EventDate[],
  asked: string | undefined,
  now: number,
): EventDate | null {
  return (
    dates.find((d) => d._id === asked) ??
    dates.find((d) => Date.parse(d.endsAt) > now) ??
    dates.at(-1) ??
    null
  );
}
