import { useActorRef, useSelector } from '@xstate/react';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { fromPromise } from 'xstate';
import type { GuestRow } from '../../../contract/organiser';
import { formatTicketReference } from '../../../contract/ticketReference';
import { orderRefundMachine, type RefundDraft } from '../../../machines/orderRefund.machine';
import { quoteRefund, refundOrder } from '../../api/organiser';
import { Button } from '../../ui/Button';
import { FormAlert } from '../../ui/Field';
import * as fields from '../../ui/field.css';
import { notifyAction } from '../../ui/notify';
import * as styles from '../organiser.css';
import * as own from './guestlist.css';

const machine = orderRefundMachine.provide({
  actors: { refund: fromPromise(({ input }) => refundOrder(input)) },
  actions: { notify: notifyAction },
});

export type RefundActor = ReturnType<typeof useRefundActor>;

const labelOf = (row: GuestRow) => `${row.ticketName} for ${row.purchasedBy} (${row.orderNumber})`;

/**
 * "Refund" on one Guestlist line (decision 044): the seats to refund (their price, less their share
 * of the discount, is refunded) or an amount, and the reason the buyer reads in the email; reviewed,
 * then confirmed. The flow is orderRefundMachine's; `onRefunded` reloads the list. The button sits in
 * the line's last cell; the panel in a full-width row under it (GuestlistLine).
 */
export function useRefundActor(row: GuestRow, onRefunded: () => void) {
  // The list's reload is stable for the tab's life, so the first machine provided is the one kept.
  return useActorRef(machine.provide({ actions: { refunded: onRefunded } }), {
    input: { orderId: row.orderId },
  });
}

export function RefundButton({ actor, row }: { actor: RefundActor; row: GuestRow }) {
  const open = useSelector(actor, (s) => !s.matches('closed'));
  return (
    <Button
      tone="ghost"
      size="sm"
      aria-expanded={open}
      onClick={() => actor.send({ type: open ? 'close' : 'open' })}
      aria-label={`Refund ${labelOf(row)}`}
    >
      Refund
    </Button>
  );
}

/**
 * The review's amount for a refund by seats, quoted by the server with the refund's own rule
 * (decision 055): `undefined` while it is asked, `null` when it could not be (the review then says how
 * the amount is worked out). A read for the words on screen only: the refund itself does not wait for it.
 */
function useRefundQuote(orderId: string, tickets: string[] | undefined): number | null | undefined {
  const [amount, setAmount] = useState<number | null | undefined>(undefined);
  const seats = tickets?.join(',') ?? '';
  useEffect(() => {
    if (seats === '') return;
    let current = true;
    setAmount(undefined);
    quoteRefund(orderId, seats.split(',')).then(
      (q) => current && setAmount(q.amountNaira),
      () => current && setAmount(null),
    );
    return () => {
      current = false;
    };
  }, [orderId, seats]);
  return amount;
}

const naira = (n: number) => `₦${n.toLocaleString('en-NG')}`;

/** The form, then the review; mounted only while open, so each opening starts blank. */
export function RefundPanel({ actor, row }: { actor: RefundActor; row: GuestRow }) {
  const state = useSelector(actor, (s) => s.value);
  const error = useSelector(actor, (s) => s.context.error);
  const draft = useSelector(actor, (s) => s.context.draft);
  const [seats, setSeats] = useState<string[]>([]);
  const [byAmount, setByAmount] = useState(false);
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const ids = { amount: useId(), reason: useId() };
  const label = labelOf(row);
  const reviewing = state === 'confirming' || state === 'refunding';
  const quoted = useRefundQuote(row.orderId, reviewing ? draft?.tickets : undefined);

  function review(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const naira = Number(amount);
    if (byAmount && !(naira > 0)) return setProblem('Enter the amount to refund, in Naira.');
    if (!byAmount && seats.length === 0) return setProblem('Choose at least one ticket to refund.');
    if (reason.trim() === '') return setProblem('Say why: the buyer reads it in the email.');
    setProblem(null);
    const next: RefundDraft = byAmount
      ? { amountNaira: naira, reason: reason.trim() }
      : { tickets: seats, reason: reason.trim() };
    actor.send({ type: 'review', draft: next });
  }

  if (state === 'closed') return null;

  if (reviewing) {
    // The seats by the reference their holders read, so the organiser can check them before confirming.
    const references = row.tickets
      .filter((t) => draft?.tickets?.includes(t.id))
      .map((t) => formatTicketReference(t.reference))
      .join(', ');
    const price =
      quoted === undefined
        ? 'working out the amount…'
        : quoted === null
          ? 'their price less their share of any discount'
          : naira(quoted);
    const question = draft?.tickets
      ? `Refund ${draft.tickets.length} ${draft.tickets.length === 1 ? 'ticket' : 'tickets'} (${references}) to ${row.purchasedBy}: ${price}?`
      : `Refund ${naira(draft?.amountNaira ?? 0)} to ${row.purchasedBy}?`;
    return (
      <section className={own.refund} aria-label={`Confirm the refund of ${label}`}>
        <p>
          <span data-testid="refund-question">{question}</span> Refunded tickets stop working at the door. The
          buyer is emailed: “{draft?.reason}”
        </p>
        <div className={styles.actions}>
          <Button tone="danger" busy={state === 'refunding'} onClick={() => actor.send({ type: 'confirm' })}>
            Confirm refund
          </Button>
          <Button tone="ghost" disabled={state === 'refunding'} onClick={() => actor.send({ type: 'back' })}>
            Back
          </Button>
        </div>
      </section>
    );
  }

  return (
    <form className={own.refund} aria-label={`Refund ${label}`} onSubmit={review} noValidate>
      <FormAlert tone="error">{problem ?? error}</FormAlert>
      <fieldset className={own.refundChoice}>
        <legend className={fields.label}>Refund</legend>
        <label className={fields.checkboxRow}>
          <input
            type="radio"
            name="by"
            className={fields.checkbox}
            checked={!byAmount}
            onChange={() => setByAmount(false)}
          />
          <span>Some tickets</span>
        </label>
        <label className={fields.checkboxRow}>
          <input
            type="radio"
            name="by"
            className={fields.checkbox}
            checked={byAmount}
            onChange={() => setByAmount(true)}
          />
          <span>An amount</span>
        </label>
      </fieldset>
      {byAmount ? (
        <div className={fields.field}>
          <label htmlFor={ids.amount} className={fields.label}>
            Amount (₦)
          </label>
          <input
            id={ids.amount}
            inputMode="decimal"
            className={fields.input}
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
          />
        </div>
      ) : (
        <fieldset className={own.refundChoice}>
          <legend className={fields.label}>Tickets to refund</legend>
          {row.tickets.map((t, seat) => (
            <label key={t.id} className={fields.checkboxRow}>
              <input
                type="checkbox"
                className={fields.checkbox}
                checked={seats.includes(t.id)}
                onChange={(e) =>
                  setSeats((was) => (e.target.checked ? [...was, t.id] : was.filter((x) => x !== t.id)))
                }
              />
              <span>
                Seat {seat + 1}: {t.attendeeName} · {formatTicketReference(t.reference)}
                {t.checkedInAt ? ' (checked in)' : ''}
              </span>
            </label>
          ))}
        </fieldset>
      )}
      <div className={fields.field}>
        <label htmlFor={ids.reason} className={fields.label}>
          Reason (the buyer reads it)
        </label>
        <textarea
          id={ids.reason}
          className={fields.textarea}
          maxLength={500}
          rows={2}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
      </div>
      <div className={styles.actions}>
        <Button type="submit" tone="secondary">
          Review refund
        </Button>
        <Button tone="ghost" onClick={() => actor.send({ type: 'close' })}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
