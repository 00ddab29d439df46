import { useEffect, useState } from 'react';
import { dateName } from '../../../contract/eventDates';
import { fetchEventDates } from '../../api/eventDates';

/**
 * The event's dates by id, named as its tickets name them ('Night 2 · Sat 5 Dec'), for the organiser's
 * Tickets tab, where a multi-date event's types share a name (issue #32: 'Regular, Regular, Regular').
 * Loaded again when `refresh` changes (the tab's ticket list, after dates are added or types copied).
 * A failed load leaves the names without dates, as before.
 */
export function useDateNames(eventId: string, refresh: unknown): ReadonlyMap<string, string> {
  const [names, setNames] = useState<ReadonlyMap<string, string>>(new Map());
  useEffect(() => {
    let current = true;
    void refresh;
    fetchEventDates(eventId).then(
      (dates) => current && setNames(new Map(dates.map((d) => [d._id, dateName(d)]))),
      () => {},
    );
    return () => {
      current = false;
    };
  }, [eventId, refresh]);
  return names;
}
