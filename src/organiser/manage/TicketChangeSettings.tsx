import { useRouter } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import type { OrganiserEvent } from '../../../contract/organiser';
import { CLOSE_HOURS_MAX } from '../../../contract/ticketChanges';
import { ticketChangeSettingsMachine } from '../../../machines/ticketChangeSettings.machine';
import { saveTicketChanges } from '../../api/ticketChanges';
import { Button } from '../../ui/Button';
import { CheckboxField, FormAlert, TextField } from '../../ui/Field';
import * as field from '../../ui/field.css';
import { notifyAction } from '../../ui/notify';
import * as styles from '../organiser.css';

/**
 * 'Ticket transfers and name changes' on the Tickets tab (decision 040): whether holders may pass
 * their tickets on, and how long before the start they may transfer or correct a name. The flow is
 * machines/ticketChangeSettings.machine.ts.
 */
export function TicketChangeSettings({ event }: { event: OrganiserEvent }) {
  const router = useRouter();
  const actor = useActorRef(
    ticketChangeSettingsMachine.provide({
      actors: { save: fromPromise(({ input }) => saveTicketChanges(input.eventId, input.settings)) },
      actions: { notify: notifyAction, saved: () => void router.invalidate() },
    }),
    { input: { eventId: event._id, settings: event.ticketChanges } },
  );
  const values = useSelector(actor, (s) => s.context.values);
  const errors = useSelector(actor, (s) => s.context.errors);
  const formError = useSelector(actor, (s) => s.context.formError);
  const saving = useSelector(actor, (s) => s.matches('saving'));
  return (
    <section className={styles.card} aria-labelledby="ticket-changes-title">
      <h2 id="ticket-changes-title" className={styles.subtitle}>
        Ticket transfers and name changes
      </h2>
      <p className={styles.note}>
        Guests can correct the name on their ticket, and pass it to someone else by email. Each change issues
        a new QR code and the old one stops working at the door; the guest list shows every change.
      </p>
      <form
        noValidate
        className={field.form}
        onSubmit={(e) => {
          e.preventDefault();
          actor.send({ type: 'form.submit' });
        }}
      >
        <FormAlert tone="error">{formError}</FormAlert>
        <CheckboxField
          label="Guests may transfer their tickets"
          checked={values.transfersEnabled}
          disabled={saving}
          onCheckedChange={(on) => actor.send({ type: 'transfers.set', on })}
        />
        <TextField
          label="Close changes this many hours before the event starts"
          inputMode="numeric"
          value={values.closeHours}
          error={errors.closeHours}
          disabled={saving}
          onValueChange={(value) => actor.send({ type: 'field.change', name: 'closeHours', value })}
        />
        <p className={styles.note}>
          0 keeps changes open until the event starts; at most {CLOSE_HOURS_MAX} hours.
        </p>
        <CheckboxField
          label="Admit only the live code on the guest’s phone"
          checked={values.liveOnly}
          disabled={saving}
          onCheckedChange={(on) => actor.send({ type: 'liveOnly.set', on })}
        />
        <p className={styles.note}>
          A guest's ticket page shows a live QR code that changes every 30 seconds, so a screenshot of it
          stops working within a minute. Off (the default), the printed or PDF code also gets in, for guests
          without a smartphone; on, the door refuses printed codes and typed references, and staff can still
          admit a guest they find by name.
        </p>
        <div className={styles.actions}>
          <Button type="submit" busy={saving}>
            Save
          </Button>
        </div>
      </form>
    </section>
  );
}
