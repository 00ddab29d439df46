import { TABLE_SIZE_MAX, TABLE_SIZE_MIN } from '../../contract/tickets';
import type { TicketField, TicketValues } from '../../machines/ticketForm.machine';
import { TextField } from '../ui/Field';
import * as fields from '../ui/field.css';
import { SelectField } from './EventDetailsFields';

type Props = {
  values: TicketValues;
  errors: Partial<Record<string, string>>;
  busy: boolean;
  change: (name: TicketField, value: string) => void;
};

/**
 * "Sold as": single tickets, or tables for N (decision 067). A table type is priced, counted and
 * limited per table; its guests enter with a code each, or with the table's one code up to N times.
 */
export function TableFields({ values, errors, busy, change }: Props) {
  const table = values.unit === 'table';
  return (
    <>
      <SelectField
        label="Sold as"
        value={values.unit}
        options={[
          { value: 'single', label: 'Single tickets' },
          { value: 'table', label: 'Tables for a group' },
        ]}
        disabled={busy}
        onChange={(value) => change('unit', value)}
      />
      {table && (
        <div className={fields.row}>
          <TextField
            label="Guests per table"
            requiredMark
            type="number"
            inputMode="numeric"
            min={TABLE_SIZE_MIN}
            max={TABLE_SIZE_MAX}
            value={values.tableSize}
            error={errors.tableSize}
            disabled={busy}
            onValueChange={(value) => change('tableSize', value)}
          />
          <SelectField
            label="How a table gets in"
            value={values.tableCodes}
            options={[
              { value: 'per_guest', label: 'A code for each guest' },
              { value: 'one', label: 'One code for the table' },
            ]}
            disabled={busy}
            onChange={(value) => change('tableCodes', value)}
          />
        </div>
      )}
      {table && (
        <p className={fields.hint}>
          {TABLE_SIZE_MIN}–{TABLE_SIZE_MAX} guests. The price, the number available and the purchase limit
          count tables; each guest gets a ticket, and tables are numbered 1, 2, 3 … as they sell.
        </p>
      )}
    </>
  );
}
