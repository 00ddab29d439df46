import { useState } from 'react';
import type { IssuedTicket } from '../../contract/orders';
import { formatTicketReference } from '../../contract/ticketReference';
import { downloadTicketPdf } from '../api/orders';
import { Button } from '../ui/Button';
import { notify } from '../ui/notify';
import { TicketQr } from './TicketQr';
import * as styles from './tickets.css';

/** One issued ticket: its QR, who it admits, and its PDF. */
export function TicketCard({
  ticket,
  testMode,
  size,
}: {
  ticket: IssuedTicket;
  testMode: boolean;
  size?: number;
}) {
  // Whether this one download is running is the button's own view state.
  const [downloading, setDownloading] = useState(false);
  const download = () => {
    setDownloading(true);
    const file = `gatepass-${ticket.ticketName.replace(/[^\w-]+/g, '-').toLowerCase()}-${ticket.ticketId.slice(0, 8)}.pdf`;
    downloadTicketPdf(ticket.code, file)
      .catch((error: Error) => notify.error(`Could not download the ticket: ${error.message}`))
      .finally(() => setDownloading(false));
  };
  return (
    <li className={styles.ticket}>
      <div className={styles.qrFrame}>
        <TicketQr
          code={ticket.code}
          label={`QR code of the ${ticket.ticketName} ticket for ${ticket.attendeeName}`}
          size={size}
        />
      </div>
      <p className={styles.reference} data-testid="ticket-reference">
        <span className={styles.referenceLabel}>Reference (if the QR will not scan)</span>
        {formatTicketReference(ticket.reference)}
      </p>
      <p className={styles.ticketName}>{ticket.ticketName}</p>
      <p className={styles.attendee}>{ticket.attendeeName}</p>
      {testMode && <span className={styles.mark({ tone: 'test' })}>Test</span>}
      {ticket.revoked && <span className={styles.mark({ tone: 'revoked' })}>No longer valid</span>}
      {ticket.checkedInAt && <span className={styles.mark({ tone: 'checked' })}>Checked in</span>}
      <Button tone="secondary" size="sm" className={styles.noPrint} busy={downloading} onClick={download}>
        Download PDF
      </Button>
    </li>
  );
}
