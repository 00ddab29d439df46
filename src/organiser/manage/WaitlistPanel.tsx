import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { WAITLIST_OFFER_MINUTES, type WaitlistStatus } from '../../../contract/waitlist';
import { waitlistPanelMachine } from '../../../machines/waitlistPanel.machine';
import { fetchEventWaitlist, saveOfferMinutes, switchWaitlist } from '../../api/waitlist';
import { Button } from '../../ui/Button';
import { CheckboxField, FormAlert, TextField } from '../../ui/Field';
import * as field from '../../ui/field.css';
import { notifyAction } from '../../ui/notify';
import * as styles from '../organiser.css';
import * as css from './WaitlistPanel.css';

const machine = waitlistPanelMachine.provide({
  actors: {
    load: fromPromise(({ input }) => fetchEventWaitlist(input.eventId)),
    saveMinutes: fromPromise(({ input }) => saveOfferMinutes(input.eventId, input.offerMinutes)),
    setSwitch: fromPromise(({ input }) => switchWaitlist(input.eventId, input.ticketTypeId, input.enabled)),
  },
  actions: { notify: notifyAction },
});

const STATUS: Record<WaitlistStatus, string> = {
  waiting: 'Waiting',
  offered: 'Offered',
  claimed: 'Claimed',
  expired: 'Offer expired',
  left: 'Left',
};

/**
 * 'Waiting list' on the Tickets tab (decision 042): per ticket type its switch and the people on
 * its list (position, seats, status), and how long an offer holds its seats. The flow is
 * machines/waitlistPanel.machine.ts.
 */
export function WaitlistPanel({ eventId }: { eventId: string }) {
  const actor = useActorRef(machine, { input: { eventId } });
  const list = useSelector(actor, (s) => s.context.list);
  const minutes = useSelector(actor, (s) => s.context.minutes);
  const minutesError = useSelector(actor, (s) => s.context.minutesError);
  const error = useSelector(actor, (s) => s.context.error);
  const failed = useSelector(actor, (s) => s.matches('failed'));
  const savingMinutes = useSelector(actor, (s) => s.matches('savingMinutes'));
  const switching = useSelector(actor, (s) => s.matches('switching'));
  return (
    <section className={styles.card} aria-labelledby="waitlist-title">
      <h2 id="waitlist-title" className={styles.subtitle}>
        Waiting list
      </h2>
      <p className={styles.note}>
        When a ticket sells out, signed-in guests can join its waiting list. Seats that come back are offered
        in order: the next person gets an email and the seats are held for them for the time below.
      </p>
      <FormAlert tone="error">{error}</FormAlert>
      {failed && (
        <Button tone="secondary" onClick={() => actor.send({ type: 'retry' })}>
          Try again
        </Button>
      )}
      {list && (
        <>
          <form
            noValidate
            className={field.form}
            onSubmit={(e) => {
              e.preventDefault();
              actor.send({ type: 'minutes.save' });
            }}
          >
            <TextField
              label="Minutes an offer holds the seats"
              inputMode="numeric"
              value={minutes}
              error={minutesError ?? undefined}
              disabled={savingMinutes}
              onValueChange={(value) => actor.send({ type: 'minutes.change', value })}
            />
            <p className={styles.note}>
              From {WAITLIST_OFFER_MINUTES.min} minutes to a day ({WAITLIST_OFFER_MINUTES.max});{' '}
              {WAITLIST_OFFER_MINUTES.default} by default.
            </p>
            <div className={styles.actions}>
              <Button type="submit" busy={savingMinutes}>
                Save offer time
              </Button>
            </div>
          </form>
          {list.types.map((type) => (
            <section
              key={type.ticketTypeId}
              className={css.type}
              aria-label={`Waiting list of ${type.ticketName}`}
            >
              <h3 className={css.typeName}>
                {type.ticketName}
                {type.soldOut && <span className={styles.note}> · sold out</span>}
              </h3>
              <CheckboxField
                label={`Waiting list for ${type.ticketName} on`}
                checked={type.enabled}
                disabled={switching}
                onCheckedChange={(on) =>
                  actor.send({ type: 'switch.set', ticketTypeId: type.ticketTypeId, enabled: on })
                }
              />
              {type.entries.length === 0 ? (
                <p className={styles.note}>Nobody is on this list.</p>
              ) : (
                <ol className={css.entries} aria-label={`People waiting for ${type.ticketName}`}>
                  {type.entries.map((entry) => (
                    <li key={`${entry.email}-${entry.createdAt}`} className={css.entry}>
                      <span className={css.position} title="Position">
                        {entry.position === null ? '—' : `#${entry.position}`}
                      </span>
                      <span className={css.who}>
                        <strong>{entry.name}</strong>
                        <span className={css.email}>{entry.email}</span>
                      </span>
                      <span className={css.status}>
                        {entry.quantity === 1 ? '1 seat' : `${entry.quantity} seats`}
                        <br />
                        {STATUS[entry.status]}
                      </span>
                    </li>
                  ))}
                </ol>
              )}
            </section>
          ))}
        </>
      )}
    </section>
  );
}
