import { Link } from '@tanstack/react-router';
import type { HandedOverTicket, MyTicketsResponse, TicketView } from '../../contract/orders';
import { PosterPlaceholder } from '../events/PosterPlaceholder';
import { posterSrc } from '../events/posterUrl';
import { formatEventDate, formatEventTime } from '../lib/datetime';
import * as ticketStyles from '../tickets/tickets.css';
import { UpdatedStamp } from '../tickets/UpdatedStamp';
import { ButtonLink } from '../ui/Button';
import * as styles from './MyTickets.css';

/** /profile → My Tickets: the signed-in user's real tickets, upcoming first, then past. */
export function MyTickets({
  tickets,
  offline = false,
}: {
  tickets: MyTicketsResponse | null;
  /** No network: with nothing kept on the phone (decision 041) that is what to say, not "failed". */
  offline?: boolean;
}) {
  return (
    <section className={styles.section} aria-labelledby="my-tickets-heading">
      <h2 id="my-tickets-heading" className={styles.heading}>
        My Tickets
      </h2>
      {tickets === null && offline ? (
        <p role="status" className={styles.muted} data-testid="no-kept-tickets">
          You are offline, and no tickets are kept on this phone. Open My Tickets once while online to keep
          them here.
        </p>
      ) : tickets === null ? (
        <p role="alert">Failed to fetch tickets. Please try again later.</p>
      ) : tickets.upcoming.length + tickets.past.length + (tickets.handedOver?.length ?? 0) === 0 ? (
        <div className={styles.empty}>
          <p className={styles.emptyTitle}>No event tickets purchased yet</p>
          <p className={styles.muted}>No worries - plenty of exciting tickets to explore!</p>
          <ButtonLink to="/tickets/all">Explore more tickets</ButtonLink>
        </div>
      ) : (
        <>
          <UpdatedStamp at={tickets.generatedAt} />
          <TicketGroup title="Upcoming" tickets={tickets.upcoming} />
          <TicketGroup title="Past" tickets={tickets.past} />
          <HandedOver tickets={tickets.handedOver ?? []} />
          <p>
            <ButtonLink to="/tickets/all" tone="secondary">
              Explore more tickets
            </ButtonLink>
          </p>
        </>
      )}
    </section>
  );
}

function TicketGroup({ title, tickets }: { title: string; tickets: TicketView[] }) {
  if (tickets.length === 0) return null;
  return (
    <>
      <h3 className={styles.groupHeading}>{title}</h3>
      <ul className={styles.grid} aria-label={`${title} tickets`}>
        {tickets.map((ticket) => (
          <li key={ticket.code}>
            <Link to="/tickets/$code" params={{ code: ticket.code }} className={styles.card}>
              <div className={styles.media}>
                {ticket.event.image ? (
                  <img
                    className={styles.image}
                    src={posterSrc(ticket.event.image, 480)!}
                    alt=""
                    loading="lazy"
                    style={{ objectPosition: ticket.event.imageFocus }}
                  />
                ) : (
                  <PosterPlaceholder className={styles.image} />
                )}
              </div>
              <div className={styles.body}>
                <p className={styles.title}>{ticket.event.eventName}</p>
                <p className={styles.muted}>
                  {formatEventDate(ticket.event.startDate)} ·{' '}
                  {formatEventTime(ticket.event.startDate, ticket.event.startTime)}
                </p>
                <p>
                  {ticket.ticketName} · {ticket.attendeeName}
                </p>
                <div className={styles.marks}>
                  {ticket.testMode && <span className={ticketStyles.mark({ tone: 'test' })}>Test</span>}
                  {ticket.revoked && (
                    <span className={ticketStyles.mark({ tone: 'revoked' })}>No longer valid</span>
                  )}
                  {ticket.checkedInAt && (
                    <span className={ticketStyles.mark({ tone: 'checked' })}>Checked in</span>
                  )}
                </div>
              </div>
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}

/**
 * Seats the user bought that a transfer or a claim gave to someone else (decision 053): who has them
 * now, with no link, code or QR. A resale leaves the seller no way in.
 */
function HandedOver({ tickets }: { tickets: HandedOverTicket[] }) {
  if (tickets.length === 0) return null;
  return (
    <>
      <h3 className={styles.groupHeading}>Sent to others</h3>
      <ul className={styles.sentList} aria-label="Tickets sent to others">
        {tickets.map((t) => (
          <li key={t.id} className={styles.sentItem}>
            <span className={styles.title}>{t.event.eventName}</span>
            <span className={styles.muted}>
              {formatEventDate(t.event.startDate)} · {t.ticketName}
            </span>
            <span>
              Transferred to <strong>{t.toName}</strong>. Only they can use it now.
            </span>
          </li>
        ))}
      </ul>
    </>
  );
}
