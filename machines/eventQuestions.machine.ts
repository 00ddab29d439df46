import { assign, fromPromise, setup } from 'xstate';
import {
  type Question,
  type QuestionKind,
  type QuestionRequest,
  type QuestionScope,
  questionRequest,
} from '../contract/questions';
import { editField, type FieldErrors, hasErrors, messageOr, refusedSubmit, validate } from './lib/form';

/** The editor's fields; a choice question's options are typed one per line. */
export type QuestionValues = {
  label: string;
  kind: QuestionKind;
  scope: QuestionScope;
  required: boolean;
  options: string;
};
export const emptyQuestion: QuestionValues = {
  label: '',
  kind: 'text',
  scope: 'order',
  required: false,
  options: '',
};

export function questionBody(v: QuestionValues): QuestionRequest {
  const options = v.options
    .split('\n')
    .map((o) => o.trim())
    .filter((o) => o !== '');
  return {
    label: v.label,
    kind: v.kind,
    scope: v.scope,
    required: v.required,
    ...(v.kind === 'choice' ? { options } : {}),
  };
}

export const valuesOf = (q: Question): QuestionValues => ({
  label: q.label,
  kind: q.kind,
  scope: q.scope,
  required: q.required,
  options: q.options.join('\n'),
});

const rules = {
  safeParse: (v: unknown) => questionRequest.safeParse(questionBody(v as QuestionValues)),
};

type Field = keyof QuestionValues;
type Move = { questionId: string; direction: 'up' | 'down' };

/**
 * 'Checkout questions' on the Tickets tab (decision 045): the event's questions in order, one form
 * that adds a question or edits the one chosen (the contract's rules and words), delete, and move up
 * or down. The server owns the rules that need the answers (a kind is not changed once answered).
 */
export const eventQuestionsMachine = setup({
  types: {
    input: {} as { eventId: string },
    context: {} as {
      eventId: string;
      questions: Question[];
      editingId: string | null;
      values: QuestionValues;
      errors: FieldErrors;
      submitted: boolean;
      formError: string | null;
      busyId: string | null;
      move: Move | null;
    },
    events: {} as
      | { type: 'field.change'; name: Field; value: string | boolean }
      | { type: 'edit.start'; questionId: string }
      | { type: 'edit.cancel' }
      | { type: 'form.submit' }
      | { type: 'delete'; questionId: string }
      | ({ type: 'move' } & Move)
      | { type: 'retry' },
  },
  actors: {
    load: fromPromise<Question[], { eventId: string }>(async () => {
      throw new Error('load actor not provided');
    }),
    save: fromPromise<Question[], { eventId: string; questionId: string | null; body: QuestionRequest }>(
      async () => {
        throw new Error('save actor not provided');
      },
    ),
    remove: fromPromise<Question[], { eventId: string; questionId: string }>(async () => {
      throw new Error('remove actor not provided');
    }),
    reorder: fromPromise<Question[], { eventId: string } & Move>(async () => {
      throw new Error('reorder actor not provided');
    }),
  },
  actions: { notify: (_, _params: { tone: 'success' | 'error'; text: string }) => {} },
  guards: {
    valid: ({ context }) => !hasErrors(validate(rules, context.values)),
    known: ({ context, event }) =>
      'questionId' in event && context.questions.some((q) => q.id === event.questionId),
  },
}).createMachine({
  id: 'eventQuestions',
  context: ({ input }) => ({
    eventId: input.eventId,
    questions: [],
    editingId: null,
    values: emptyQuestion,
    errors: {},
    submitted: false,
    formError: null,
    busyId: null,
    move: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => ({ eventId: context.eventId }),
        onDone: { target: 'ready', actions: assign(({ event }) => ({ questions: event.output })) },
        onError: {
          target: 'failed',
          actions: assign(({ event }) => ({
            formError: messageOr(event.error, 'Checkout questions could not be loaded.'),
          })),
        },
      },
    },
    failed: { on: { retry: { target: 'loading', actions: assign({ formError: null }) } } },
    ready: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'field.change': {
              actions: assign(({ context, event }) => ({
                ...editField(rules, context, event.name, event.value),
                formError: null,
              })),
            },
            'edit.start': {
              guard: 'known',
              actions: assign(({ context, event }) => ({
                editingId: event.questionId,
                values: valuesOf(context.questions.find((q) => q.id === event.questionId) as Question),
                errors: {},
                submitted: false,
                formError: null,
              })),
            },
            'edit.cancel': {
              actions: assign({
                editingId: null,
                values: emptyQuestion,
                errors: {},
                submitted: false,
                formError: null,
              }),
            },
            'form.submit': [
              { guard: 'valid', target: 'saving' },
              { actions: assign(({ context }) => refusedSubmit(rules, context.values)) },
            ],
            delete: {
              guard: 'known',
              target: 'deleting',
              actions: assign(({ event }) => ({ busyId: event.questionId })),
            },
            move: {
              guard: 'known',
              target: 'moving',
              actions: assign(({ event }) => ({
                busyId: event.questionId,
                move: { questionId: event.questionId, direction: event.direction },
              })),
            },
          },
        },
        // Locked until the server answers: what was sent is what a refusal leaves to correct.
        saving: {
          invoke: {
            id: 'save',
            src: 'save',
            input: ({ context }) => ({
              eventId: context.eventId,
              questionId: context.editingId,
              body: questionBody(context.values),
            }),
            onDone: {
              target: 'idle',
              actions: [
                {
                  type: 'notify',
                  params: ({ context }) => ({
                    tone: 'success' as const,
                    text: context.editingId ? 'Question saved' : 'Question added',
                  }),
                },
                assign(({ event }) => ({
                  questions: event.output,
                  editingId: null,
                  values: emptyQuestion,
                  submitted: false,
                  errors: {},
                })),
              ],
            },
            onError: {
              target: 'idle',
              actions: assign(({ event }) => ({
                formError: messageOr(event.error, 'The question was not saved.'),
              })),
            },
          },
        },
        deleting: {
          invoke: {
            id: 'remove',
            src: 'remove',
            // Stryker disable next-line StringLiteral: deleting is entered only by delete, which sets busyId
            input: ({ context }) => ({ eventId: context.eventId, questionId: context.busyId ?? '' }),
            onDone: {
              target: 'idle',
              actions: [
                assign(({ context, event }) => ({
                  questions: event.output,
                  busyId: null,
                  // The question being edited is gone: the form goes back to adding one.
                  ...(context.editingId === context.busyId
                    ? { editingId: null, values: emptyQuestion, errors: {}, submitted: false }
                    : {}),
                })),
                { type: 'notify', params: { tone: 'success', text: 'Question deleted' } },
              ],
            },
            onError: {
              target: 'idle',
              actions: [
                assign({ busyId: null }),
                {
                  type: 'notify',
                  params: ({ event }) => ({
                    tone: 'error' as const,
                    text: messageOr(event.error, 'The question was not deleted.'),
                  }),
                },
              ],
            },
          },
        },
        moving: {
          invoke: {
            id: 'reorder',
            src: 'reorder',
            input: ({ context }) => ({
              eventId: context.eventId,
              questionId: context.move?.questionId ?? '',
              direction: context.move?.direction ?? 'up',
            }),
            onDone: {
              target: 'idle',
              actions: assign(({ event }) => ({ questions: event.output, busyId: null, move: null })),
            },
            onError: {
              target: 'idle',
              actions: [
                assign({ busyId: null, move: null }),
                {
                  type: 'notify',
                  params: ({ event }) => ({
                    tone: 'error' as const,
                    text: messageOr(event.error, 'The question was not moved.'),
                  }),
                },
              ],
            },
          },
        },
      },
    },
  },
});
