import { type ReactNode, useState } from 'react';
import type { IssuedTicket } from '../../contract/orders';
import { tableSeatLine } from '../../contract/tables';
import { formatTicketReference } from '../../contract/ticketReference';
import { downloadTicketPdf } from '../api/orders';
import { AnchorButton, Button } from '../ui/Button';
import { notify } from '../ui/notify';
import { TicketQr } from './TicketQr';
import { whatsappTicketUrl } from './ticketLink';
import * as styles from './tickets.css';

/**
 * One issued ticket: its QR, who it admits, its PDF (for a signed-in holder) and, given the event,
 * 'Send on WhatsApp' with the ticket's own link.
 */
export function TicketCard({
  ticket,
  testMode,
  size,
  event,
  canDownload = true,
  qr,
  liveOnly = false,
}: {
  ticket: IssuedTicket;
  testMode: boolean;
  size?: number;
  event?: { eventName: string; startDate: string };
  canDownload?: boolean;
  /** In place of the printed code's QR: the ticket page's live code (decision 058). */
  qr?: ReactNode;
  /** The event admits only live codes (decision 058): the typed reference is refused, so not offered. */
  liveOnly?: boolean;
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
      {qr ?? (
        <div className={styles.qrFrame}>
          <TicketQr
            code={ticket.code}
            label={`QR code of the ${ticket.ticketName} ticket for ${ticket.attendeeName}`}
            size={size}
          />
        </div>
      )}
      {!liveOnly && (
        <p className={styles.reference} data-testid="ticket-reference">
          <span className={styles.referenceLabel}>Reference (if the QR will not scan)</span>
          {formatTicketReference(ticket.reference)}
        </p>
      )}
      <p className={styles.ticketName}>{ticket.ticketName}</p>
      {ticket.table && (
        <p className={styles.attendee} data-testid="ticket-table">
          {tableSeatLine(ticket.table)}
          {ticket.table.oneCode && ` · this code admits the whole table`}
        </p>
      )}
      <p className={styles.attendee}>{ticket.attendeeName}</p>
      {testMode && <span className={styles.mark({ tone: 'test' })}>Test</span>}
      {ticket.revoked && <span className={styles.mark({ tone: 'revoked' })}>No longer valid</span>}
      {ticket.checkedInAt && <span className={styles.mark({ tone: 'checked' })}>Checked in</span>}
      <div className={[styles.cardActions, styles.noPrint].join(' ')}>
        {canDownload && (
          <Button tone="secondary" size="sm" busy={downloading} onClick={download}>
            Download PDF
          </Button>
        )}
        {event && !ticket.revoked && (
          <AnchorButton
            tone="secondary"
            size="sm"
            href={whatsappTicketUrl(ticket, event)}
            target="_blank"
            rel="noopener noreferrer"
          >
            Send on WhatsApp
          </AnchorButton>
        )}
      </div>
    </li>
  );
}
