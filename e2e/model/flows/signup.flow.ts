import { expect } from '@playwright/test';
import { signupMachine } from '../../../machines/signup.machine';
import { account, uniqueEmail, uniqueUsername } from '../accounts';
import type { UiFlow, World } from '../harness';
import { expectField, expectFormError } from '../screen';

/**
 * Sign-up. The model's new email and username stand for fresh ones made for each path (the real
 * server registers them: 201, then /check-email); its taken email stands for an account made
 * through the API before the flow (the real server answers 409). Answers are offered only where
 * the real server gives them.
 */
const NEW_EMAIL = 'new@example.ng';
const TAKEN_EMAIL = 'taken@example.ng';
const NEW_USERNAME = 'newperson';
const EMAIL_TAKEN = 'An account with this email already exists.';
const GOOD: Record<string, string> = {
  firstName: 'Ada',
  lastName: 'Obi',
  username: NEW_USERNAME,
  email: NEW_EMAIL,
  password: 'Secret#123',
  confirmPassword: 'Secret#123',
};
const LABELS: Record<string, string> = {
  firstName: 'First name',
  lastName: 'Last name',
  username: 'Username',
  email: 'Email',
  password: 'Create password',
  confirmPassword: 'Confirm password',
};

type Data = { taken: string; email: string; username: string };
const real = ({ data }: World<Data>, value: string) =>
  ({ [NEW_EMAIL]: data.email, [TAKEN_EMAIL]: data.taken, [NEW_USERNAME]: data.username })[value] ?? value;

export const signupFlow: UiFlow<Data> = {
  name: 'signup',
  machine: signupMachine,
  events: (s) => [
    ...Object.entries(GOOD).map(([name, value]) => ({ type: 'field.change', name, value })),
    { type: 'field.change', name: 'email', value: TAKEN_EMAIL },
    { type: 'field.change', name: 'password', value: 'password' },
    { type: 'field.change', name: 'confirmPassword', value: 'Other#123' },
    { type: 'form.submit' },
    ...(s.context.values.email === NEW_EMAIL ? [{ type: 'xstate.done.actor.register', output: {} }] : []),
    ...(s.context.values.email === TAKEN_EMAIL
      ? [{ type: 'xstate.error.actor.register', error: { status: 409, serverMessage: EMAIL_TAKEN } }]
      : []),
  ],
  // How many fields hold their good value, which email, how many errors show, the alert.
  key: (s) => [
    Object.entries(s.context.values).filter(([k, v]) => v === GOOD[k]).length,
    s.context.values.email === TAKEN_EMAIL,
    Object.keys(s.context.errors).length,
    s.context.formError,
    s.context.submitted,
  ],
  heldCalls: { register: '**/api/users/register' },
  prepare: async (request) => ({
    taken: (await account(request, 'taken', false)).email,
    email: '',
    username: '',
  }),
  start: async ({ page, data }) => {
    data.email = uniqueEmail('signup');
    data.username = uniqueUsername('signup');
    await page.goto('/signup');
  },
  actions: {
    'field.change': async (world, event) => {
      await world.page.getByLabel(LABELS[event.name] ?? '', { exact: true }).fill(real(world, event.value));
    },
    'form.submit': async ({ page }) => {
      await page.getByRole('button', { name: 'Continue' }).click();
    },
    'xstate.done.actor.register': ({ held }) => held.answer('register', { server: true }),
    'xstate.error.actor.register': ({ held }) => held.answer('register', { server: true }),
  },
  states: {
    editing: async (world, s) => {
      const { page } = world;
      await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Continue' })).toBeEnabled();
      for (const [name, label] of Object.entries(LABELS))
        await expectField(
          page.getByLabel(label, { exact: true }),
          real(world, s.context.values[name]),
          s.context.errors[name],
        );
      await expectFormError(page, s.context.formError);
    },
    submitting: async ({ page }) => {
      await expect(page.getByRole('button', { name: 'Creating account...' })).toBeDisabled();
    },
    registered: async ({ page, data }) => {
      await expect(page).toHaveURL(/\/check-email$/);
      await expect(page.getByRole('heading', { name: 'Check Your Email' })).toBeVisible();
      await expect(page.getByText(data.email)).toBeVisible();
    },
  },
};
