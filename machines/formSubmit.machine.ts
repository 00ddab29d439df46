import { assign, fromPromise, setup } from 'xstate';
import type { PublicUser } from '../contract/users';
import { editField, type FieldErrors, hasErrors, messageOr, refusedSubmit, validate } from './lib/form';

type Rules = Parameters<typeof validate>[0];
export type SignedIn = { token: string; user: PublicUser };

/**
 * A small form that signs the visitor in when the server accepts it — quick checkout's name and email,
 * a quick account's first password (decision 038). The contract's words under the fields after the
 * first submit; one call at a time; the server's refusal above the form; `signedIn` (provided by the
 * page) with the session once accepted. `rules` and `values` give the form its shape.
 */
type V = Record<string, string>;

export function signInFormMachine(id: string, rules: Rules, values: V) {
  return setup({
    types: {
      context: {} as { values: V; errors: FieldErrors; formError: string | null; submitted: boolean },
      events: {} as { type: 'field.change'; name: keyof V & string; value: string } | { type: 'form.submit' },
    },
    actors: {
      submit: fromPromise<SignedIn, V>(async () => {
        throw new Error('submit actor not provided');
      }),
    },
    actions: { signedIn: (_, _params: SignedIn) => {} },
    guards: { valid: ({ context }) => !hasErrors(validate(rules, context.values)) },
  }).createMachine({
    id,
    context: { values, errors: {}, formError: null, submitted: false },
    initial: 'editing',
    states: {
      editing: {
        on: {
          'field.change': {
            actions: assign(({ context, event }) => ({
              ...editField(rules, context, event.name, event.value),
              formError: null,
            })),
          },
          'form.submit': [
            { guard: 'valid', target: 'submitting', actions: assign({ submitted: true, formError: null }) },
            { actions: assign(({ context }) => refusedSubmit(rules, context.values)) },
          ],
        },
      },
      submitting: {
        invoke: {
          id: 'submit',
          src: 'submit',
          input: ({ context }) => context.values,
          onDone: { target: 'signedIn', actions: { type: 'signedIn', params: ({ event }) => event.output } },
          onError: {
            target: 'editing',
            actions: assign(({ event }) => ({
              formError: messageOr(event.error, 'Something went wrong. Please try again.'),
            })),
          },
        },
      },
      signedIn: { type: 'final' },
    },
  });
}
