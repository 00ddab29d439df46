import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import type { Question } from '../../contract/questions';
import { eventQuestionsMachine, questionBody, valuesOf } from '../../machines/eventQuestions.machine';
import { runFlowPath } from '../helpers/flowPath';
import { expectFullCoverage, flowModel, httpError, networkError } from '../helpers/machineModel';
import { draftEvent } from './organiserFixtures';

const shirt: Question = {
  id: '9a000000-0000-4000-8000-000000000001',
  label: 'T-shirt size',
  kind: 'choice',
  scope: 'attendee',
  required: true,
  options: ['S', 'M', 'L'],
  answers: 3,
};
const matric: Question = {
  id: '9a000000-0000-4000-8000-000000000002',
  label: 'Matric number',
  kind: 'text',
  scope: 'order',
  required: false,
  options: [],
  answers: 0,
};
const input = { eventId: draftEvent._id };

describe('checkout questions (organiser) paths', () => {
  beforeEach(() => void vi.useFakeTimers());
  const events = [
    { type: 'xstate.done.actor.load', output: [shirt] },
    { type: 'xstate.error.actor.load', error: networkError() },
    { type: 'retry' },
    { type: 'field.change', name: 'label', value: 'Matric number' },
    { type: 'field.change', name: 'kind', value: 'choice' },
    { type: 'edit.start', questionId: shirt.id },
    { type: 'edit.cancel' },
    { type: 'form.submit' },
    { type: 'xstate.done.actor.save', output: [shirt, matric] },
    {
      type: 'xstate.error.actor.save',
      error: httpError(409, 'This question already has answers, so its kind cannot change.'),
    },
    { type: 'delete', questionId: shirt.id },
    { type: 'xstate.done.actor.remove', output: [] },
    { type: 'xstate.error.actor.remove', error: networkError() },
    { type: 'move', questionId: shirt.id, direction: 'down' },
    { type: 'xstate.done.actor.reorder', output: [matric, shirt] },
    { type: 'xstate.error.actor.reorder', error: networkError() },
  ];
  type Snap = SnapshotFrom<typeof eventQuestionsMachine>;
  const key = (s: Snap) => [
    s.context.questions.map((q) => q.id.slice(-1)).join(''),
    s.context.editingId !== null,
    s.context.values.label,
    s.context.values.kind,
    Object.keys(s.context.errors).length > 0,
    s.context.formError !== null,
  ];
  const paths = flowModel(eventQuestionsMachine, { events, key, input }).getShortestPaths();

  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_, path) => {
    await runFlowPath(path, {
      machine: eventQuestionsMachine,
      input,
      actorNames: ['load', 'save', 'remove', 'reorder'],
      view: key,
      check: ({ event, real, before, calls, entered, notices }) => {
        // Decision 047's panel, written here: it starts empty with a blank text question for the order,
        // loads the event's questions (saying why not, in its own words offline) and retries.
        const blank = { label: '', kind: 'text', scope: 'order', required: false, options: '' };
        if (event.type === 'xstate.init')
          expect(real.context).toEqual({
            eventId: input.eventId,
            questions: [],
            editingId: null,
            values: blank,
            errors: {},
            submitted: false,
            formError: null,
            busyId: null,
            move: null,
          });
        expect(calls.load ?? []).toEqual(Array(entered('loading')).fill({ eventId: input.eventId }));
        if (event.type === 'xstate.done.actor.load') expect(real.context.questions).toEqual(event.output);
        if (event.type === 'xstate.error.actor.load')
          expect(real.context.formError).toBe('Checkout questions could not be loaded.');
        if (event.type === 'retry') expect(real.context.formError).toBeNull();
        if (event.type === 'field.change' && before?.matches({ ready: 'idle' })) {
          expect(real.context.values).toEqual({ ...before.context.values, [event.name]: event.value });
          expect(real.context.formError).toBeNull();
          // Quiet until the first submit.
          if (!before.context.submitted) expect(real.context.errors).toEqual({});
        }
        // One save per submit that passed the contract's rules, with the form's body and the edited id.
        expect((calls.save ?? []).length).toBe(entered({ ready: 'saving' }));
        if (event.type === 'form.submit' && real.matches({ ready: 'saving' }))
          expect(calls.save?.at(-1)).toEqual({
            eventId: input.eventId,
            questionId: real.context.editingId,
            body: questionBody(real.context.values),
          });
        if (event.type === 'form.submit' && !real.matches({ ready: 'saving' }))
          expect(Object.keys(real.context.errors).length).toBeGreaterThan(0);
        if (event.type === 'edit.start') {
          // Editing fills the form with the question as it is; a choice's options one per line.
          expect(real.context.values).toEqual(valuesOf(shirt));
          expect(real.context.values.options).toBe('S\nM\nL');
        }
        if (event.type === 'xstate.done.actor.save') {
          expect(real.context.questions).toEqual([shirt, matric]);
          expect(real.context.values.label).toBe('');
          expect(notices.at(-1)).toBe(
            `success: ${before?.context.editingId ? 'Question saved' : 'Question added'}`,
          );
        }
        if (event.type === 'xstate.error.actor.save') {
          expect(real.context.values).toEqual(before?.context.values);
          expect(real.context.formError).toMatch(/kind cannot change/);
        }
        if (event.type === 'move')
          expect(calls.reorder?.at(-1)).toEqual({
            eventId: input.eventId,
            questionId: shirt.id,
            direction: 'down',
          });
        if (event.type === 'xstate.done.actor.reorder')
          expect(real.context.questions).toEqual([matric, shirt]);
        if (event.type === 'xstate.done.actor.remove') {
          expect(real.context.questions).toEqual([]);
          expect(real.context.editingId).toBeNull();
        }
        if (event.type.startsWith('xstate.error.actor.re')) expect(real.context.busyId).toBeNull();
      },
    });
  });

  it('covers every state and transition', () => expectFullCoverage(eventQuestionsMachine, paths));

  it('sends a choice’s options one per line, blank lines dropped, and none for the other kinds', () => {
    const values = {
      label: 'Size',
      kind: 'choice' as const,
      scope: 'attendee' as const,
      required: true,
      options: 'S\n\n M \n',
    };
    expect(questionBody(values).options).toEqual(['S', 'M']);
    expect(questionBody({ ...values, kind: 'text' })).not.toHaveProperty('options');
  });
});
