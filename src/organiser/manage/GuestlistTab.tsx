import { useNavigate } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { type FormEvent, useEffect, useId } from 'react';
import { fromPromise } from 'xstate';
import type { GuestlistCheckinFilter, GuestlistResponse } from '../../../contract/organiser';
import { guestlistMachine } from '../../../machines/guestlist.machine';
import { fetchGuestlist, fetchGuestlistCsv } from '../../api/organiser';
import { visuallyHidden } from '../../styles/layout.css';
import { Button } from '../../ui/Button';
import { FormAlert } from '../../ui/Field';
import * as fields from '../../ui/field.css';
import { notifyAction } from '../../ui/notify';
import { ScrollRegion } from '../../ui/ScrollRegion';
import * as styles from '../organiser.css';
import { GuestlistLine } from './GuestlistLine';
import * as own from './guestlist.css';
import { saveBlob } from './saveBlob';

const FILTERS: { value: GuestlistCheckinFilter | undefined; label: string }[] = [
  { value: undefined, label: 'All' },
  { value: 'in', label: 'Checked in' },
  { value: 'out', label: 'Not yet' },
];

const clock = new Intl.DateTimeFormat('en-NG', {
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  timeZone: 'Africa/Lagos',
});

const machine = guestlistMachine.provide({
  actors: {
    load: fromPromise(({ input }) => fetchGuestlist(input.eventId, input.filter)),
    exportCsv: fromPromise(async ({ input }) =>
      saveBlob(await fetchGuestlistCsv(input.eventId, input.filter), 'guestlist.csv'),
    ),
  },
  actions: {
    notify: notifyAction,
  },
});

/**
 * The Guestlist tab: counts, search (?q=) and check-in filter (?checkin=in|out) in the URL, the paid
 * orders with each ticket's check-in, and the CSV export of what is shown. The flow (the 30 s
 * refresh while the page is visible, Refresh, the export) is guestlistMachine's; the route's loader
 * brings the first list for each filter (ManageEventPage keys this tab on the filter).
 */
export function GuestlistTab({
  eventId,
  q,
  checkin,
  guestlist: first,
  canRefund = false,
}: {
  eventId: string;
  /** Refunds are money: the owner, a co-organiser or finance (decision 044), never the door. */
  canRefund?: boolean;
  q: string;
  checkin: GuestlistCheckinFilter | undefined;
  guestlist: GuestlistResponse;
}) {
  const navigate = useNavigate();
  const searchId = useId();
  const actor = useActorRef(machine, { input: { eventId, filter: { q, checkin }, guestlist: first } });
  const guestlist = useSelector(actor, (s) => s.context.guestlist);
  const updatedAt = useSelector(actor, (s) => s.context.updatedAt);
  const loadError = useSelector(actor, (s) => s.context.loadError);
  const refreshing = useSelector(actor, (s) => s.matches({ list: 'refreshing' }));
  const exporting = useSelector(actor, (s) => s.matches({ export: 'exporting' }));
  const asks = guestlist.answers.questions.length > 0;

  // The refresh pauses while the page is out of sight (another browser tab, a locked phone).
  useEffect(() => {
    const follow = () =>
      actor.send({ type: document.visibilityState === 'visible' ? 'page.visible' : 'page.hidden' });
    if (document.visibilityState !== 'visible') follow();
    document.addEventListener('visibilitychange', follow);
    return () => document.removeEventListener('visibilitychange', follow);
  }, [actor]);

  function show(next: { q?: string; checkin?: GuestlistCheckinFilter }) {
    void navigate({
      to: '/profile-event/$tab/$eventId',
      params: { tab: 'Guestlist', eventId },
      search: { ...(next.q ? { q: next.q } : {}), ...(next.checkin ? { checkin: next.checkin } : {}) },
    });
  }

  function search(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    show({ q: String(new FormData(e.currentTarget).get('q') ?? '').trim(), checkin });
  }

  return (
    <section className={styles.card} aria-labelledby="guestlist-title">
      <div className={styles.actionsSpread}>
        <h2 id="guestlist-title" className={styles.subtitle}>
          Guestlist
        </h2>
        <div className={styles.actions}>
          <Button tone="ghost" busy={refreshing} onClick={() => actor.send({ type: 'refresh' })}>
            Refresh
          </Button>
          <Button tone="secondary" busy={exporting} onClick={() => actor.send({ type: 'export' })}>
            Export
          </Button>
        </div>
      </div>
      <FormAlert tone="error">{loadError}</FormAlert>
      <div className={styles.choiceGrid}>
        <p className={styles.readOnlyValue}>Orders: {guestlist.totals.orders}</p>
        <p className={styles.readOnlyValue}>Tickets: {guestlist.totals.tickets}</p>
        <p className={styles.readOnlyValue} data-testid="guestlist-checked-in">
          Checked in: {guestlist.totals.checkedIn}
        </p>
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
      <div className={own.toolbar}>
        <fieldset className={own.filters}>
          <legend className={visuallyHidden}>Show guests</legend>
          {FILTERS.map((f) => (
            <button
              key={f.label}
              type="button"
              className={own.filter}
              aria-pressed={checkin === f.value}
              onClick={() => show({ q, checkin: f.value })}
            >
              {f.label}
            </button>
          ))}
        </fieldset>
        <p className={styles.note} aria-live="polite">
          Updated {clock.format(updatedAt)} · refreshes every 30 s while open
        </p>
      </div>
      {guestlist.rows.length === 0 ? (
        <div className={styles.empty}>
          <strong>{emptyTitle(q, checkin)}</strong>
          <span>{emptyHint(q, checkin)}</span>
        </div>
      ) : (
        <ScrollRegion className={`${styles.tableWrap} ${own.wrap}`} label="Guestlist">
          <table className={`${styles.table} ${own.stacked}`}>
            <thead>
              <tr>
                <th scope="col">Ticket Name</th>
                <th scope="col">Quantity</th>
                <th scope="col">Purchased By</th>
                <th scope="col">Order Number</th>
                <th scope="col">Order Date</th>
                <th scope="col">Checked In</th>
                {asks && <th scope="col">Answers</th>}
                {canRefund && <th scope="col">Refund</th>}
              </tr>
            </thead>
            <tbody>
              {guestlist.rows.map((r) => (
                <GuestlistLine
                  key={`${r.orderId}-${r.ticketName}`}
                  row={r}
                  answers={asks ? guestlist.answers : null}
                  canRefund={canRefund}
                  columns={6 + (asks ? 1 : 0) + (canRefund ? 1 : 0)}
                  onRefunded={() => actor.send({ type: 'refresh' })}
                />
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
    </section>
  );
}

function emptyTitle(q: string, checkin: GuestlistCheckinFilter | undefined) {
  if (q) return 'No guests match your search';
  if (checkin === 'in') return 'Nobody is checked in yet';
  if (checkin === 'out') return 'Nobody left to check in';
  return 'No orders yet';
}

function emptyHint(q: string, checkin: GuestlistCheckinFilter | undefined) {
  if (q) return 'Try another name or order number.';
  if (checkin) return 'Guests appear here as the door scans their tickets.';
  return 'Guests appear here once they get tickets.';
}
