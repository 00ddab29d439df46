import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { quantityOptions } from '../../machines/checkout/selection';
import { waitlistJoinMachine } from '../../machines/waitlistJoin.machine';
import { fetchMyWaitlist, joinWaitlist, leaveWaitlist } from '../api/waitlist';
import { Button, ButtonLink } from '../ui/Button';
import { FormAlert } from '../ui/Field';
import * as base from './checkout.css';
import * as styles from './WaitlistJoin.css';

const provided = waitlistJoinMachine.provide({
  actors: {
    loadEntry: fromPromise(({ input }) => fetchMyWaitlist(input.eventId)),
    join: fromPromise(({ input }) => joinWaitlist(input.ticketTypeId, input.quantity)),
    leave: fromPromise(({ input }) => leaveWaitlist(input.ticketTypeId)),
  },
});

const lagosTime = new Intl.DateTimeFormat('en-NG', {
  timeZone: 'Africa/Lagos',
  hour: '2-digit',
  minute: '2-digit',
});

/**
 * Under a sold-out ticket type: join its waiting list for 1–limit seats, see one's place, leave; once
 * offered, a link to pay for the held seats. The flow is machines/waitlistJoin.machine.ts (decision 042).
 */
export function WaitlistJoin(props: {
  eventId: string;
  ticketTypeId: string;
  ticketName: string;
  limit: number;
}) {
  const actor = useActorRef(provided, {
    input: { eventId: props.eventId, ticketTypeId: props.ticketTypeId, limit: props.limit },
  });
  const state = useSelector(actor, (s) => s.value);
  const quantity = useSelector(actor, (s) => s.context.quantity);
  // The server's limit once it has answered (it counts the type's stock), the page's until then.
  const limit = useSelector(actor, (s) => s.context.limit);
  const entry = useSelector(actor, (s) => s.context.entry);
  const error = useSelector(actor, (s) => s.context.error);
  const selectId = `wait-${props.ticketTypeId}`;
  const seats = (n: number) => (n === 1 ? '1 seat' : `${n} seats`);

  if (state === 'loading' || state === 'routing') return null;
  if (state === 'closed' && entry?.status !== 'expired' && entry?.status !== 'claimed' && !error) return null;
  return (
    <section className={styles.panel} aria-label={`Waiting list for ${props.ticketName}`}>
      <FormAlert tone="error">{error}</FormAlert>
      {state === 'loadFailed' && (
        <Button tone="secondary" onClick={() => actor.send({ type: 'load.retry' })}>
          Try again
        </Button>
      )}
      {(state === 'idle' || state === 'joining') && (
        <>
          <p className={styles.status}>
            Sold out. Join the waiting list and we will email you if seats come back.
          </p>
          <div className={styles.row}>
            <div className={styles.field}>
              <label htmlFor={selectId} className={base.small}>
                Seats wanted<span className={base.visuallyHiddenName}> of {props.ticketName}</span>
              </label>
              <select
                id={selectId}
                className={base.quantitySelect}
                value={quantity}
                disabled={state === 'joining'}
                onChange={(e) => actor.send({ type: 'quantity.change', quantity: Number(e.target.value) })}
              >
                {quantityOptions(limit)
                  .filter((n) => n > 0)
                  .map((n) => (
                    <option key={n} value={n}>
                      {n}
                    </option>
                  ))}
              </select>
            </div>
            <Button busy={state === 'joining'} onClick={() => actor.send({ type: 'join.submit' })}>
              Join the waiting list
            </Button>
          </div>
        </>
      )}
      {(state === 'waiting' || (state === 'leaving' && entry?.status === 'waiting')) && entry && (
        <div className={styles.row}>
          <p className={styles.status} role="status">
            You are number {entry.position} on the waiting list for {seats(entry.quantity)}.
          </p>
          <Button tone="secondary" busy={state === 'leaving'} onClick={() => actor.send({ type: 'leave' })}>
            Leave the waiting list
          </Button>
        </div>
      )}
      {(state === 'offered' || (state === 'leaving' && entry?.status === 'offered')) && entry?.orderId && (
        <div className={styles.row}>
          <p className={styles.status} role="status">
            {seats(entry.quantity)} held for you
            {entry.expiresAt ? ` until ${lagosTime.format(new Date(entry.expiresAt))}` : ''}.
          </p>
          <ButtonLink to="/orders/$orderId" params={{ orderId: entry.orderId }}>
            Pay for your seats
          </ButtonLink>
          <Button tone="secondary" busy={state === 'leaving'} onClick={() => actor.send({ type: 'leave' })}>
            Leave the waiting list
          </Button>
        </div>
      )}
      {state === 'closed' && entry?.status === 'expired' && (
        <p className={styles.status}>Your offer ended unclaimed and the seats went to the next person.</p>
      )}
      {state === 'closed' && entry?.status === 'claimed' && (
        <p className={styles.status}>You claimed your seats from the waiting list.</p>
      )}
    </section>
  );
}
