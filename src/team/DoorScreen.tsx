import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import type { DoorSummaryResponse } from '../../contract/team';
import { TEAM_ROLE_LABELS } from '../../contract/team';
import { doorAdmitMachine } from '../../machines/doorAdmit.machine';
import { checkinApi } from '../checkin/api';
import { CheckinTab } from '../checkin/CheckinTab';
import { GuestSearch } from '../checkin/GuestSearch';
import * as styles from '../organiser/organiser.css';
import { eventDateText } from '../organiser/ticketFormat';
import { ButtonLink } from '../ui/Button';
import { notifyAction } from '../ui/notify';
import * as door from './door.css';

const admitMachine = doorAdmitMachine.provide({
  actors: {
    admit: fromPromise(({ input }) =>
      checkinApi.scan(input.eventId, { code: input.ticketId, device: 'Door screen' }),
    ),
  },
  actions: { notify: notifyAction },
});

/**
 * /door/{eventId}: the door's own screen (decision 043 amendment) for a door supervisor, the owner
 * and a co-organiser: the Check-in tab (counts per type and gate, arrivals, door staff links with a
 * PIN, who came), the guest search with Admit, and the scanner. No money: the header is the door
 * route's (name, date, place, role), never the management page's.
 */
export function DoorScreen({ summary }: { summary: DoorSummaryResponse }) {
  const { event, role } = summary;
  const actor = useActorRef(admitMachine, { input: { eventId: event.id } });
  const admitting = useSelector(actor, (s) => s.matches('admitting'));
  const last = useSelector(actor, (s) => s.context.last);
  return (
    <main id="main" className={styles.widePage}>
      <header className={styles.card}>
        <div className={styles.actionsSpread}>
          <div>
            <h1 className={styles.title}>{event.eventName}</h1>
            <p className={styles.lead}>
              {eventDateText(event.startDate)}, {event.startTime}
              {event.location ? ` · ${event.location}` : ''}
            </p>
          </div>
          <span className={styles.badge}>
            {role === 'organiser' ? 'Owner' : TEAM_ROLE_LABELS[role]} · door screen
          </span>
        </div>
        {role !== 'door' && (
          <div className={styles.actions}>
            <ButtonLink
              tone="ghost"
              size="sm"
              to="/profile-event/$tab/$eventId"
              params={{ tab: 'Checkin', eventId: event.id }}
            >
              Back to managing the event
            </ButtonLink>
          </div>
        )}
      </header>
      <div className={door.search}>
        <GuestSearch
          eventId={event.id}
          busy={admitting}
          onAdmit={(ticketId) => actor.send({ type: 'admit', ticketId })}
        />
        {last && (
          <p className={door.verdict} role="status" data-testid="door-admit-result">
            {last.message} · {last.counts.checkedIn} / {last.counts.total} in
          </p>
        )}
      </div>
      <CheckinTab eventId={event.id} onDoorScreen refreshKey={last} owner={role === 'organiser'} />
    </main>
  );
}
