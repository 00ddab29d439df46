import { Link } from '@tanstack/react-router';
import { type MyTeamEventsResponse, TEAM_ROLE_LABELS } from '../../contract/team';
import * as rows from '../ui/rowList.css';
import * as styles from './MyEvents.css';

type TeamEvent = MyTeamEventsResponse['events'][number];

/** Where a member's role starts (decision 043): the door at its own screen, finance at Sales. */
function EventLink({ event }: { event: TeamEvent }) {
  if (event.role === 'door')
    return (
      <Link to="/door/$eventId" params={{ eventId: event.eventId }} className={styles.name}>
        {event.eventName}
      </Link>
    );
  return (
    <Link
      to="/profile-event/$tab/$eventId"
      params={{ tab: event.role === 'finance' ? 'Sales' : 'Details', eventId: event.eventId }}
      className={styles.name}
    >
      {event.eventName}
    </Link>
  );
}

/** Events I help run: the events whose team the user joined, each with their role. Nothing when none. */
export function TeamEvents({ events }: { events: TeamEvent[] | null }) {
  if (!events || events.length === 0) return null;
  return (
    <section aria-labelledby="team-events-title" className={styles.section}>
      <h2 id="team-events-title" className={styles.heading}>
        Events I help run
      </h2>
      <ul className={rows.list} aria-label="Events I help run">
        {events.map((e) => (
          <li key={e.eventId} className={rows.row}>
            <EventLink event={e} />
            <span className={styles.meta}>
              {TEAM_ROLE_LABELS[e.role]}
              {e.scope === 'all' ? ' · all their events' : ''}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
