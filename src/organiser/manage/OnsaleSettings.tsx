import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import type { WaitingRoomMode } from '../../../contract/onsale';
import { onsaleSettingsMachine } from '../../../machines/onsaleSettings.machine';
import { fetchOnsaleSettings, saveOnsaleSettings } from '../../api/onsale';
import { Button } from '../../ui/Button';
import { FormAlert, TextField } from '../../ui/Field';
import * as field from '../../ui/field.css';
import { notifyAction } from '../../ui/notify';
import * as styles from '../organiser.css';

const machine = onsaleSettingsMachine.provide({
  actors: {
    load: fromPromise(({ input }) => fetchOnsaleSettings(input.eventId)),
    save: fromPromise(({ input }) => saveOnsaleSettings(input.eventId, input.settings)),
  },
  actions: { notify: notifyAction },
});

const MODES: { value: WaitingRoomMode; label: string }[] = [
  { value: 'auto', label: 'Automatic (on for big events)' },
  { value: 'on', label: 'On' },
  { value: 'off', label: 'Off' },
];

/**
 * 'On-sale time and waiting room' on the Tickets tab (decision 059): when tickets go on sale and
 * whether buyers queue for a fair turn first. The flow is machines/onsaleSettings.machine.ts.
 */
export function OnsaleSettings({ eventId }: { eventId: string }) {
  const actor = useActorRef(machine, { input: { eventId } });
  const values = useSelector(actor, (s) => s.context.values);
  const errors = useSelector(actor, (s) => s.context.errors);
  const formError = useSelector(actor, (s) => s.context.formError);
  const settings = useSelector(actor, (s) => s.context.settings);
  const saving = useSelector(actor, (s) => s.matches('saving'));
  const failed = useSelector(actor, (s) => s.matches('loadFailed'));
  const rate = settings?.admitPerSecond ?? settings?.deploymentAdmitPerSecond ?? null;
  return (
    <section className={styles.card} aria-labelledby="onsale-title">
      <h2 id="onsale-title" className={styles.subtitle}>
        On-sale time and waiting room
      </h2>
      <p className={styles.note}>
        For a big on-sale, a waiting room gives everyone a fair turn: people who arrive before the on-sale
        time get a place drawn at random (arriving early is no advantage), later arrivals queue in order, and
        buyers are let in to checkout a few at a time.
      </p>
      <FormAlert tone="error">{formError}</FormAlert>
      {failed && (
        <Button tone="secondary" onClick={() => actor.send({ type: 'load.retry' })}>
          Try again
        </Button>
      )}
      {settings && (
        <form
          noValidate
          className={field.form}
          onSubmit={(e) => {
            e.preventDefault();
            actor.send({ type: 'form.submit' });
          }}
        >
          <TextField
            label="Tickets go on sale at (Lagos time, optional)"
            type="datetime-local"
            value={values.opensAt}
            error={errors.opensAt}
            disabled={saving}
            onValueChange={(value) => actor.send({ type: 'field.change', name: 'opensAt', value })}
          />
          <div className={field.field}>
            <label htmlFor="onsale-room" className={field.label}>
              Waiting room
            </label>
            <select
              id="onsale-room"
              className={field.input}
              value={values.waitingRoom}
              disabled={saving}
              onChange={(e) => actor.send({ type: 'room.set', mode: e.target.value as WaitingRoomMode })}
            >
              {MODES.map((m) => (
                <option key={m.value} value={m.value}>
                  {m.label}
                </option>
              ))}
            </select>
          </div>
          <TextField
            label="Buyers let in per second (optional)"
            inputMode="numeric"
            value={values.rate}
            error={errors.rate}
            disabled={saving}
            onValueChange={(value) => actor.send({ type: 'field.change', name: 'rate', value })}
          />
          <p className={styles.note}>
            {settings.roomOn ? 'The waiting room is on' : 'The waiting room is off'}
            {settings.seats !== null
              ? ` (${settings.seats.toLocaleString('en-NG')} seats; automatic turns it on above ${settings.autoSeats.toLocaleString('en-NG')}).`
              : '.'}{' '}
            {rate !== null &&
              `${rate} ${rate === 1 ? 'buyer is' : 'buyers are'} let in each second${settings.admitPerSecond === null ? ' (the default)' : ''}.`}{' '}
            {settings.queued > 0 && `${settings.queued.toLocaleString('en-NG')} in the queue so far.`}
          </p>
          <div className={styles.actions}>
            <Button type="submit" busy={saving}>
              Save
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}
