import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import type { PayoutStatementResponse, StatementFigures } from '../../../contract/payoutStatement';
import { eventChartsMachine } from '../../../machines/eventCharts.machine';
import { fetchStatement, fetchStatementCsv } from '../../api/organiserCharts';
import { Button } from '../../ui/Button';
import { FormAlert } from '../../ui/Field';
import { notifyAction } from '../../ui/notify';
import { saveBlob } from '../manage/saveBlob';
import * as styles from './charts.css';
import { naira } from './format';

const machine = eventChartsMachine.provide({
  actors: {
    load: fromPromise(async ({ input }) => fetchStatement(input.eventId)),
    exportCsv: fromPromise(async ({ input }) =>
      saveBlob(await fetchStatementCsv(input.eventId), 'payout-statement.csv'),
    ),
  },
  actions: { notify: notifyAction },
});

type Line = { item: string; what: string; amount: string; total?: boolean };

/** The statement's lines, top to bottom: what buyers paid, then where it went (contract/payoutStatement.ts). */
function lines(f: StatementFigures): Line[] {
  const out: Line[] = [
    { item: 'Tickets at their price', what: 'Every order that took money', amount: naira(f.ticketsAtPrice) },
    { item: 'Discount codes', what: 'Given to buyers by your codes', amount: `− ${naira(f.discounts)}` },
    {
      item: 'Service fee',
      what: 'Paid by buyers on top of the tickets (none where your prices include it)',
      amount: `+ ${naira(f.serviceFees)}`,
    },
  ];
  if (f.otherPayments !== 0)
    out.push({
      item: 'Paid twice or for a changed order',
      what: 'Always given back: it is in the refunds below',
      amount: `+ ${naira(f.otherPayments)}`,
    });
  out.push(
    {
      item: 'Buyers paid',
      what: `${f.orders} ${f.orders === 1 ? 'order' : 'orders'}`,
      amount: naira(f.buyersPaid),
      total: true,
    },
    {
      item: 'Refunded to buyers',
      what: 'Asked of Paystack, whole or in part',
      amount: `− ${naira(f.refunded)}`,
    },
    {
      item: 'Gatepass service fee',
      what: '1.5 % of the tickets paid, on top or inside your prices; none on orders refunded whole',
      amount: `− ${naira(f.gatepassFee)}`,
    },
    {
      item: 'Promoter commission',
      what: 'Earned by your promoters',
      amount: `− ${naira(f.promoterCommission)}`,
    },
    {
      item: 'To you',
      what: 'Settled to your bank by Paystack’s split',
      amount: naira(f.toOrganiser),
      total: true,
    },
    {
      item: 'Paystack fee',
      what: `What Paystack kept of the payments, paid by Gatepass from its fee${
        f.paystackFeeUnrecorded > 0 ? ` (${f.paystackFeeUnrecorded} not reported)` : ''
      }`,
      amount: naira(f.paystackFee),
    },
  );
  return out;
}

function StatementTable({
  figures,
  caption,
  testId,
}: {
  figures: StatementFigures;
  caption: string;
  testId: string;
}) {
  return (
    <table className={styles.moneyTable} data-testid={testId}>
      <caption className={styles.caption} style={{ textAlign: 'left' }}>
        {caption}
      </caption>
      <thead>
        <tr>
          <th scope="col">Item</th>
          <th scope="col" className={styles.amount}>
            Amount
          </th>
        </tr>
      </thead>
      <tbody>
        {lines(figures).map((l) => (
          <tr key={l.item} className={l.total ? styles.totalRow : undefined}>
            <th scope="row">
              {l.item}
              <span className={styles.whatItIs}>{l.what}</span>
            </th>
            <td className={styles.amount}>{l.amount}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * The Sales tab's payout statement: where every Naira buyers paid for this event went, summed from
 * its orders on the server to the kobo, with the per-order CSV. Test-mode orders (no money moved)
 * are shown apart when the tab shows them.
 */
export function PayoutStatement({ eventId, withTest }: { eventId: string; withTest: boolean }) {
  const actor = useActorRef(machine, { input: { eventId, live: false } });
  const data = useSelector(actor, (s) => s.context.data);
  const loadError = useSelector(actor, (s) => s.context.loadError);
  const failed = useSelector(actor, (s) => s.matches({ data: 'failed' }));
  const exporting = useSelector(actor, (s) => s.matches({ export: 'exporting' }));
  const statement = data && 'live' in data ? (data as PayoutStatementResponse) : null;
  return (
    <section className={styles.section} aria-labelledby="payout-statement-title">
      <div className={styles.head}>
        <h3 id="payout-statement-title" className={styles.heading}>
          Payout statement
        </h3>
        <Button tone="secondary" size="sm" busy={exporting} onClick={() => actor.send({ type: 'export' })}>
          Download statement CSV
        </Button>
      </div>
      <FormAlert tone="error">{loadError}</FormAlert>
      {failed && (
        <Button tone="secondary" size="sm" onClick={() => actor.send({ type: 'retry' })}>
          Try again
        </Button>
      )}
      {!statement && !failed && <p className={styles.muted}>Loading the statement…</p>}
      {statement && (
        <>
          {statement.live.orders > 0 ? (
            <StatementTable figures={statement.live} caption="Real money" testId="statement-live" />
          ) : (
            <p className={styles.muted} data-testid="statement-live">
              No payments in real money yet.
            </p>
          )}
          {withTest && statement.test.orders > 0 && (
            <StatementTable
              figures={statement.test}
              caption="Test-mode orders (no money moved)"
              testId="statement-test"
            />
          )}
        </>
      )}
    </section>
  );
}
