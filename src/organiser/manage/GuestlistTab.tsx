import { useNavigate } from '@tanstack/react-router';
import { type FormEvent, useId, useState } from 'react';
import type { GuestlistResponse } from '../../../contract/organiser';
import { fetchGuestlistCsv } from '../../api/organiser';
import { Button } from '../../ui/Button';
import * as fields from '../../ui/field.css';
import { notify } from '../../ui/notify';
import * as styles from '../organiser.css';

const orderDate = new Intl.DateTimeFormat('en-NG', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Africa/Lagos',
});

/** Saves a blob under a file name (the API needs the bearer token, so a plain link cannot fetch it). */
function saveBlob(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** The Guestlist tab: counts, search (in the URL as ?q=), the paid orders, and the CSV export. */
export function GuestlistTab({
  eventId,
  q,
  guestlist,
}: {
  eventId: string;
  q: string;
  guestlist: GuestlistResponse;
}) {
  const navigate = useNavigate();
  const searchId = useId();
  const [exporting, setExporting] = useState(false);

  function search(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const value = String(new FormData(e.currentTarget).get('q') ?? '').trim();
    void navigate({
      to: '/profile-event/$tab/$eventId',
      params: { tab: 'Guestlist', eventId },
      search: value ? { q: value } : {},
    });
  }

  async function exportCsv() {
    setExporting(true);
    try {
      saveBlob(await fetchGuestlistCsv(eventId, q), 'guestlist.csv');
    } catch (error) {
      notify.error(`Export failed: ${error instanceof Error ? error.message : 'please try again.'}`);
    } finally {
      setExporting(false);
    }
  }

  return (
    <section className={styles.card} aria-labelledby="guestlist-title">
      <div className={styles.actionsSpread}>
        <h2 id="guestlist-title" className={styles.subtitle}>
          Guestlist
        </h2>
        <Button tone="secondary" busy={exporting} onClick={exportCsv}>
          Export
        </Button>
      </div>
      <div className={styles.choiceGrid}>
        <p className={styles.readOnlyValue}>Orders: {guestlist.totals.orders}</p>
        <p className={styles.readOnlyValue}>Tickets: {guestlist.totals.tickets}</p>
      </div>
      <form aria-label="Search guests" onSubmit={search} className={styles.searchRow}>
        <div className={`${fields.field} ${styles.grow}`}>
          <label htmlFor={searchId} className={fields.label}>
            Search guests
          </label>
          <input
            id={searchId}
            name="q"
            type="search"
            defaultValue={q}
            maxLength={100}
            placeholder="Name, email, order number or ticket"
            className={fields.input}
          />
        </div>
        <Button type="submit" tone="secondary">
          Search
        </Button>
      </form>
      {guestlist.rows.length === 0 ? (
        <div className={styles.empty}>
          <strong>{q ? 'No guests match your search' : 'No orders yet'}</strong>
          <span>{q ? 'Try another name or order number.' : 'Guests appear here once they get tickets.'}</span>
        </div>
      ) : (
        <div className={styles.tableWrap}>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">Ticket Name</th>
                <th scope="col">Quantity</th>
                <th scope="col">Purchased By</th>
                <th scope="col">Order Number</th>
                <th scope="col">Order Date</th>
              </tr>
            </thead>
            <tbody>
              {guestlist.rows.map((r) => (
                <tr key={`${r.orderId}-${r.ticketName}`}>
                  <td>{r.ticketName}</td>
                  <td>{r.quantity}</td>
                  <td>
                    {r.purchasedBy}
                    <br />
                    <span className={styles.note}>{r.email}</span>
                  </td>
                  <td>{r.orderNumber}</td>
                  <td>{orderDate.format(new Date(r.orderDate))}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
