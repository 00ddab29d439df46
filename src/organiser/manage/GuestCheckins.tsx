import type { GuestRow } from '../../../contract/organiser';
import { TICKET_CHANGE_LABELS } from '../../../contract/ticketChanges';
import * as styles from '../organiser.css';
import * as own from './guestlist.css';

const time = new Intl.DateTimeFormat('en-NG', {
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Africa/Lagos',
});
const day = new Intl.DateTimeFormat('en-NG', { dateStyle: 'medium', timeZone: 'Africa/Lagos' });
const todayInLagos = () => day.format(new Date());

/** '19:42' on the day itself, 'Mar 14, 2031, 19:42' otherwise (Lagos time). */
function when(iso: string) {
  const at = new Date(iso);
  const d = day.format(at);
  return d === todayInLagos() ? time.format(at) : `${d}, ${time.format(at)}`;
}

/**
 * The Guestlist's check-in cell for one order line: each live ticket (by seat) in or not yet, with
 * the time and the door staff link's label. A ticket made out to someone other than the buyer
 * names its attendee. A line refunded in full (decision 055: it stays listed) says its tickets no longer
 * admit; a line whose tickets are not issued (an order paid before tickets existed) says so.
 */
export function GuestCheckins({ row }: { row: GuestRow }) {
  if (row.tickets.length === 0)
    return (
      <span className={styles.note}>
        {row.quantity === 0 && row.refunded > 0 ? 'Refunded: no ticket admits' : 'No tickets issued'}
      </span>
    );
  return (
    <>
      <TicketList row={row} />
      {row.changes.length > 0 && (
        <details className={own.history}>
          <summary>
            {row.changes.length} {row.changes.length === 1 ? 'change' : 'changes'}
          </summary>
          <ul className={own.historyList}>
            {row.changes.map((c) => (
              <li key={`${c.seat}-${c.at}`}>
                <time dateTime={c.at}>{when(c.at)}</time> · {TICKET_CHANGE_LABELS[c.kind]}: {c.fromName} →{' '}
                {c.toName}
                {c.toEmail.toLowerCase() !== c.fromEmail.toLowerCase() && ` (${c.toEmail})`}
              </li>
            ))}
          </ul>
        </details>
      )}
    </>
  );
}

function TicketList({ row }: { row: GuestRow }) {
  return (
    <ul className={own.tickets} aria-label={`${row.checkedIn} of ${row.tickets.length} checked in`}>
      {row.tickets.map((t, seat) => (
        // Seats are the tickets' stable order within the line, so the index is the ticket's key.
        <li key={seat} className={own.ticket}>
          {t.checkedInAt ? (
            <span className={styles.badgeGood}>
              {/* A badge is a flex box, which drops a plain trailing space. */}
              {'In\u00a0'}
              <time dateTime={t.checkedInAt}>{when(t.checkedInAt)}</time>
            </span>
          ) : (
            <span className={styles.badge}>Not yet</span>
          )}
          {/* The gate as the Check-in tab's counts name it: a door link's label or the scanner's name. */}
          {t.checkedInAt && <span>{t.gate ?? 'Organiser'}</span>}
          {t.attendeeName !== row.purchasedBy && <span className={styles.note}>{t.attendeeName}</span>}
        </li>
      ))}
    </ul>
  );
}
