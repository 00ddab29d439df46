import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { ticketCheckMachine } from '../../machines/ticketCheck.machine';
import { checkTicket } from '../api/ticketChanges';
import * as styles from '../checkout/checkout.css';
import { formatEventDate, formatEventTime } from '../lib/datetime';
import { Button } from '../ui/Button';
import * as ticketStyles from './tickets.css';

/**
 * /t#check=token (decision 058): whether a ticket someone offers you is real, unused and can be
 * transferred to you, without its code. What to do next is the point: ask for a transfer, never a
 * screenshot.
 */
export function TicketCheckPage({ token }: { token: string }) {
  const actor = useActorRef(
    ticketCheckMachine.provide({ actors: { check: fromPromise(({ input }) => checkTicket(input.token)) } }),
    { input: { token } },
  );
  const state = useSelector(actor, (s) => s.value as string);
  const check = useSelector(actor, (s) => s.context.check);
  const error = useSelector(actor, (s) => s.context.error);

  if (!check || state === 'gone')
    return (
      <main id="main" className={styles.page}>
        <header className={styles.header}>
          <p className={styles.eyebrow}>Ticket check</p>
          <h1 className={styles.title}>
            {state === 'gone'
              ? 'This check link does not work'
              : state === 'failed'
                ? 'Could not check the ticket'
                : 'Checking the ticket…'}
          </h1>
          {error && <p className={styles.meta}>{error}</p>}
        </header>
        {state === 'failed' && <Button onClick={() => actor.send({ type: 'refresh' })}>Try again</Button>}
      </main>
    );

  const good = check.valid && check.unused && check.transferRefusal === null;
  const rows: [string, boolean, string][] = [
    [
      'Valid',
      check.valid,
      check.valid ? 'Issued by Gatepass and paid for.' : 'Cancelled, refunded or replaced by a newer ticket.',
    ],
    [
      'Unused',
      check.unused,
      check.unused ? 'Nobody has entered with it yet.' : 'It has already been used at the door.',
    ],
    [
      'Transferable',
      check.transferRefusal === null,
      check.transferRefusal ?? 'Its holder can transfer it to you now.',
    ],
  ];
  return (
    <main id="main" className={styles.page}>
      <header className={styles.header}>
        <p className={styles.eyebrow}>Ticket check</p>
        <h1 className={styles.title}>{check.eventName}</h1>
        <p className={styles.meta}>
          {formatEventDate(check.startDate)} · {formatEventTime(check.startDate, check.startTime)} ·{' '}
          {check.ticketName}
        </p>
      </header>
      <section className={ticketStyles.changes} aria-labelledby="check-title">
        <h2 id="check-title" className={ticketStyles.changesTitle}>
          {good ? 'This ticket can be yours' : 'Do not pay for this ticket'}
        </h2>
        <ul className={ticketStyles.checkList}>
          {rows.map(([name, ok, text]) => (
            <li key={name} data-testid={`check-${name.toLowerCase()}`} data-ok={ok}>
              <strong>{ok ? `✓ ${name}` : `✗ Not ${name.toLowerCase()}`}</strong> — {text}
            </li>
          ))}
        </ul>
        <p className={ticketStyles.changesNote}>
          Ask the seller to transfer it to your email from their ticket page; do not accept a screenshot or a
          PDF.{' '}
          {check.liveRequired
            ? 'This event admits only the live code on the holder’s phone: a screenshot will not get in.'
            : 'A transferred ticket gets a new code, and the seller’s copy stops working.'}
        </p>
        <Button tone="secondary" size="sm" onClick={() => actor.send({ type: 'refresh' })}>
          Check again
        </Button>
      </section>
    </main>
  );
}
