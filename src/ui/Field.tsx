import {
  type InputHTMLAttributes,
  type ReactNode,
  type TextareaHTMLAttributes,
  useId,
  useState,
} from 'react';
import * as styles from './field.css';

type FieldOptions = {
  label: string;
  error?: string | undefined;
  /** A visible '*' after the label and aria-required on the control. */
  requiredMark?: boolean | undefined;
  /** The control's id; a generated one when left out. The error message gets `${id}-error`. */
  id?: string | undefined;
  onValueChange?: ((value: string) => void) | undefined;
};

type InputProps = FieldOptions & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'onChange'>;
type TextAreaProps = FieldOptions & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'onChange'>;

/** The control's id and what ties it to its label and error (announced through aria-describedby). */
function useControl({ id, error, requiredMark }: Pick<FieldOptions, 'id' | 'error' | 'requiredMark'>) {
  const generated = useId();
  const controlId = id ?? generated;
  const errorId = `${controlId}-error`;
  return {
    errorId,
    control: {
      id: controlId,
      'aria-invalid': error ? true : undefined,
      'aria-describedby': error ? errorId : undefined,
      'aria-required': requiredMark || undefined,
    },
  };
}

function FieldFrame({
  controlId,
  errorId,
  label,
  error,
  requiredMark,
  children,
}: {
  controlId: string;
  errorId: string;
  label: string;
  error: string | undefined;
  requiredMark: boolean | undefined;
  children: ReactNode;
}) {
  return (
    <div className={styles.field}>
      <label htmlFor={controlId} className={styles.label}>
        {label}
        {requiredMark && (
          <span className={styles.required} aria-hidden="true">
            *
          </span>
        )}
      </label>
      {children}
      {error && (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      )}
    </div>
  );
}

/** A labelled input with its validation message underneath. */
export function TextField({ label, error, requiredMark, id, onValueChange, ...input }: InputProps) {
  const { errorId, control } = useControl({ id, error, requiredMark });
  return (
    <FieldFrame {...{ controlId: control.id, errorId, label, error, requiredMark }}>
      <input
        {...control}
        className={styles.input}
        onChange={onValueChange && ((e) => onValueChange(e.target.value))}
        {...input}
      />
    </FieldFrame>
  );
}

/** A labelled multi-line input with its validation message underneath. */
export function TextAreaField({ label, error, requiredMark, id, onValueChange, ...textarea }: TextAreaProps) {
  const { errorId, control } = useControl({ id, error, requiredMark });
  return (
    <FieldFrame {...{ controlId: control.id, errorId, label, error, requiredMark }}>
      <textarea
        {...control}
        className={styles.textarea}
        onChange={onValueChange && ((e) => onValueChange(e.target.value))}
        {...textarea}
      />
    </FieldFrame>
  );
}

/**
 * A password input with a show/hide toggle. Whether the characters show is view state only
 * (no flow depends on it), so it lives in the component.
 */
export function PasswordField({ label, error, requiredMark, id, onValueChange, ...input }: InputProps) {
  const { errorId, control } = useControl({ id, error, requiredMark });
  const [visible, setVisible] = useState(false);
  return (
    <FieldFrame {...{ controlId: control.id, errorId, label, error, requiredMark }}>
      <div className={styles.passwordWrap}>
        <input
          {...control}
          type={visible ? 'text' : 'password'}
          className={styles.passwordInput}
          onChange={onValueChange && ((e) => onValueChange(e.target.value))}
          {...input}
        />
        <button
          type="button"
          className={styles.toggle}
          aria-label={visible ? 'Hide password' : 'Show password'}
          aria-controls={control.id}
          aria-pressed={visible}
          onClick={() => setVisible((v) => !v)}
        >
          <svg
            viewBox="0 0 24 24"
            width="20"
            height="20"
            aria-hidden="true"
            fill="none"
            stroke="currentColor"
          >
            <path
              d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z"
              strokeWidth="1.8"
              strokeLinejoin="round"
            />
            <circle cx="12" cy="12" r="3" strokeWidth="1.8" />
            {visible && <path d="M4 4l16 16" strokeWidth="1.8" strokeLinecap="round" />}
          </svg>
        </button>
      </div>
    </FieldFrame>
  );
}

type CheckboxProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type' | 'onChange'> & {
  label: string;
  error?: string | undefined;
  id?: string | undefined;
  onCheckedChange?: ((checked: boolean) => void) | undefined;
  /** Shown after the label, outside it (e.g. a link to read the terms). */
  after?: ReactNode;
};

/** A checkbox with its label beside it and its validation message underneath. */
export function CheckboxField({ label, error, id, onCheckedChange, after, ...input }: CheckboxProps) {
  const { errorId, control } = useControl({ id, error });
  return (
    <div className={styles.field}>
      <div className={styles.checkboxRow}>
        <input
          {...control}
          type="checkbox"
          className={styles.checkbox}
          onChange={onCheckedChange && ((e) => onCheckedChange(e.target.checked))}
          {...input}
        />
        <span>
          <label htmlFor={control.id}>{label}</label>
          {after}
        </span>
      </div>
      {error && (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      )}
    </div>
  );
}

/** A message for the whole form: role=alert so it is read out when it appears. */
export function FormAlert({ tone, children }: { tone: 'error' | 'success'; children: string | null }) {
  if (!children) return null;
  return (
    <p
      role={tone === 'error' ? 'alert' : 'status'}
      className={tone === 'error' ? styles.alertError : styles.alertSuccess}
    >
      {children}
    </p>
  );
}
