import { useSelector } from '@xstate/react';
import { type ReactNode, useId } from 'react';
import type { CheckoutQuestion } from '../../contract/questions';
import { answerKey, type Seat, seatsOf } from '../../machines/checkout/answers';
import { visuallyHidden } from '../styles/layout.css';
import { TextField } from '../ui/Field';
import * as fieldStyles from '../ui/field.css';
import * as styles from './checkout.css';
import type { CheckoutActor } from './checkoutSession';

/**
 * The organiser's checkout questions on the contact step (decision 045): per-order ones once, under
 * the buyer's details; per-attendee ones for each seat (inside the attendee's card when tickets go to
 * other people, else a card per seat). Each field is labelled by its question; a required one shows
 * its message underneath after Continue.
 */

function Required() {
  return (
    <span className={fieldStyles.required} aria-hidden="true">
      *
    </span>
  );
}

function ErrorText({ id, error }: { id: string; error: string | undefined }) {
  return error ? (
    <p id={id} className={fieldStyles.error}>
      {error}
    </p>
  ) : null;
}

function QuestionField({
  question: q,
  value,
  error,
  onChange,
  suffix,
}: {
  question: CheckoutQuestion;
  value: string | boolean | undefined;
  error: string | undefined;
  onChange: (value: string | boolean) => void;
  /** Told apart for a screen reader when the same question is asked per ticket. */
  suffix: string;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  const described = {
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? errorId : undefined,
  };
  if (q.kind === 'text')
    return (
      <TextField
        label={q.label}
        aria-label={suffix ? `${q.label} ${suffix}` : undefined}
        requiredMark={q.required}
        maxLength={200}
        value={typeof value === 'string' ? value : ''}
        error={error}
        onValueChange={onChange}
      />
    );
  if (q.kind === 'choice')
    return (
      <div className={fieldStyles.field}>
        <label htmlFor={id} className={fieldStyles.label}>
          {q.label}
          {suffix && <span className={visuallyHidden}> {suffix}</span>}
          {q.required && <Required />}
        </label>
        <select
          id={id}
          className={fieldStyles.input}
          aria-required={q.required || undefined}
          value={typeof value === 'string' ? value : ''}
          onChange={(e) => onChange(e.target.value)}
          {...described}
        >
          <option value="">Choose…</option>
          {q.options.map((o) => (
            <option key={o} value={o}>
              {o}
            </option>
          ))}
        </select>
        <ErrorText id={errorId} error={error} />
      </div>
    );
  return (
    <fieldset className={styles.fieldset} aria-describedby={error ? errorId : undefined}>
      <legend className={fieldStyles.label}>
        {q.label}
        {suffix && <span className={visuallyHidden}> {suffix}</span>}
        {q.required && <Required />}
      </legend>
      <div className={styles.radioRow}>
        {[true, false].map((choice) => (
          <label key={String(choice)}>
            <input
              type="radio"
              name={id}
              className={styles.radio}
              required={q.required}
              aria-invalid={error ? true : undefined}
              checked={value === choice}
              onChange={() => onChange(choice)}
            />
            {choice ? 'Yes' : 'No'}
          </label>
        ))}
      </div>
      <ErrorText id={errorId} error={error} />
    </fieldset>
  );
}

function Questions({ actor, list, seat }: { actor: CheckoutActor; list: CheckoutQuestion[]; seat?: Seat }) {
  const answers = useSelector(actor, (s) => s.context.answers);
  const errors = useSelector(actor, (s) => s.context.contactErrors);
  return list.map((q) => {
    const key = answerKey(q.id, seat);
    return (
      <QuestionField
        key={key}
        question={q}
        value={answers[key]}
        error={errors[`answers.${key}`]}
        suffix={seat ? `(ticket ${seat.number})` : ''}
        onChange={(value) => actor.send({ type: 'answer.change', key, value })}
      />
    );
  });
}

/** The per-order questions, once. */
export function OrderQuestions({ actor }: { actor: CheckoutActor }) {
  const questions = useSelector(actor, (s) => s.context.questions);
  const list = questions.filter((q) => q.scope === 'order');
  if (list.length === 0) return null;
  return <Questions actor={actor} list={list} />;
}

/** The per-attendee questions of one seat (the k-th seat on the contact step). */
export function SeatQuestions({ actor, number }: { actor: CheckoutActor; number: number }): ReactNode {
  const questions = useSelector(actor, (s) => s.context.questions);
  const tickets = useSelector(actor, (s) => s.context.tickets);
  const quantities = useSelector(actor, (s) => s.context.quantities);
  const list = questions.filter((q) => q.scope === 'attendee');
  const seat = seatsOf(tickets, quantities)[number - 1];
  if (list.length === 0 || !seat) return null;
  return <Questions actor={actor} list={list} seat={seat} />;
}

/** A card per seat with its questions, when tickets are not sent to other people. */
export function SeatQuestionCards({ actor }: { actor: CheckoutActor }) {
  const questions = useSelector(actor, (s) => s.context.questions);
  const tickets = useSelector(actor, (s) => s.context.tickets);
  const quantities = useSelector(actor, (s) => s.context.quantities);
  if (!questions.some((q) => q.scope === 'attendee')) return null;
  return seatsOf(tickets, quantities).map((seat) => (
    <fieldset key={answerKey('seat', seat)} className={styles.attendeeCard}>
      <legend className={styles.legend}>
        Ticket {seat.number}: {seat.ticketName}
      </legend>
      <SeatQuestions actor={actor} number={seat.number} />
    </fieldset>
  ));
}
