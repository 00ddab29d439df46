import { useRouter } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import type { FormEvent } from 'react';
import { fromPromise } from 'xstate';
import { dateName, MAX_REPEAT_WEEKS } from '../../../contract/eventDates';
import { eventDatesMachine } from '../../../machines/eventDates.machine';
import { addEventDates, copyTypesToDates, fetchOrganiserDates, removeEventDate } from '../../api/eventDates';
import { Button } from '../../ui/Button';
import { FormAlert, TextField } from '../../ui/Field';
import * as fields from '../../ui/field.css';
import { notifyAction } from '../../ui/notify';
import * as rows from '../../ui/rowList.css';
import * as styles from '../organiser.css';
import * as local from './DatesEditor.css';

const machine = eventDatesMachine.provide({
  actors: {
    load: fromPromise(({ input }) => fetchOrganiserDates(input)),
    add: fromPromise(({ input }) => addEventDates(input)),
    remove: fromPromise(({ input }) => removeEventDate(input)),
    copy: fromPromise(({ input }) => copyTypesToDates(input)),
  },
  actions: { notify: notifyAction },
});

/**
 * 'Dates' on the Tickets tab (decision 046): an event that runs more than once lists its dates,
 * adds one (or one a week), removes one that has no sales, and copies its ticket types onto every
 * date so each date sells from its own stock.
 */
export function DatesEditor({ eventId }: { eventId: string }) {
  const router = useRouter();
  const actor = useActorRef(
    machine.provide({ actions: { ticketsChanged: () => void router.invalidate() } }),
    { input: { eventId } },
  );
  const c = useSelector(actor, (s) => s.context);
  const loading = useSelector(actor, (s) => s.matches('loading'));
  const failed = useSelector(actor, (s) => s.matches('failed'));
  const adding = useSelector(actor, (s) => s.matches({ ready: 'adding' }));
  const copying = useSelector(actor, (s) => s.matches({ ready: 'copying' }));
  const busy = useSelector(actor, (s) => s.matches('ready') && !s.matches({ ready: 'idle' }));
  const change = (name: 'date' | 'startTime' | 'endTime' | 'label' | 'repeatWeeks') => (value: string) =>
    actor.send({ type: 'field.change', name, value });
  function submit(e: FormEvent) {
    e.preventDefault();
    actor.send({ type: 'form.submit' });
  }
  const { dates, undatedTypes } = c.list;
  return (
    <section className={`${styles.card} ${local.column}`} aria-labelledby="dates-title">
      <h2 id="dates-title" className={styles.subtitle}>
        Dates
      </h2>
      <p className={styles.note}>
        For an event that runs more than once — a weekly meetup, a 3-night run. Each date sells its own
        tickets and has its own check-in. Buyers pick a date on the event page.
      </p>
      {loading && <p className={styles.note}>Loading dates…</p>}
      {failed && (
        <div className={styles.actionsSpread}>
          <FormAlert tone="error">{c.formError}</FormAlert>
          <Button tone="secondary" onClick={() => actor.send({ type: 'retry' })}>
            Try again
          </Button>
        </div>
      )}
      {!loading && !failed && (
        <>
          {dates.length > 0 && (
            <ul className={rows.list} aria-label="Dates">
              {dates.map((d) => (
                <li key={d._id} className={rows.row}>
                  <div>
                    <p>
                      <strong>{dateName(d)}</strong> · {d.startTime}–{d.endTime}
                    </p>
                    <p className={styles.note}>
                      {d.ticketTypes.length === 0
                        ? 'No ticket types yet'
                        : d.ticketTypes.map((t) => `${t.ticketName} (${t.sold} sold)`).join(', ')}
                    </p>
                  </div>
                  <Button
                    size="sm"
                    tone="ghost"
                    aria-label={`Remove ${dateName(d)}`}
                    disabled={busy || d.sold > 0}
                    busy={c.removingId === d._id}
                    onClick={() => actor.send({ type: 'date.remove', dateId: d._id })}
                  >
                    {d.sold > 0 ? 'Has sales' : 'Remove'}
                  </Button>
                </li>
              ))}
            </ul>
          )}
          {dates.length > 0 && (
            <div className={styles.actionsSpread}>
              <p className={styles.note}>
                {undatedTypes > 0
                  ? `${undatedTypes} ticket type${undatedTypes === 1 ? ' is' : 's are'} not tied to a date yet (valid on any date).`
                  : 'Every ticket type belongs to a date.'}
              </p>
              <Button
                tone="secondary"
                className={local.wrapping}
                busy={copying}
                disabled={busy}
                onClick={() => actor.send({ type: 'tickets.copy' })}
              >
                Copy ticket types to every date
              </Button>
            </div>
          )}
          <form className={fields.form} noValidate onSubmit={submit} aria-label="Add a date">
            <FormAlert tone="error">{c.formError}</FormAlert>
            <div className={fields.row}>
              <TextField
                label="Date"
                type="date"
                requiredMark
                value={c.values.date}
                error={c.errors.date}
                disabled={busy}
                onValueChange={change('date')}
              />
              <TextField
                label="Label (optional)"
                placeholder="Night 2"
                value={c.values.label}
                error={c.errors.label}
                disabled={busy}
                onValueChange={change('label')}
              />
            </div>
            <div className={fields.row}>
              <TextField
                label="Starts"
                type="time"
                requiredMark
                value={c.values.startTime}
                error={c.errors.startTime}
                disabled={busy}
                onValueChange={change('startTime')}
              />
              <TextField
                label="Ends"
                type="time"
                requiredMark
                value={c.values.endTime}
                error={c.errors.endTime}
                disabled={busy}
                onValueChange={change('endTime')}
              />
              <TextField
                label="Repeat weekly for (weeks)"
                type="number"
                min={1}
                max={MAX_REPEAT_WEEKS}
                inputMode="numeric"
                value={c.values.repeatWeeks}
                error={c.errors.repeatWeeks}
                disabled={busy}
                onValueChange={change('repeatWeeks')}
              />
            </div>
            <p className={styles.note}>
              1 adds just this date; 4 adds it and the same day for the next 3 weeks. A date that ends before
              it starts runs past midnight.
            </p>
            <div className={styles.actions}>
              <Button type="submit" busy={adding} disabled={busy && !adding}>
                Add date
              </Button>
            </div>
          </form>
        </>
      )}
    </section>
  );
}
