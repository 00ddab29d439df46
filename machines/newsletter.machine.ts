import { assign, fromPromise, setup } from 'xstate';
import * as z from 'zod/mini';
import { type NewsletterRequest, type NewsletterResponse, newsletterRequest } from '../contract/newsletter';
import { validate } from './lib/form';

export type NewsletterValues = { name: string; email: string };
export type NewsletterField = keyof NewsletterValues;
export type NewsletterErrors = Partial<Record<NewsletterField, string>>;

/** The first problem per field, in the contract's words (the shared form validation). */
export function newsletterErrors(values: NewsletterValues): NewsletterErrors {
  return validate(newsletterRequest, values) as NewsletterErrors;
}

const empty: NewsletterValues = { name: '', email: '' };

/**
 * The events newsletter block: name and email required; subscribing → on success the
 * fields clear and a toast confirms; on failure the values stay and the server's message shows.
 */
export const newsletterMachine = setup({
  types: {
    context: {} as { values: NewsletterValues; errors: NewsletterErrors; showErrors: boolean },
    events: {} as { type: 'field.change'; field: NewsletterField; value: string } | { type: 'form.submit' },
  },
  actors: {
    // Provided by the page: POST /api/newsletter.
    subscribe: fromPromise<NewsletterResponse, NewsletterRequest>(async () => {
      throw new Error('subscribe is not provided');
    }),
  },
  actions: {
    notifySubscribed: (_, _params: { message: string }) => {},
    notifyFailed: (_, _params: { text: string }) => {},
    setField: assign(({ context, event }) => {
      if (event.type !== 'field.change') return {};
      const values = { ...context.values, [event.field]: event.value };
      return { values, errors: context.showErrors ? newsletterErrors(values) : {} };
    }),
    showErrors: assign(({ context }) => ({ showErrors: true, errors: newsletterErrors(context.values) })),
    reset: assign({ values: empty, errors: {}, showErrors: false }),
  },
  guards: {
    isValid: ({ context }) => newsletterRequest.safeParse(context.values).success,
  },
}).createMachine({
  id: 'newsletter',
  context: { values: empty, errors: {}, showErrors: false },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'field.change': { actions: 'setField' },
        'form.submit': [{ guard: 'isValid', target: 'subscribing' }, { actions: 'showErrors' }],
      },
    },
    subscribing: {
      invoke: {
        id: 'subscribe',
        src: 'subscribe',
        input: ({ context }) => z.parse(newsletterRequest, context.values),
        onDone: {
          target: 'idle',
          actions: [
            'reset',
            { type: 'notifySubscribed', params: ({ event }) => ({ message: event.output.message }) },
          ],
        },
        onError: {
          target: 'idle',
          actions: {
            type: 'notifyFailed',
            params: ({ event }) => ({
              text: event.error instanceof Error ? event.error.message : String(event.error),
            }),
          },
        },
      },
    },
  },
});
