import type { TicketView } from '../../contract/orders';
import { Button } from '../ui/Button';
import { notify } from '../ui/notify';
import * as styles from './tickets.css';

/** A ticket's check link (decision 058): shows a would-be buyer it is valid and unused, and admits no one. */
export const checkLinkUrl = (token: string, origin = window.location.origin) => `${origin}/t#check=${token}`;

export function CheckLink({ ticket }: { ticket: TicketView }) {
  const token = ticket.live?.checkToken;
  if (!token || ticket.revoked || ticket.past || !ticket.live?.mayBind) return null;
  const url = checkLinkUrl(token);
  const copy = () =>
    navigator.clipboard
      .writeText(url)
      .then(() => notify.success('Check link copied'))
      .catch(() => notify.error('Could not copy: select the link and copy it.'));
  return (
    <section className={[styles.changes, styles.noPrint].join(' ')} aria-labelledby="check-link-title">
      <h2 id="check-link-title" className={styles.changesTitle}>
        Selling or giving it away?
      </h2>
      <p className={styles.changesNote}>
        Send this check link first: it shows the ticket is valid and unused without giving it away. Then
        transfer the ticket to their email; never send a screenshot.
      </p>
      <p className={styles.changesNote}>
        <a href={url} data-testid="check-link">
          {url}
        </a>
      </p>
      <div className={styles.cardActions}>
        <Button tone="secondary" size="sm" onClick={copy}>
          Copy check link
        </Button>
      </div>
    </section>
  );
}
