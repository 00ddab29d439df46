import { useRouter } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import type { FeeMode } from '../../../contract/events';
import type { OrganiserEvent } from '../../../contract/organiser';
import { feeSettingsMachine } from '../../../machines/feeSettings.machine';
import { saveFeeMode } from '../../api/organiser';
import { priceWithFees } from '../../events/priceLabel';
import { Button } from '../../ui/Button';
import { FormAlert } from '../../ui/Field';
import * as field from '../../ui/field.css';
import { notifyAction } from '../../ui/notify';
import * as styles from '../organiser.css';

const EXAMPLE = 10_000;

const CHOICES: { mode: FeeMode; label: string; note: string }[] = [
  {
    mode: 'buyer',
    label: 'Buyers pay the fee on top',
    note: `Every price shows it: a ₦10,000 ticket reads “${priceWithFees(EXAMPLE, 'buyer')}”, and you receive ₦10,000.`,
  },
  {
    mode: 'absorbed',
    label: 'Include the fee in my prices',
    note: `One all-in price: a ₦10,000 ticket reads “${priceWithFees(EXAMPLE, 'absorbed')}”, and the 1.5 % fee comes out of what you receive.`,
  },
];

/**
 * 'Who pays the service fee' on the Tickets tab (decision 066). The flow is
 * machines/feeSettings.machine.ts; orders already made keep the mode they were made with.
 */
export function FeeSettings({ event }: { event: OrganiserEvent }) {
  const router = useRouter();
  const actor = useActorRef(
    feeSettingsMachine.provide({
      actors: {
        save: fromPromise(async ({ input }) => saveFeeMode(input.eventId, input.feeMode)),
      },
      actions: { notify: notifyAction, saved: () => void router.invalidate() },
    }),
    { input: { eventId: event._id, feeMode: event.feeMode } },
  );
  const feeMode = useSelector(actor, (s) => s.context.feeMode);
  const saved = useSelector(actor, (s) => s.context.saved);
  const formError = useSelector(actor, (s) => s.context.formError);
  const saving = useSelector(actor, (s) => s.matches('saving'));
  return (
    <section className={styles.card} aria-labelledby="fee-settings-title">
      <h2 id="fee-settings-title" className={styles.subtitle}>
        Who pays the service fee
      </h2>
      <form
        noValidate
        className={field.form}
        onSubmit={(e) => {
          e.preventDefault();
          actor.send({ type: 'form.submit' });
        }}
      >
        <FormAlert tone="error">{formError}</FormAlert>
        <fieldset className={field.form} style={{ border: 0, padding: 0, margin: 0 }}>
          <legend className={styles.note}>
            Gatepass's fee is 1.5 % of each paid ticket. Free tickets carry none.
          </legend>
          {CHOICES.map((c) => (
            <div key={c.mode} className={field.checkboxRow}>
              <input
                id={`fee-mode-${c.mode}`}
                type="radio"
                name="fee-mode"
                className={field.checkbox}
                checked={feeMode === c.mode}
                disabled={saving}
                onChange={() => actor.send({ type: 'feeMode.set', feeMode: c.mode })}
                aria-describedby={`fee-mode-${c.mode}-note`}
              />
              <label htmlFor={`fee-mode-${c.mode}`}>
                <strong>{c.label}</strong>
                <span id={`fee-mode-${c.mode}-note`} className={field.hint} style={{ display: 'block' }}>
                  {c.note}
                </span>
              </label>
            </div>
          ))}
        </fieldset>
        <div className={styles.actions}>
          <Button type="submit" busy={saving} disabled={feeMode === saved}>
            Save
          </Button>
        </div>
      </form>
    </section>
  );
}
