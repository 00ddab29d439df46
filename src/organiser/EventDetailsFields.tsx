import { useId } from 'react';
import { EVENT_CATEGORIES } from '../../contract/categories';
import { COUNTRIES, NIGERIAN_STATES } from '../../contract/nigeria';
import type { EventDetailsField, EventDetailsValues } from '../../machines/lib/eventDetailsForm';
import type { FieldErrors } from '../../machines/lib/form';
import { CheckboxField, TextAreaField, TextField } from '../ui/Field';
import * as fields from '../ui/field.css';
import * as styles from './organiser.css';

type Props = {
  values: EventDetailsValues;
  errors: FieldErrors;
  disabled: boolean;
  onChange: (name: EventDetailsField, value: string | boolean) => void;
};

/** A labelled native select in the form's look (error announced like the text fields'). */
export function SelectField({
  label,
  value,
  options,
  placeholder,
  error,
  disabled,
  onChange,
  id,
  optional = false,
}: {
  label: string;
  value: string;
  options: ReadonlyArray<string | { value: string; label: string }>;
  placeholder?: string;
  error?: string | undefined;
  disabled?: boolean;
  onChange: (value: string) => void;
  id?: string;
  /** No required mark: a choice whose first option is "none". */
  optional?: boolean;
}) {
  const generated = useId();
  const controlId = id ?? generated;
  return (
    <div className={fields.field}>
      <label htmlFor={controlId} className={fields.label}>
        {label}
        {!optional && (
          <span className={fields.required} aria-hidden="true">
            *
          </span>
        )}
      </label>
      <select
        id={controlId}
        className={styles.select}
        value={value}
        disabled={disabled}
        aria-required
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${controlId}-error` : undefined}
        onChange={(e) => onChange(e.target.value)}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((o) => {
          const option = typeof o === 'string' ? { value: o, label: o } : o;
          return (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          );
        })}
      </select>
      {error && (
        <p id={`${controlId}-error`} className={fields.error}>
          {error}
        </p>
      )}
    </div>
  );
}

/** The event details form: wizard step 1 and the management Details tab. */
export function EventDetailsFields({ values, errors, disabled, onChange }: Props) {
  const text = (name: EventDetailsField) => ({
    value: String(values[name]),
    error: errors[name],
    disabled,
    onValueChange: (value: string) => onChange(name, value),
  });
  return (
    <>
      <TextField label="Event Name" requiredMark placeholder="Lagos Jazz Night" {...text('eventName')} />
      <SelectField
        label="Category"
        value={values.category}
        options={EVENT_CATEGORIES}
        placeholder="Choose a category"
        error={errors.category}
        disabled={disabled}
        onChange={(v) => onChange('category', v)}
      />
      <TextAreaField label="Description" requiredMark rows={5} {...text('description')} />
      <div className={fields.row}>
        <TextField label="Start Date" requiredMark type="date" {...text('startDate')} />
        <TextField label="Start Time" requiredMark type="time" {...text('startTime')} />
      </div>
      <div className={fields.row}>
        <TextField label="End Date" requiredMark type="date" {...text('endDate')} />
        <TextField label="End Time" requiredMark type="time" {...text('endTime')} />
      </div>
      <fieldset className={styles.fieldset}>
        <legend className={fields.label}>Where does it happen?</legend>
        <div className={styles.checkboxes}>
          <CheckboxField
            label="Physical Event"
            checked={values.physical}
            disabled={disabled}
            onCheckedChange={(c) => onChange('physical', c)}
          />
          <CheckboxField
            label="Online Event"
            checked={values.online}
            disabled={disabled}
            onCheckedChange={(c) => onChange('online', c)}
          />
        </div>
        {errors.eventLocation && (
          <p className={fields.error} role="alert">
            {errors.eventLocation}
          </p>
        )}
      </fieldset>
      {values.physical && (
        <>
          <div className={fields.row}>
            <SelectField
              label="Country"
              value={values.country}
              options={COUNTRIES}
              error={errors.country}
              disabled={disabled}
              onChange={(v) => onChange('country', v)}
            />
            <SelectField
              label="State"
              value={values.state}
              options={NIGERIAN_STATES}
              placeholder="Choose a state (e.g. Oyo)"
              error={errors.state}
              disabled={disabled}
              onChange={(v) => onChange('state', v)}
            />
          </div>
          <TextField
            label="Address"
            requiredMark
            placeholder="12 Awolowo Road, Ikoyi"
            {...text('location')}
          />
        </>
      )}
      {values.online && (
        <TextField label="Event URL" requiredMark type="url" placeholder="https://" {...text('url')} />
      )}
    </>
  );
}
