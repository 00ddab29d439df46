import type { FormEvent } from 'react';
import type { OrganiserTicket } from '../../../contract/tickets';
import type { FieldErrors } from '../../../machines/lib/form';
import type { PromoterValues } from '../../../machines/promoters.machine';
import { Button } from '../../ui/Button';
import { FormAlert, TextField } from '../../ui/Field';
import * as fields from '../../ui/field.css';
import { SelectField } from '../EventDetailsFields';
import * as styles from '../organiser.css';
import * as own from './promoters.css';

const KINDS = [
  { value: 'percent', label: 'Percentage of the ticket price' },
  { value: 'flat', label: '₦ per ticket' },
];

export type PromoterFormEvent =
  | { type: 'field.change'; name: 'name' | 'email' | 'value'; value: string }
  | { type: 'kind.change'; kind: 'percent' | 'flat' }
  | { type: 'perType.change'; ticketId: string; value: string }
  | { type: 'form.submit' }
  | { type: 'edit.cancel' };

/**
 * The promoter's name, email and commission (decisions 064, 070): adding a promoter at the top of the
 * tab, and changing one inside their row. When changing, the email shows but stays as it is (it is who
 * may read the promoter's page) and the form says new orders earn the new figure.
 */
export function PromoterForm(props: {
  mode: 'add' | 'edit';
  values: PromoterValues;
  errors: FieldErrors;
  formError: string | null;
  busy: boolean;
  tickets: OrganiserTicket[];
  send: (event: PromoterFormEvent) => void;
}) {
  const { values: v, errors, busy, send } = props;
  const editing = props.mode === 'edit';
  const paid = props.tickets.filter((t) => t.ticketPrice > 0);
  const unit = v.kind === 'percent' ? '%' : '₦';
  function submit(e: FormEvent) {
    e.preventDefault();
    send({ type: 'form.submit' });
  }
  return (
    <form
      className={fields.form}
      noValidate
      onSubmit={submit}
      aria-label={editing ? `Change ${v.email}` : 'Add a promoter'}
    >
      <FormAlert tone="error">{props.formError}</FormAlert>
      <div className={fields.row}>
        <TextField
          label="Name"
          requiredMark
          value={v.name}
          error={errors.name}
          disabled={busy}
          onValueChange={(value) => send({ type: 'field.change', name: 'name', value })}
        />
        <TextField
          label="Email"
          type="email"
          requiredMark={!editing}
          placeholder="name@example.ng"
          value={v.email}
          error={errors.email}
          disabled={busy || editing}
          onValueChange={(value) => send({ type: 'field.change', name: 'email', value })}
        />
      </div>
      <div className={fields.row}>
        <SelectField
          label="Commission"
          value={v.kind}
          options={KINDS}
          disabled={busy}
          onChange={(value) => send({ type: 'kind.change', kind: value === 'flat' ? 'flat' : 'percent' })}
        />
        <TextField
          label={v.kind === 'percent' ? 'Percentage (%)' : 'Amount per ticket (₦)'}
          inputMode="decimal"
          requiredMark
          value={v.value}
          error={errors.commission}
          disabled={busy}
          onValueChange={(value) => send({ type: 'field.change', name: 'value', value })}
        />
      </div>
      {paid.length > 1 && (
        <fieldset className={own.perType}>
          <legend className={styles.note}>
            Optional: a different commission ({unit}) for some ticket types
          </legend>
          <div className={fields.row}>
            {paid.map((t) => (
              <TextField
                key={t._id}
                label={`${t.nameWithDate ?? t.ticketName} (${unit})`}
                inputMode="decimal"
                placeholder="Same as above"
                value={v.perType[t._id] ?? ''}
                disabled={busy}
                onValueChange={(value) => send({ type: 'perType.change', ticketId: t._id, value })}
              />
            ))}
          </div>
          {errors.perType && <p className={styles.errorText}>{errors.perType}</p>}
        </fieldset>
      )}
      {editing && (
        <p className={styles.note}>
          Orders already paid keep the commission they were sold under; the new figure applies to orders paid
          from now on.
        </p>
      )}
      <div className={styles.actions}>
        <Button type="submit" busy={busy}>
          {editing ? 'Save changes' : 'Add promoter'}
        </Button>
        {editing && (
          <Button tone="ghost" disabled={busy} onClick={() => send({ type: 'edit.cancel' })}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  );
}
