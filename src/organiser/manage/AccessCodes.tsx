import { useActorRef, useSelector } from '@xstate/react';
import type { FormEvent } from 'react';
import { fromPromise } from 'xstate';
import type { OrganiserTicket } from '../../../contract/tickets';
import { accessCodesMachine } from '../../../machines/accessCodes.machine';
import { createAccessCode, deleteAccessCode, fetchAccessCodes, fetchDiscounts } from '../../api/organiser';
import { Button } from '../../ui/Button';
import { CheckboxField, FormAlert, TextField } from '../../ui/Field';
import * as fields from '../../ui/field.css';
import { notifyAction } from '../../ui/notify';
import * as rows from '../../ui/rowList.css';
import { SelectField } from '../EventDetailsFields';
import * as styles from '../organiser.css';

const machine = accessCodesMachine.provide({
  actors: {
    load: fromPromise(async ({ input }) => {
      const [accessCodes, discounts] = await Promise.all([
        fetchAccessCodes(input.eventId),
        fetchDiscounts(input.eventId),
      ]);
      return { accessCodes, discounts };
    }),
    create: fromPromise(({ input }) => createAccessCode(input)),
    remove: fromPromise(({ input }) => deleteAccessCode(input)),
  },
  actions: { notify: notifyAction },
});

/**
 * 'Access codes' (decision 036): codes that unlock the event's hidden ticket types for the people
 * given them (a sponsor's guests, a VIP list), optionally with one of the event's discount codes.
 */
export function AccessCodes({ eventId, tickets }: { eventId: string; tickets: OrganiserTicket[] }) {
  const actor = useActorRef(machine, { input: { eventId } });
  const c = useSelector(actor, (s) => s.context);
  const loading = useSelector(actor, (s) => s.matches('loading'));
  const failed = useSelector(actor, (s) => s.matches('failed'));
  const creating = useSelector(actor, (s) => s.matches({ ready: 'creating' }));
  const hidden = tickets.filter((t) => t.hidden);
  const ticketName = (id: string) => tickets.find((t) => t._id === id)?.ticketName ?? 'a removed ticket';
  function submit(e: FormEvent) {
    e.preventDefault();
    actor.send({ type: 'form.submit' });
  }
  return (
    <section className={styles.card} aria-labelledby="access-codes-title">
      <h2 id="access-codes-title" className={styles.subtitle}>
        Access codes
      </h2>
      <p className={styles.note}>
        A hidden ticket is not on the event page: buyers see it after typing an access code you gave them (a
        sponsor’s guests, a VIP list). Make a ticket hidden with “Who can buy it” when you edit it.
      </p>
      {loading && <p className={styles.note}>Loading access codes…</p>}
      {failed && (
        <div className={styles.actionsSpread}>
          <FormAlert tone="error">{c.formError}</FormAlert>
          <Button tone="secondary" onClick={() => actor.send({ type: 'retry' })}>
            Try again
          </Button>
        </div>
      )}
      {c.accessCodes.length > 0 && (
        <ul className={rows.list} aria-label="Access codes">
          {c.accessCodes.map((a) => (
            <li key={a.id} className={rows.row}>
              <div>
                <p className={styles.codeName}>{a.code}</p>
                <p className={styles.note}>
                  Unlocks {a.ticketTypeIds.map(ticketName).join(', ')}
                  {a.discountCode ? ` · applies ${a.discountCode}` : ''} · {a.orders}{' '}
                  {a.orders === 1 ? 'order' : 'orders'}
                </p>
              </div>
              <Button
                size="sm"
                tone="ghost"
                aria-label={`Delete ${a.code}`}
                busy={c.deletingId === a.id}
                onClick={() => actor.send({ type: 'delete', accessCodeId: a.id })}
              >
                Delete
              </Button>
            </li>
          ))}
        </ul>
      )}
      {!loading && !failed && hidden.length === 0 && (
        <p className={styles.note}>No hidden tickets yet, so there is nothing for a code to unlock.</p>
      )}
      {!loading && !failed && hidden.length > 0 && (
        <form className={fields.form} noValidate onSubmit={submit} aria-label="Create access code">
          <h3 className={styles.legend}>Create an access code</h3>
          <FormAlert tone="error">{c.formError}</FormAlert>
          <div className={fields.row}>
            <TextField
              label="Code"
              requiredMark
              placeholder="SPONSOR2026"
              value={c.values.code}
              error={c.errors.code}
              disabled={creating}
              onValueChange={(value) => actor.send({ type: 'field.change', name: 'code', value })}
            />
            <SelectField
              label="Also apply a discount (optional)"
              optional
              value={c.values.discountCodeId}
              options={[
                { value: '', label: 'No discount' },
                ...c.discounts.map((d) => ({ value: d._id, label: d.code })),
              ]}
              disabled={creating}
              onChange={(value) => actor.send({ type: 'field.change', name: 'discountCodeId', value })}
            />
          </div>
          <fieldset className={styles.fieldset}>
            <legend className={fields.label}>Unlocks</legend>
            <div className={styles.checkboxes}>
              {hidden.map((t) => (
                <CheckboxField
                  key={t._id}
                  label={t.ticketName}
                  checked={c.values.ticketTypeIds.includes(t._id)}
                  disabled={creating}
                  onCheckedChange={() => actor.send({ type: 'ticketType.toggle', ticketId: t._id })}
                />
              ))}
            </div>
            {c.errors.ticketTypeIds && <p className={fields.error}>{c.errors.ticketTypeIds}</p>}
          </fieldset>
          <div className={styles.actions}>
            <Button type="submit" busy={creating}>
              Create access code
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}
