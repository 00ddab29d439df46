import { assign, fromPromise, setup } from 'xstate';
import * as z from 'zod/mini';
import { type ContactRequest, contactRequest } from '../contract/contact';
import { validate } from './lib/form';

export type ContactValues = {
  firstName: string;
  lastName: string;
  email: string;
  message: string;
  agreement: boolean;
};
export type ContactField = keyof ContactValues;
export type ContactErrors = Partial<Record<ContactField, string>>;

export const emptyContact: ContactValues = {
  firstName: '',
  lastName: '',
  email: '',
  message: '',
  agreement: false,
};

/** The first message per field, in the contract's words (the server sends the same ones). */
/** The first problem per field, in the contract's words (the shared form validation). */
export function contactErrors(values: ContactValues): ContactErrors {
  return validate(contactRequest, values) as ContactErrors;
}

type FieldChange =
  | { type: 'field.change'; field: 'firstName' | 'lastName' | 'email' | 'message'; value: string }
  | { type: 'field.change'; field: 'agreement'; value: boolean };

/**
 * The Contact Us form: idle → sending ('Sending...', button disabled) → back to
 * idle, with the form reset and 'Email Sent successfully!' on success, or the values kept and
 * 'Failed to send email: ' + the service's text on failure. Errors show after the first submit and
 * then follow the values as they change.
 */
export const contactFormMachine = setup({
  types: {
    context: {} as { values: ContactValues; errors: ContactErrors; showErrors: boolean },
    events: {} as FieldChange | { type: 'form.submit' },
  },
  actors: {
    // Provided by the page: POST /api/contact, or EmailJS when it is configured. Rejects with an
    // Error whose message is the text to show after 'Failed to send email: '.
    sendMessage: fromPromise<unknown, ContactRequest>(async () => {
      throw new Error('sendMessage is not provided');
    }),
  },
  actions: {
    // Provided by the page (toasts); tests record them.
    notifySent: () => {},
    notifyFailed: (_, _params: { text: string }) => {},
    setField: assign(({ context, event }) => {
      // Stryker disable next-line ConditionalExpression: only idle's field.change runs setField; the test narrows the type
      if (event.type !== 'field.change') return {};
      const values = { ...context.values, [event.field]: event.value };
      return { values, errors: context.showErrors ? contactErrors(values) : {} };
    }),
    showErrors: assign(({ context }) => ({ showErrors: true, errors: contactErrors(context.values) })),
    reset: assign({ values: emptyContact, errors: {}, showErrors: false }),
  },
  guards: {
    isValid: ({ context }) => contactRequest.safeParse(context.values).success,
  },
}).createMachine({
  id: 'contactForm',
  context: { values: emptyContact, errors: {}, showErrors: false },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'field.change': { actions: 'setField' },
        'form.submit': [{ guard: 'isValid', target: 'sending' }, { actions: 'showErrors' }],
      },
    },
    sending: {
      invoke: {
        id: 'sendMessage',
        src: 'sendMessage',
        input: ({ context }) => z.parse(contactRequest, context.values),
        onDone: { target: 'idle', actions: ['reset', 'notifySent'] },
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
