import * as z from 'zod/mini';
import { idParam, uuid } from './common';
import { TEXT_LIMITS, text } from './text';

/**
 * Checkout questions (decision 045): what an event's organiser asks its buyers at checkout — once per
 * order, or once per attendee (per seat) — and the answers, validated by the request that creates the
 * order and shown in the guest list and its CSV.
 *
 * Organiser (owner and co-organiser edit; the whole team reads the list):
 * - GET    /api/events/:eventId/questions                          → questionListResponse
 * - POST   /api/events/:eventId/questions             questionRequest → 201 questionListResponse
 * - PUT    /api/events/:eventId/questions/:questionId questionRequest → questionListResponse
 * - DELETE /api/events/:eventId/questions/:questionId               → questionListResponse
 * - POST   /api/events/:eventId/questions/:questionId/move  questionMoveRequest → questionListResponse
 * Buyers (no sign-in; only what checkout needs, never anyone's answers):
 * - GET    /api/events/:eventId/checkout-questions                  → checkoutQuestionsResponse
 * - POST   /api/orders { …, answers }                               answers checked against the questions
 */

export const QUESTION_KINDS = ['text', 'choice', 'yes_no'] as const;
export const questionKind = z.enum(QUESTION_KINDS, { error: 'Choose short text, choice or yes/no' });
export type QuestionKind = z.infer<typeof questionKind>;

export const QUESTION_SCOPES = ['order', 'attendee'] as const;
export const questionScope = z.enum(QUESTION_SCOPES, { error: 'Ask it once per order or per attendee' });
export type QuestionScope = z.infer<typeof questionScope>;

/** The longest text answer a buyer may give. */
export const ANSWER_MAX = TEXT_LIMITS.short;
export const OPTIONS_MIN = 2;
export const OPTIONS_MAX = 20;
/** An event asks at most this many questions (a checkout is not a survey). */
export const QUESTIONS_MAX = 30;

export const QUESTION_MESSAGES = {
  notFound: 'Question not found',
  tooMany: `An event can ask at most ${QUESTIONS_MAX} questions.`,
  kindAnswered: 'This question already has answers, so its kind cannot change. Add a new question instead.',
  required: 'Please answer this question',
  notAnOption: 'Choose one of the options',
  notYesNo: 'Answer yes or no',
  notText: 'Answer with text',
  tooLong: `Answers can be at most ${ANSWER_MAX} characters`,
  unknown: 'One of the answers is for a question this event does not ask.',
  twice: 'A question was answered twice.',
  badSeat: 'An answer names an attendee this order does not have.',
} as const;

const optionText = text({
  label: 'Option',
  max: 60,
  required: true,
  requiredMessage: 'Options cannot be empty',
});

export const questionRequest = z
  .object({
    label: text({ label: 'Question', max: 120, required: true, requiredMessage: 'Write the question' }),
    kind: questionKind,
    scope: questionScope,
    required: z.boolean({ error: 'required must be true or false' }),
    /** Choice questions only: 2–20 different options. Ignored (stored empty) for the other kinds. */
    options: z.optional(
      z.array(optionText).check(z.maxLength(OPTIONS_MAX, `At most ${OPTIONS_MAX} options`)),
    ),
  })
  .check(
    z.superRefine((q, ctx) => {
      if (q.kind !== 'choice') return;
      const options = q.options ?? [];
      if (options.length < OPTIONS_MIN)
        ctx.addIssue({
          code: 'custom',
          path: ['options'],
          message: `Give at least ${OPTIONS_MIN} options`,
          input: q,
        });
      const seen = new Set(options.map((o) => o.toLowerCase()));
      if (seen.size !== options.length)
        ctx.addIssue({
          code: 'custom',
          path: ['options'],
          message: 'Each option must be different',
          input: q,
        });
    }),
  );
export type QuestionRequest = z.infer<typeof questionRequest>;

export const questionMoveRequest = z.object({
  direction: z.enum(['up', 'down'], { error: 'Move up or down' }),
});

/** What a buyer sees of a question: only what checkout needs. */
export const checkoutQuestion = z.object({
  id: uuid,
  label: z.string(),
  kind: questionKind,
  scope: questionScope,
  required: z.boolean(),
  options: z.array(z.string()),
});
export type CheckoutQuestion = z.infer<typeof checkoutQuestion>;

/** What the organiser sees: also how many orders answered it (editing a kind is refused then). */
export const question = z.object({ ...checkoutQuestion.shape, answers: z.int() });
export type Question = z.infer<typeof question>;

export const questionListResponse = z.object({ questions: z.array(question) });
export const checkoutQuestionsResponse = z.object({ questions: z.array(checkoutQuestion) });

export const questionIdParams = z.object({
  eventId: idParam('Event id'),
  questionId: idParam('Question id'),
});

/**
 * One answer in POST /api/orders. Per-attendee questions name the seat: the ticket type and the
 * 0-based position among that type's seats in the order (the k-th seat of a type is its k-th ticket,
 * as tickets are issued). Choice and text answers are strings, yes/no a boolean.
 */
export const answerInput = z.object({
  questionId: uuid,
  ticketId: z.optional(uuid),
  index: z.optional(
    z
      .int({ error: 'index must be a whole number' })
      .check(z.minimum(0, 'index cannot be negative'), z.maximum(200, 'index is too large')),
  ),
  value: z.union([text({ label: 'Answer', max: ANSWER_MAX }), z.boolean()], {
    error: 'An answer must be text or yes/no',
  }),
});
export type AnswerInput = z.infer<typeof answerInput>;
export const answersField = z.array(answerInput).check(z.maxLength(2000, 'Too many answers'));

/** An answer as the buyer's own order returns it (to show it back, and to refill the contact step). */
export const orderAnswer = z.object({
  questionId: uuid,
  ticketId: z.optional(uuid),
  index: z.optional(z.int()),
  value: z.union([z.string(), z.boolean()]),
});
export type OrderAnswer = z.infer<typeof orderAnswer>;

/* ---------- In the guest list ---------- */

/** A question as a guest list column; a deleted question keeps its column while it has answers. */
export const guestQuestion = z.object({
  id: uuid,
  label: z.string(),
  scope: questionScope,
  deleted: z.boolean(),
});
export const guestAnswer = z.object({ questionId: uuid, value: z.string() });
export type GuestAnswer = z.infer<typeof guestAnswer>;

/** The answers of the listed orders: per order (by order id) and per ticket (by issued ticket id). */
export const guestAnswers = z.object({
  questions: z.array(guestQuestion),
  byOrder: z.record(z.string(), z.array(guestAnswer)),
  byTicket: z.record(z.string(), z.array(guestAnswer)),
});
export type GuestAnswers = z.infer<typeof guestAnswers>;

/** How an answer reads in the guest list and the CSV. */
export const answerText = (value: string | boolean) =>
  value === true ? 'Yes' : value === false ? 'No' : value;
