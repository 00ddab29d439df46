import { useActorRef, useSelector } from '@xstate/react';
import type { FormEvent } from 'react';
import { fromPromise } from 'xstate';
import { formatNaira } from '../../../contract/money';
import type { OrganiserTicket } from '../../../contract/tickets';
import { type DiscountField, discountCodesMachine } from '../../../machines/discountCodes.machine';
import { deleteDiscount, fetchDiscounts, saveDiscount } from '../../api/organiser';
import { Button } from '../../ui/Button';
import { CheckboxField, FormAlert, TextField } from '../../ui/Field';
import * as fields from '../../ui/field.css';
import { notifyAction } from '../../ui/notify';
import { SelectField } from '../EventDetailsFields';
import * as styles from '../organiser.css';

const machine = discountCodesMachine.provide({
  actors: {
    load: fromPromise(({ input }) => fetchDiscounts(input.eventId)),
    save: fromPromise(({ input }) => saveDiscount(input)),
    remove: fromPromise(({ input }) => deleteDiscount(input)),
  },
  actions: {
    notify: notifyAction,
  },
});

/** 'Create discount codes' (decision 010): list, create, edit and delete the event's codes. */
export function DiscountCodes({ eventId, tickets }: { eventId: string; tickets: OrganiserTicket[] }) {
  const actor = useActorRef(machine, { input: { eventId } });
  const c = useSelector(actor, (s) => s.context);
  const loading = useSelector(actor, (s) => s.matches('loading'));
  const failed = useSelector(actor, (s) => s.matches('failed'));
  const saving = useSelector(actor, (s) => s.matches({ ready: 'saving' }));
  const bind = (name: DiscountField) => ({
    value: c.values[name],
    error: c.errors[name],
    disabled: saving,
    onValueChange: (value: string) => actor.send({ type: 'field.change', name, value }),
  });
  const ticketName = (id: string) => tickets.find((t) => t._id === id)?.ticketName ?? 'a removed ticket';
  function submit(e: FormEvent) {
    e.preventDefault();
    actor.send({ type: 'form.submit' });
  }
  return (
    <section className={styles.card} aria-labelledby="discounts-title">
      <h2 id="discounts-title" className={styles.subtitle}>
        Discount codes
      </h2>
      {loading && <p className={styles.note}>Loading discount codes…</p>}
      {failed && (
        <div className={styles.actionsSpread}>
          <FormAlert tone="error">{c.formError}</FormAlert>
          <Button tone="secondary" onClick={() => actor.send({ type: 'retry' })}>
            Try again
          </Button>
        </div>
      )}
      {!loading && !failed && c.discounts.length === 0 && (
        <p className={styles.note}>No codes yet. Create one below for early birds, students or partners.</p>
      )}
      {c.discounts.length > 0 && (
        <div className={styles.tableWrap}>
          <table className={`${styles.table} ${styles.cardsOnPhone}`}>
            <thead>
              <tr>
                <th scope="col">Code</th>
                <th scope="col">Discount</th>
                <th scope="col">Uses</th>
                <th scope="col">Applies to</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {c.discounts.map((d) => (
                <tr key={d._id}>
                  <td data-label="Code">{d.code}</td>
                  <td data-label="Discount">
                    {d.kind === 'percent' ? `${d.percentOff}% off` : `${formatNaira(d.amountOff ?? 0)} off`}
                  </td>
                  <td data-label="Uses">
                    {d.uses}
                    {d.maxUses !== null ? ` / ${d.maxUses}` : ''}
                  </td>
                  <td data-label="Applies to">
                    {d.ticketTypeIds.length === 0
                      ? 'All tickets'
                      : d.ticketTypeIds.map(ticketName).join(', ')}
                  </td>
                  <td data-label="Actions">
                    <div className={styles.rowActions}>
                      <Button
                        size="sm"
                        tone="secondary"
                        aria-label={`Edit ${d.code}`}
                        onClick={() => actor.send({ type: 'edit', discountId: d._id })}
                      >
                        Edit
                      </Button>
                      <Button
                        size="sm"
                        tone="ghost"
                        aria-label={`Delete ${d.code}`}
                        busy={c.deletingId === d._id}
                        onClick={() => actor.send({ type: 'delete', discountId: d._id })}
                      >
                        Delete
                      </Button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {!loading && !failed && (
        <form
          className={fields.form}
          noValidate
          onSubmit={submit}
          aria-label={c.editingId ? 'Edit discount code' : 'Create discount code'}
        >
          <h3 className={styles.legend}>
            {c.editingId ? `Edit ${c.values.code}` : 'Create a discount code'}
          </h3>
          <FormAlert tone="error">{c.formError}</FormAlert>
          <div className={fields.row}>
            <TextField label="Code" requiredMark placeholder="EARLYBIRD" {...bind('code')} />
            <SelectField
              label="Discount type"
              value={c.values.kind}
              options={[
                { value: 'percent', label: 'Percent off' },
                { value: 'fixed', label: 'Fixed ₦ amount off' },
              ]}
              disabled={saving}
              onChange={(value) => actor.send({ type: 'field.change', name: 'kind', value })}
            />
            {c.values.kind === 'percent' ? (
              <TextField
                label="Percent off"
                requiredMark
                type="number"
                min={1}
                max={100}
                {...bind('percentOff')}
              />
            ) : (
              <TextField
                label="Amount off (₦)"
                requiredMark
                type="number"
                min={0}
                step="0.01"
                {...bind('amountOff')}
              />
            )}
          </div>
          <div className={fields.row}>
            <TextField label="Maximum uses (optional)" type="number" min={1} {...bind('maxUses')} />
            <TextField label="Valid from (optional)" type="datetime-local" {...bind('validFrom')} />
            <TextField label="Valid until (optional)" type="datetime-local" {...bind('validUntil')} />
          </div>
          {tickets.length > 0 && (
            <fieldset className={styles.fieldset}>
              <legend className={fields.label}>Applies to (none ticked = every ticket)</legend>
              <div className={styles.checkboxes}>
                {tickets.map((t) => (
                  <CheckboxField
                    key={t._id}
                    label={t.ticketName}
                    checked={c.values.ticketTypeIds.includes(t._id)}
                    disabled={saving}
                    onCheckedChange={() => actor.send({ type: 'ticketType.toggle', ticketId: t._id })}
                  />
                ))}
              </div>
            </fieldset>
          )}
          <div className={styles.actions}>
            {c.editingId && (
              <Button tone="secondary" disabled={saving} onClick={() => actor.send({ type: 'form.reset' })}>
                Cancel
              </Button>
            )}
            <Button type="submit" busy={saving}>
              {c.editingId ? 'Save code' : 'Create code'}
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}
