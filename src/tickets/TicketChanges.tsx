import { useNavigate } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import type { TicketView } from '../../contract/orders';
import { ticketHandoverMachine } from '../../machines/ticketHandover.machine';
import { correctTicketName, transferTicket } from '../api/ticketChanges';
import { formatEventDate, formatEventTime } from '../lib/datetime';
import { Button } from '../ui/Button';
import { FormAlert, TextField } from '../ui/Field';
import * as field from '../ui/field.css';
import { notifyAction } from '../ui/notify';
import { useFormFields } from '../ui/useFormFields';
import * as styles from './tickets.css';

type Values = { firstName: string; lastName: string; email: string };

/** "until Sat 14 March, 18:00" from the ISO instant changes close (Lagos wall clock). */
function closesLabel(iso: string): string {
  const lagos = new Date(new Date(iso).getTime() + 3_600_000).toISOString();
  const [date, time] = [lagos.slice(0, 10), lagos.slice(11, 16)];
  return `${formatEventDate(date)}, ${formatEventTime(date, time)}`;
}

/**
 * Under the ticket on its page (issue #23, decision 040): 'Transfer to someone else' and 'Correct
 * the name', as the rules in contract/ticketChanges.ts allow now; the flow is
 * machines/ticketHandover.machine.ts.
 */
export function TicketChanges({ ticket }: { ticket: TicketView }) {
  const navigate = useNavigate();
  const actor = useActorRef(
    ticketHandoverMachine.provide({
      actors: {
        transfer: fromPromise(({ input }) => transferTicket(input.code, input.to)),
        rename: fromPromise(async ({ input }) => {
          const answer = await correctTicketName(input.code, {
            firstName: input.firstName,
            lastName: input.lastName,
          });
          return { message: answer.message, code: answer.ticket.code };
        }),
      },
      actions: {
        notify: notifyAction,
        transferred: () => void navigate({ to: '/profile' }),
        renamed: (_, { code }) => void navigate({ to: '/tickets/$code', params: { code }, replace: true }),
      },
    }),
    { input: { code: ticket.code } },
  );
  const bind = useFormFields<Values>(actor);
  const state = useSelector(actor, (s) => s.value as string);
  const formError = useSelector(actor, (s) => s.context.formError);
  const to = useSelector(actor, (s) => s.context.values);
  if (ticket.transferRefusal && ticket.nameRefusal) {
    // Nothing can change: say why once, unless the ticket is simply no longer valid (its card says so).
    return ticket.revoked ? null : <p className={styles.changesNote}>{ticket.nameRefusal}</p>;
  }
  const [first, ...rest] = ticket.attendeeName.split(' ');
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    actor.send({ type: 'form.submit' });
  };
  return (
    <section className={[styles.changes, styles.noPrint].join(' ')} aria-labelledby="ticket-changes-title">
      <h2 id="ticket-changes-title" className={styles.changesTitle}>
        {state === 'renameForm' || state === 'renaming'
          ? 'Correct the name'
          : state === 'idle'
            ? 'Change this ticket'
            : 'Transfer this ticket'}
      </h2>
      {state === 'idle' && (
        <>
          <p className={styles.changesNote}>
            Changes are possible until {closesLabel(ticket.changesCloseAt)}. Each one issues a new ticket by
            email and the old QR code stops working.
          </p>
          {ticket.transferRefusal && <p className={styles.changesNote}>{ticket.transferRefusal}</p>}
          <div className={styles.cardActions}>
            {!ticket.transferRefusal && (
              <Button tone="secondary" onClick={() => actor.send({ type: 'transfer.open' })}>
                Transfer to someone else
              </Button>
            )}
            {!ticket.nameRefusal && (
              <Button
                tone="ghost"
                onClick={() =>
                  actor.send({ type: 'rename.open', firstName: first ?? '', lastName: rest.join(' ') })
                }
              >
                Correct the name
              </Button>
            )}
          </div>
        </>
      )}
      {state === 'transferForm' && (
        <form className={field.form} noValidate aria-label="Transfer this ticket" onSubmit={submit}>
          <p className={styles.changesNote}>Who should have this ticket? They get it by email.</p>
          <FormAlert tone="error">{formError}</FormAlert>
          <div className={field.row}>
            <TextField label="First name" autoComplete="off" {...bind('firstName')} />
            <TextField label="Last name" autoComplete="off" {...bind('lastName')} />
          </div>
          <TextField label="Their email" type="email" autoComplete="off" {...bind('email')} />
          <div className={styles.cardActions}>
            <Button tone="ghost" onClick={() => actor.send({ type: 'cancel' })}>
              Cancel
            </Button>
            <Button type="submit">Continue</Button>
          </div>
        </form>
      )}
      {(state === 'confirmTransfer' || state === 'transferring') && (
        <div role="alertdialog" aria-labelledby="transfer-question">
          <p id="transfer-question">
            Send this ticket to {to.firstName} {to.lastName} ({to.email})? Your copy stops working at once.
          </p>
          <div className={styles.cardActions}>
            <Button
              tone="secondary"
              disabled={state === 'transferring'}
              onClick={() => actor.send({ type: 'back' })}
            >
              Back
            </Button>
            <Button busy={state === 'transferring'} onClick={() => actor.send({ type: 'confirm' })}>
              Send the ticket
            </Button>
          </div>
        </div>
      )}
      {(state === 'renameForm' || state === 'renaming') && (
        <form className={field.form} noValidate aria-label="Correct the name" onSubmit={submit}>
          <FormAlert tone="error">{formError}</FormAlert>
          <div className={field.row}>
            <TextField label="First name" autoComplete="given-name" {...bind('firstName')} />
            <TextField label="Last name" autoComplete="family-name" {...bind('lastName')} />
          </div>
          <div className={styles.cardActions}>
            <Button
              tone="ghost"
              disabled={state === 'renaming'}
              onClick={() => actor.send({ type: 'cancel' })}
            >
              Cancel
            </Button>
            <Button type="submit" busy={state === 'renaming'}>
              Save the name
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}
