import { addressLine } from '../../contract/address';
import type { TicketView } from '../../contract/orders';
import * as styles from '../checkout/checkout.css';
import { formatEventDate, formatEventTime } from '../lib/datetime';
import { Button, ButtonLink } from '../ui/Button';
import { CheckLink } from './CheckLink';
import { LiveCode } from './LiveCode';
import { OrganiserMessage } from './OrganiserMessage';
import { TicketCard } from './TicketCard';
import { TicketChanges } from './TicketChanges';
import * as ticketStyles from './tickets.css';
import { UpdatedStamp } from './UpdatedStamp';

/** /tickets/{code}: one ticket to show at the gate, print or download. */
export function TicketPage({ ticket, updatedAt }: { ticket: TicketView; updatedAt: string }) {
  const { event } = ticket;
  const place = event.eventLocation === 'online' ? 'Online' : addressLine([event.location, event.state]);
  return (
    <main id="main" className={styles.page} data-printable="">
      <header className={styles.header}>
        <p className={styles.eyebrow}>Your ticket</p>
        <h1 className={styles.title}>{event.eventName}</h1>
        <p className={styles.meta}>
          {formatEventDate(event.startDate)} · {formatEventTime(event.startDate, event.startTime)}
          {place ? ` · ${place}` : ''}
        </p>
        <p className={styles.meta}>Order {ticket.orderReference}</p>
        <UpdatedStamp at={updatedAt} />
      </header>
      <ul className={[ticketStyles.grid, ticketStyles.single].join(' ')} aria-label="Ticket">
        <TicketCard
          ticket={ticket}
          testMode={ticket.testMode}
          size={260}
          event={event}
          qr={ticket.live ? <LiveCode ticket={ticket} /> : undefined}
          liveOnly={ticket.live?.required ?? false}
        />
      </ul>
      <OrganiserMessage ticketKey={ticket.code} />
      <TicketChanges ticket={ticket} />
      <CheckLink ticket={ticket} />
      <div className={[styles.actions, ticketStyles.noPrint].join(' ')}>
        <ButtonLink to="/profile" tone="secondary">
          Back to My Tickets
        </ButtonLink>
        <Button onClick={() => window.print()}>Print ticket</Button>
      </div>
    </main>
  );
}
