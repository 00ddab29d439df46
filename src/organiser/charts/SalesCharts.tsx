import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import type { SalesChartsResponse } from '../../../contract/organiserCharts';
import { eventChartsMachine } from '../../../machines/eventCharts.machine';
import { fetchSalesCharts, fetchSalesCsv } from '../../api/organiserCharts';
import { Button } from '../../ui/Button';
import { FormAlert } from '../../ui/Field';
import { notifyAction } from '../../ui/notify';
import { ScrollRegion } from '../../ui/ScrollRegion';
import { saveBlob } from '../manage/saveBlob';
import * as table from '../organiser.css';
import * as styles from './charts.css';
import { count, dayText, dayTimeText, naira, nairaAxis } from './format';
import { MoneyBreakdown } from './MoneyBreakdown';
import { dailySeries, hourlySeries, salesRows } from './series';
import { TimeChart } from './TimeChart';
import { loadUplot } from './uplot';

const machine = eventChartsMachine.provide({
  actors: {
    // The figures and the chart library together: the charts draw once both are here.
    load: fromPromise(
      async ({ input }) => (await Promise.all([fetchSalesCharts(input.eventId), loadUplot()]))[0],
    ),
    exportCsv: fromPromise(async ({ input }) => saveBlob(await fetchSalesCsv(input.eventId), 'sales.csv')),
  },
  actions: { notify: notifyAction },
});

/**
 * The Sales tab's pictures (decision 039): tickets sold and revenue per day by ticket type, per hour
 * in the 48 hours before the event, with the discount codes' share, and the money. Each chart's
 * numbers are in a table beside it. `withTest` is the tab's 'Hide test-mode orders' choice.
 */
export function SalesCharts({ eventId, withTest }: { eventId: string; withTest: boolean }) {
  const actor = useActorRef(machine, { input: { eventId, live: false } });
  const data = useSelector(actor, (s) => s.context.data);
  const loadError = useSelector(actor, (s) => s.context.loadError);
  const failed = useSelector(actor, (s) => s.matches({ data: 'failed' }));
  const exporting = useSelector(actor, (s) => s.matches({ export: 'exporting' }));
  const charts = data && 'daily' in data ? data : null;
  return (
    <section className={styles.section} aria-labelledby="sales-charts-title">
      <div className={styles.head}>
        <h3 id="sales-charts-title" className={styles.heading}>
          Sales over time
        </h3>
        <Button tone="secondary" size="sm" busy={exporting} onClick={() => actor.send({ type: 'export' })}>
          Download sales CSV
        </Button>
      </div>
      <FormAlert tone="error">{loadError}</FormAlert>
      {failed && (
        <Button tone="secondary" size="sm" onClick={() => actor.send({ type: 'retry' })}>
          Try again
        </Button>
      )}
      {!charts && !failed && <p className={styles.muted}>Loading the charts…</p>}
      {charts && <Drawn charts={charts} withTest={withTest} />}
    </section>
  );
}

function Drawn({ charts, withTest }: { charts: SalesChartsResponse; withTest: boolean }) {
  const daily = useMemo(() => dailySeries(charts, withTest), [charts, withTest]);
  const hourly = useMemo(() => hourlySeries(charts, withTest), [charts, withTest]);
  const dailyRows = salesRows(charts, charts.daily, withTest);
  const hourlyRows = salesRows(charts, charts.hourly, withTest);
  return (
    <>
      {!daily || dailyRows.length === 0 ? (
        <p className={styles.muted}>No sales yet: the charts draw as guests buy.</p>
      ) : (
        <>
          <figure className={styles.figure}>
            <figcaption className={styles.caption}>Tickets sold per day, by ticket type</figcaption>
            <TimeChart
              label="Tickets sold per day, by ticket type (figures in the table below)"
              chart={daily.sold}
              format={count}
            />
          </figure>
          <figure className={styles.figure}>
            <figcaption className={styles.caption}>Revenue per day (tickets at price)</figcaption>
            <TimeChart
              label="Revenue per day (figures in the table below)"
              chart={daily.revenue}
              format={naira}
              axisFormat={nairaAxis}
            />
          </figure>
          <SalesTable
            summary="Per day as a table"
            testId="sales-daily-table"
            charts={charts}
            rows={dailyRows}
            when={dayText}
            whenLabel="Day"
          />
        </>
      )}
      {hourly && hourlyRows.length > 0 && (
        <figure className={styles.figure}>
          <figcaption className={styles.caption}>
            Tickets sold per hour, in the 48 hours before the event
          </figcaption>
          <TimeChart
            label="Tickets sold per hour before the event (figures in the table below)"
            chart={hourly}
            format={count}
          />
          <SalesTable
            summary="Per hour as a table"
            testId="sales-hourly-table"
            charts={charts}
            rows={hourlyRows}
            when={dayTimeText}
            whenLabel="Hour"
          />
        </figure>
      )}
      <MoneyBreakdown money={charts.money} withTest={withTest} />
    </>
  );
}

type Row = ReturnType<typeof salesRows>[number];

function SalesTable({
  summary,
  testId,
  charts,
  rows,
  when,
  whenLabel,
}: {
  summary: string;
  testId: string;
  charts: SalesChartsResponse;
  rows: Row[];
  when: (iso: string) => string;
  whenLabel: string;
}) {
  const total = (pick: (r: Row) => number) => Math.round(rows.reduce((n, r) => n + pick(r), 0) * 100) / 100;
  // A column for the box office only where the door sold (decision 062).
  const door = rows.some((r) => r.door > 0);
  return (
    <details className={styles.details}>
      <summary>{summary}</summary>
      <ScrollRegion className={table.tableWrap} label={summary}>
        <table className={`${table.table} ${table.cardsOnPhone}`} data-testid={testId}>
          <thead>
            <tr>
              <th scope="col">{whenLabel}</th>
              {charts.ticketTypes.map((t) => (
                <th key={t.ticketId} scope="col">
                  {t.ticketName}
                </th>
              ))}
              <th scope="col">Tickets</th>
              <th scope="col">With a discount code</th>
              {door && <th scope="col">At the door</th>}
              <th scope="col">Revenue</th>
              <th scope="col">Discount given</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.start}>
                <td data-label={whenLabel}>{when(r.start)}</td>
                {charts.ticketTypes.map((t, i) => (
                  <td key={t.ticketId} data-label={t.ticketName}>
                    {r.perType[i]}
                  </td>
                ))}
                <td data-label="Tickets">{r.sold}</td>
                <td data-label="With a discount code">{r.discounted}</td>
                {door && <td data-label="At the door">{r.door}</td>}
                <td data-label="Revenue">{naira(r.revenue)}</td>
                <td data-label="Discount given">{naira(r.discount)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <td data-label="">Total</td>
              {charts.ticketTypes.map((t, i) => (
                <td key={t.ticketId} data-label={t.ticketName}>
                  {total((r) => r.perType[i] ?? 0)}
                </td>
              ))}
              <td data-label="Tickets">{total((r) => r.sold)}</td>
              <td data-label="With a discount code">{total((r) => r.discounted)}</td>
              {door && <td data-label="At the door">{total((r) => r.door)}</td>}
              <td data-label="Revenue">{naira(total((r) => r.revenue))}</td>
              <td data-label="Discount given">{naira(total((r) => r.discount))}</td>
            </tr>
          </tfoot>
        </table>
      </ScrollRegion>
    </details>
  );
}
