import { assign, fromPromise, setup } from 'xstate';
import { type PublicUser, type UpdateProfileRequest, updateProfileRequest } from '../contract/users';
import { editField, type FieldErrors, hasErrors, messageOr, refusedSubmit, validate } from './lib/form';

export type ProfileField = keyof UpdateProfileRequest;

const valuesOf = (user: PublicUser): UpdateProfileRequest => ({
  firstName: user.firstName,
  lastName: user.lastName,
  username: user.username,
  email: user.pendingEmail ?? user.email,
});

/**
 * The Account form of the settings modal: 'Save Changes', busy
 * 'Saving...'; on 200 the session user is replaced (`profileSaved`) and 'Profile updated
 * successfully!' shows; failure shows the server's message or 'An error occurred.'.
 */
export const accountSettingsMachine = setup({
  types: {
    input: {} as { user: PublicUser },
    context: {} as {
      userId: string;
      values: UpdateProfileRequest;
      errors: FieldErrors;
      formError: string | null;
      success: string | null;
      submitted: boolean;
    },
    events: {} as { type: 'field.change'; name: ProfileField; value: string } | { type: 'form.submit' },
  },
  actors: {
    updateProfile: fromPromise<{ user: PublicUser }, { id: string; body: UpdateProfileRequest }>(async () => {
      throw new Error('updateProfile actor not provided');
    }),
  },
  actions: {
    profileSaved: (_, _params: { user: PublicUser }) => {},
  },
  guards: {
    valid: ({ context }) => !hasErrors(validate(updateProfileRequest, context.values)),
  },
}).createMachine({
  id: 'accountSettings',
  context: ({ input }) => ({
    userId: input.user._id,
    values: valuesOf(input.user),
    errors: {},
    formError: null,
    success: null,
    submitted: false,
  }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'field.change': {
          actions: assign(({ context, event }) => ({
            ...editField(updateProfileRequest, context, event.name, event.value),
            success: null,
          })),
        },
        'form.submit': [
          {
            guard: 'valid',
            target: 'saving',
            actions: assign({ errors: {}, formError: null, success: null, submitted: true }),
          },
          {
            actions: assign(({ context }) => ({
              ...refusedSubmit(updateProfileRequest, context.values),
              success: null,
            })),
          },
        ],
      },
    },
    saving: {
      invoke: {
        id: 'updateProfile',
        src: 'updateProfile',
        input: ({ context }) => ({
          id: context.userId,
          body: {
            firstName: context.values.firstName.trim(),
            lastName: context.values.lastName.trim(),
            username: context.values.username.trim(),
            email: context.values.email.trim(),
          },
        }),
        onDone: {
          target: 'editing',
          actions: [
            assign(({ event }) => ({
              values: valuesOf(event.output.user),
              success: 'Profile updated successfully!',
            })),
            { type: 'profileSaved', params: ({ event }) => ({ user: event.output.user }) },
          ],
        },
        onError: {
          target: 'editing',
          actions: assign({ formError: ({ event }) => messageOr(event.error, 'An error occurred.') }),
        },
      },
    },
  },
});
