import type { IssuedTicket } from '../../contract/orders';
import * as styles from './checkout.css';

/**
 * An order's tables (decision 067): "Your table: Gold 3 — 10 tickets, one per guest", so the buyer
 * sees the number before scrolling through the guests' tickets. Nothing for an order without tables.
 */
export function TablesLine({ tickets }: { tickets: IssuedTicket[] }) {
  const tables = new Map<string, { name: string; number: number; guests: number; oneCode: boolean }>();
  for (const t of tickets) {
    if (!t.table || t.revoked) continue;
    const key = `${t.ticketId}:${t.table.number}`;
    const seen = tables.get(key) ?? {
      name: t.ticketName,
      number: t.table.number,
      guests: 0,
      oneCode: t.table.oneCode,
    };
    seen.guests += 1;
    tables.set(key, seen);
  }
  if (tables.size === 0) return null;
  return (
    <div className={styles.note} data-testid="order-tables">
      {[...tables.values()].map((t) => (
        <p key={`${t.name}-${t.number}`}>
          <strong>
            Your table: {t.name} {t.number}
          </strong>{' '}
          — {t.guests} tickets, one per guest.{' '}
          {t.oneCode
            ? 'The first ticket’s code admits the whole table.'
            : 'Open a ticket to put a guest’s name on it or send it to them.'}
        </p>
      ))}
    </div>
  );
}
