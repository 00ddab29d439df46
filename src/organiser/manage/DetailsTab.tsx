import { useRouter } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import type { FormEvent } from 'react';
import { fromPromise } from 'xstate';
import type { OrganiserEvent } from '../../../contract/organiser';
import { eventDetailsEditMachine } from '../../../machines/eventDetailsEdit.machine';
import { updateEvent } from '../../api/organiser';
import { Button } from '../../ui/Button';
import { FormAlert } from '../../ui/Field';
import { notifyAction } from '../../ui/notify';
import { EventDetailsFields } from '../EventDetailsFields';
import * as styles from '../organiser.css';

/** The Details tab: the step-1 form with Save (really saves) and Cancel (discards the edits). */
export function DetailsTab({ event }: { event: OrganiserEvent }) {
  const router = useRouter();
  const actor = useActorRef(
    eventDetailsEditMachine.provide({
      actors: {
        saveEvent: fromPromise(async ({ input }) => (await updateEvent(input.eventId, input.body)).event),
      },
      actions: {
        notify: notifyAction,
        refresh: () => void router.invalidate(),
      },
    }),
    { input: { event } },
  );
  const values = useSelector(actor, (s) => s.context.values);
  const errors = useSelector(actor, (s) => s.context.errors);
  const formError = useSelector(actor, (s) => s.context.formError);
  const saving = useSelector(actor, (s) => s.matches('saving'));
  function submit(e: FormEvent) {
    e.preventDefault();
    actor.send({ type: 'form.submit' });
  }
  return (
    <form className={styles.card} onSubmit={submit} noValidate aria-label="Event details">
      <FormAlert tone="error">{formError}</FormAlert>
      <EventDetailsFields
        values={values}
        errors={errors}
        disabled={saving}
        onChange={(name, value) => actor.send({ type: 'field.change', name, value })}
      />
      <div className={styles.actions}>
        <Button tone="secondary" disabled={saving} onClick={() => actor.send({ type: 'form.cancel' })}>
          Cancel
        </Button>
        <Button type="submit" busy={saving}>
          Save
        </Button>
      </div>
    </form>
  );
}
