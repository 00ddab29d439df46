import { useActorRef, useSelector } from '@xstate/react';
import type { FormEvent } from 'react';
import { fromPromise } from 'xstate';
import type { Question } from '../../../contract/questions';
import { eventQuestionsMachine } from '../../../machines/eventQuestions.machine';
import { deleteQuestion, fetchQuestions, moveQuestion, saveQuestion } from '../../api/questions';
import { Button } from '../../ui/Button';
import { CheckboxField, FormAlert, TextAreaField, TextField } from '../../ui/Field';
import * as fields from '../../ui/field.css';
import { notifyAction } from '../../ui/notify';
import * as rows from '../../ui/rowList.css';
import { SelectField } from '../EventDetailsFields';
import * as styles from '../organiser.css';

const machine = eventQuestionsMachine.provide({
  actors: {
    load: fromPromise(({ input }) => fetchQuestions(input.eventId)),
    save: fromPromise(({ input }) => saveQuestion(input)),
    remove: fromPromise(({ input }) => deleteQuestion(input)),
    reorder: fromPromise(({ input }) => moveQuestion(input)),
  },
  actions: { notify: notifyAction },
});

const KIND_OPTIONS = [
  { value: 'text', label: 'Short text' },
  { value: 'choice', label: 'Choice (pick one)' },
  { value: 'yes_no', label: 'Yes / no' },
];
const SCOPE_OPTIONS = [
  { value: 'order', label: 'Once per order' },
  { value: 'attendee', label: 'For each attendee (ticket)' },
];

function summary(q: Question) {
  const kind =
    q.kind === 'choice' ? `Choice: ${q.options.join(', ')}` : q.kind === 'yes_no' ? 'Yes / no' : 'Short text';
  const scope = q.scope === 'order' ? 'once per order' : 'for each attendee';
  const answered = q.answers > 0 ? ` · answered in ${q.answers} ${q.answers === 1 ? 'order' : 'orders'}` : '';
  return `${kind} · ${scope} · ${q.required ? 'required' : 'optional'}${answered}`;
}

/**
 * 'Checkout questions' on the Tickets tab (decision 045): what buyers answer on the contact step —
 * once per order or for each attendee — listed in the order they are asked, with one form that adds
 * a question or edits the one chosen. Answers appear in the guest list and its CSV.
 */
export function CheckoutQuestions({ eventId }: { eventId: string }) {
  const actor = useActorRef(machine, { input: { eventId } });
  const questions = useSelector(actor, (s) => s.context.questions);
  const values = useSelector(actor, (s) => s.context.values);
  const errors = useSelector(actor, (s) => s.context.errors);
  const formError = useSelector(actor, (s) => s.context.formError);
  const editingId = useSelector(actor, (s) => s.context.editingId);
  const busyId = useSelector(actor, (s) => s.context.busyId);
  const loading = useSelector(actor, (s) => s.matches('loading'));
  const failed = useSelector(actor, (s) => s.matches('failed'));
  const saving = useSelector(actor, (s) => s.matches({ ready: 'saving' }));
  const idle = useSelector(actor, (s) => s.matches({ ready: 'idle' }));
  const editing = questions.find((q) => q.id === editingId);
  const field = (name: 'label' | 'kind' | 'scope' | 'options' | 'required') => (value: string | boolean) =>
    actor.send({ type: 'field.change', name, value });
  function submit(e: FormEvent) {
    e.preventDefault();
    actor.send({ type: 'form.submit' });
  }
  return (
    <section className={styles.card} aria-labelledby="questions-title">
      <h2 id="questions-title" className={styles.subtitle}>
        Checkout questions
      </h2>
      <p className={styles.note}>
        Ask buyers something at checkout, such as a T-shirt size or a matric number. Answers show in the guest
        list and its CSV.
      </p>
      {loading && <p className={styles.note}>Loading questions…</p>}
      {failed && (
        <div className={styles.actionsSpread}>
          <FormAlert tone="error">{formError}</FormAlert>
          <Button tone="secondary" onClick={() => actor.send({ type: 'retry' })}>
            Try again
          </Button>
        </div>
      )}
      {!loading && !failed && questions.length === 0 && <p className={styles.note}>No questions yet.</p>}
      {questions.length > 0 && (
        <ol className={rows.list} aria-label="Checkout questions">
          {questions.map((q, i) => (
            <li key={q.id} className={rows.row}>
              <div className={styles.grow}>
                <p>
                  <strong>{q.label}</strong>
                </p>
                <p className={styles.note}>{summary(q)}</p>
              </div>
              <div className={styles.rowActions}>
                <Button
                  size="sm"
                  tone="ghost"
                  aria-label={`Move ${q.label} up`}
                  disabled={i === 0 || !idle}
                  busy={busyId === q.id}
                  onClick={() => actor.send({ type: 'move', questionId: q.id, direction: 'up' })}
                >
                  ↑
                </Button>
                <Button
                  size="sm"
                  tone="ghost"
                  aria-label={`Move ${q.label} down`}
                  disabled={i === questions.length - 1 || !idle}
                  onClick={() => actor.send({ type: 'move', questionId: q.id, direction: 'down' })}
                >
                  ↓
                </Button>
                <Button
                  size="sm"
                  tone="ghost"
                  aria-label={`Edit ${q.label}`}
                  disabled={!idle}
                  onClick={() => actor.send({ type: 'edit.start', questionId: q.id })}
                >
                  Edit
                </Button>
                <Button
                  size="sm"
                  tone="ghost"
                  aria-label={`Delete ${q.label}`}
                  disabled={!idle}
                  onClick={() => actor.send({ type: 'delete', questionId: q.id })}
                >
                  Delete
                </Button>
              </div>
            </li>
          ))}
        </ol>
      )}
      {!loading && !failed && (
        <form
          className={fields.form}
          noValidate
          onSubmit={submit}
          aria-label={editing ? `Edit question ${editing.label}` : 'Add a question'}
        >
          <h3 className={styles.legend}>{editing ? `Edit “${editing.label}”` : 'Add a question'}</h3>
          <FormAlert tone="error">{formError}</FormAlert>
          <TextField
            label="Question"
            requiredMark
            placeholder="T-shirt size"
            value={values.label}
            error={errors.label}
            disabled={saving}
            onValueChange={field('label')}
          />
          <div className={fields.row}>
            <SelectField
              label="Kind of answer"
              value={values.kind}
              options={KIND_OPTIONS}
              error={errors.kind}
              disabled={saving}
              onChange={field('kind')}
            />
            <SelectField
              label="Asked"
              value={values.scope}
              options={SCOPE_OPTIONS}
              error={errors.scope}
              disabled={saving}
              onChange={field('scope')}
            />
          </div>
          {values.kind === 'choice' && (
            <TextAreaField
              label="Options (one per line, 2 to 20)"
              requiredMark
              rows={4}
              placeholder={'S\nM\nL'}
              value={values.options}
              error={errors.options}
              disabled={saving}
              onValueChange={field('options')}
            />
          )}
          <CheckboxField
            label="Buyers must answer"
            checked={values.required}
            disabled={saving}
            onCheckedChange={field('required')}
          />
          {editing && editing.answers > 0 && (
            <p className={styles.note}>
              Answers already given are kept. The kind of answer cannot change once buyers have answered.
            </p>
          )}
          <div className={styles.actions}>
            <Button type="submit" busy={saving}>
              {editing ? 'Save question' : 'Add question'}
            </Button>
            {editing && (
              <Button tone="secondary" disabled={saving} onClick={() => actor.send({ type: 'edit.cancel' })}>
                Cancel
              </Button>
            )}
          </div>
        </form>
      )}
    </section>
  );
}
