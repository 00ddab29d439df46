import { useSelector } from '@xstate/react';
import type { FormEvent } from 'react';
import { Button } from '../../ui/Button';
import { FormAlert } from '../../ui/Field';
import { EventDetailsFields } from '../EventDetailsFields';
import * as styles from '../organiser.css';
import type { WizardActor } from '../WizardPage';

/** Step 1: the event's details; Proceed creates the draft (or saves it, coming back with Back). */
export function DetailsStep({ actor }: { actor: WizardActor }) {
  const values = useSelector(actor, (s) => s.context.values);
  const errors = useSelector(actor, (s) => s.context.errors);
  const formError = useSelector(actor, (s) => s.context.formError);
  const saving = useSelector(actor, (s) => s.matches({ details: 'saving' }));
  const existing = useSelector(actor, (s) => s.context.event !== null);

  function submit(e: FormEvent) {
    e.preventDefault();
    actor.send({ type: 'details.submit' });
  }
  return (
    <form className={styles.card} onSubmit={submit} noValidate aria-label="Event details">
      <h2 className={styles.subtitle}>Event details</h2>
      <FormAlert tone="error">{formError}</FormAlert>
      <EventDetailsFields
        values={values}
        errors={errors}
        disabled={saving}
        onChange={(name, value) => actor.send({ type: 'field.change', name, value })}
      />
      <div className={styles.actions}>
        <Button tone="secondary" onClick={() => actor.send({ type: 'details.cancel' })} disabled={saving}>
          Cancel
        </Button>
        <Button type="submit" busy={saving}>
          {existing ? 'Save and continue' : 'Proceed'}
        </Button>
      </div>
    </form>
  );
}
