import { useMachine } from '@xstate/react';
import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import { type CashUpGroup, PAYMENT_METHOD_NAMES } from '../../../contract/boxOffice';
import { formatNaira } from '../../../contract/money';
import { cashUpMachine } from '../../../machines/cashUp.machine';
import { fetchCashUp, fetchCashUpCsv } from '../../api/organiser';
import { Button } from '../../ui/Button';
import { FormAlert } from '../../ui/Field';
import * as styles from '../organiser.css';
import { saveBlob } from './saveBlob';

const count = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/** One table of the cash-up: a row per device or staff member, a column per payment method. */
function CashUpTable({ title, groups }: { title: string; groups: CashUpGroup[] }) {
  return (
    <div className={styles.tableWrap}>
      <table className={`${styles.table} ${styles.cardsOnPhone}`} aria-label={title}>
        <thead>
          <tr>
            <th scope="col">{title}</th>
            {(['cash', 'transfer', 'pos'] as const).map((m) => (
              <th key={m} scope="col">
                {PAYMENT_METHOD_NAMES[m]}
              </th>
            ))}
            <th scope="col">Total</th>
          </tr>
        </thead>
        <tbody>
          {groups.map((g) => (
            <tr key={`${g.name}|${g.gate ?? ''}`}>
              <td data-label={title}>
                {g.name}
                {g.gate && g.gate !== g.name ? ` · ${g.gate}` : ''}
              </td>
              {g.methods.map((m) => (
                <td key={m.method} data-label={PAYMENT_METHOD_NAMES[m.method]}>
                  {m.sales === 0 ? '—' : `${formatNaira(m.amount)} (${count(m.tickets, 'ticket')})`}
                </td>
              ))}
              <td data-label="Total">
                {formatNaira(g.amount)} ({count(g.tickets, 'ticket')})
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * End of the night at the door (decision 062): what each device's till and each staff member
 * should hand over, by payment method, and the CSV for the books.
 */
export function CashUpPanel({ eventId }: { eventId: string }) {
  const machine = useMemo(
    () =>
      cashUpMachine.provide({
        actors: {
          loadCashUp: fromPromise(() => fetchCashUp(eventId)),
          downloadCsv: fromPromise(async () => saveBlob(await fetchCashUpCsv(eventId), 'cash-up.csv')),
        },
      }),
    [eventId],
  );
  const [s, send] = useMachine(machine);
  const c = s.context.cashUp;
  return (
    <section className={styles.card} aria-labelledby="cash-up-title" data-testid="cash-up">
      <h2 id="cash-up-title" className={styles.subtitle}>
        Door cash-up
      </h2>
      {s.context.error && <FormAlert tone="error">{s.context.error}</FormAlert>}
      {c && c.totals.sales === 0 && (
        <div className={styles.empty}>
          <strong>No door sales yet</strong>
          <span>Sales made on the door screen's Sell tab appear here once the device has synced.</span>
        </div>
      )}
      {c && c.totals.sales > 0 && (
        <>
          <div className={styles.choiceGrid} data-testid="cash-up-totals">
            {c.totals.methods.map((m) => (
              <p key={m.method} className={styles.readOnlyValue}>
                {PAYMENT_METHOD_NAMES[m.method]}: {formatNaira(m.amount)} ({count(m.sales, 'sale')})
              </p>
            ))}
            <p className={styles.readOnlyValue}>
              Total: {formatNaira(c.totals.amount)} · {count(c.totals.tickets, 'ticket')}
            </p>
          </div>
          <CashUpTable title="Device" groups={c.byDevice} />
          <CashUpTable title="Staff" groups={c.byStaff} />
        </>
      )}
      {c && c.heldSeats > 0 && (
        <p className={styles.note}>
          {count(c.heldSeats, 'seat')} {c.heldSeats === 1 ? 'is' : 'are'} still held by door devices: they go
          back on sale when each till is closed, or after 12 hours without a sync.
        </p>
      )}
      <div className={styles.choiceGrid}>
        <Button tone="secondary" busy={s.matches('loading')} onClick={() => send({ type: 'refresh' })}>
          Refresh
        </Button>
        <Button
          tone="secondary"
          busy={s.matches('downloading')}
          disabled={!c || c.totals.sales === 0}
          onClick={() => send({ type: 'download' })}
        >
          Download CSV
        </Button>
      </div>
    </section>
  );
}
