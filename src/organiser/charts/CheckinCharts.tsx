import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { fromPromise } from 'xstate';
import type { CheckinChartsResponse } from '../../../contract/organiserCharts';
import { eventChartsMachine } from '../../../machines/eventCharts.machine';
import { fetchCheckinCharts } from '../../api/organiserCharts';
import { visuallyHidden } from '../../styles/layout.css';
import { Button } from '../../ui/Button';
import { FormAlert } from '../../ui/Field';
import { ScrollRegion } from '../../ui/ScrollRegion';
import * as table from '../organiser.css';
import * as styles from './charts.css';
import { count, dayTimeText } from './format';
import { arrivalLines } from './series';
import { TimeChart } from './TimeChart';
import { loadUplot } from './uplot';

const machine = eventChartsMachine.provide({
  actors: {
    load: fromPromise(
      async ({ input }) => (await Promise.all([fetchCheckinCharts(input.eventId), loadUplot()]))[0],
    ),
  },
});

const test = (n: number) => (n > 0 ? ` (${n} test)` : '');

/**
 * The Check-in tab's pictures (decision 039): arrivals per 15 minutes at each gate, and checked in
 * beside sold per ticket type; loaded again every 15 s while the tab is open and in sight.
 * Each has its numbers in a table.
 */
export function CheckinCharts({ eventId }: { eventId: string }) {
  const actor = useActorRef(machine, { input: { eventId, live: true } });
  const data = useSelector(actor, (s) => s.context.data);
  const loadError = useSelector(actor, (s) => s.context.loadError);
  const failed = useSelector(actor, (s) => s.matches({ data: 'failed' }));
  const charts = data && 'arrivals' in data ? data : null;
  useEffect(() => {
    const follow = () =>
      actor.send({ type: document.visibilityState === 'visible' ? 'page.visible' : 'page.hidden' });
    if (document.visibilityState !== 'visible') follow();
    document.addEventListener('visibilitychange', follow);
    return () => document.removeEventListener('visibilitychange', follow);
  }, [actor]);
  return (
    <section className={`${styles.section} ${styles.card}`} aria-labelledby="checkin-charts-title">
      <h3 id="checkin-charts-title" className={styles.heading}>
        Arrivals
      </h3>
      <FormAlert tone="error">{loadError}</FormAlert>
      {failed && !charts && (
        <Button tone="secondary" size="sm" onClick={() => actor.send({ type: 'retry' })}>
          Try again
        </Button>
      )}
      {!charts && !failed && <p className={styles.muted}>Loading the charts…</p>}
      {charts && <Drawn charts={charts} />}
    </section>
  );
}

function Drawn({ charts }: { charts: CheckinChartsResponse }) {
  const arrivals = useMemo(() => arrivalLines(charts), [charts]);
  const rows = charts.arrivals;
  const most = Math.max(1, ...charts.perType.map((t) => t.sold));
  return (
    <>
      {rows.length === 0 ? (
        <p className={styles.muted}>Nobody is checked in yet: arrivals draw here as guests are scanned.</p>
      ) : (
        <figure className={styles.figure}>
          <figcaption className={styles.caption}>Check-ins per 15 minutes, by gate</figcaption>
          <TimeChart
            label="Check-ins per 15 minutes by gate (figures in the table below)"
            chart={arrivals}
            format={count}
          />
          <details className={styles.details}>
            <summary>Arrivals as a table</summary>
            <ScrollRegion className={table.tableWrap} label="Arrivals">
              <table className={`${table.table} ${table.cardsOnPhone}`} data-testid="arrivals-table">
                <thead>
                  <tr>
                    <th scope="col">From</th>
                    <th scope="col">Gate</th>
                    <th scope="col">Checked in</th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((a) => (
                    <tr key={`${a.start}|${a.gate}`}>
                      <td data-label="From">{dayTimeText(a.start)}</td>
                      <td data-label="Gate">{a.gate}</td>
                      <td data-label="Checked in">
                        {a.checkedIn}
                        {test(a.testCheckedIn)}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </ScrollRegion>
          </details>
        </figure>
      )}
      <figure className={styles.figure}>
        <figcaption className={styles.caption}>Checked in and sold, by ticket type</figcaption>
        <ScrollRegion className={table.tableWrap} label="Checked in and sold">
          <table className={`${table.table} ${table.cardsOnPhone}`} data-testid="checked-vs-sold">
            <thead>
              <tr>
                <th scope="col">Ticket</th>
                <th scope="col">Checked in</th>
                <th scope="col">Sold</th>
                <th scope="col">
                  <span className={visuallyHidden}>Picture</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {charts.perType.map((t) => (
                <tr key={t.ticketId}>
                  <td data-label="Ticket">{t.ticketName}</td>
                  <td data-label="Checked in">
                    {t.checkedIn}
                    {test(t.testCheckedIn)}
                  </td>
                  <td data-label="Sold">
                    {t.sold}
                    {test(t.testSold)}
                  </td>
                  <td className={styles.barCell}>
                    {/* Sold against the best-selling type; checked in inside it. */}
                    <div
                      className={styles.soldBar}
                      style={{ width: `${(100 * t.sold) / most}%` }}
                      aria-hidden="true"
                    >
                      <div
                        className={styles.inBar}
                        style={{ width: `${t.sold ? (100 * Math.min(t.checkedIn, t.sold)) / t.sold : 0}%` }}
                      />
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      </figure>
    </>
  );
}
