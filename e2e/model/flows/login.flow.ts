import { expect } from '@playwright/test';
import { loginMachine, UNVERIFIED_MESSAGE } from '../../../machines/login.machine';
import { account, PASSWORD } from '../accounts';
import type { UiFlow, World } from '../harness';
import { expectField, expectFormError } from '../screen';

/**
 * Sign-in, reached the way a visitor meets it: a guarded page (/profile) sends them to
 * /login?from=/profile, and a successful sign-in goes back there. Two accounts are made through the
 * real API, one verified and one not; the model's emails stand for them, and the server's answers
 * are offered only where the real server gives them (success for the verified account and its
 * password, 'unverified' for the other account, 401 for a wrong password), so every answer in a
 * path is the real server's.
 */
const VERIFIED = 'verified@example.ng';
const UNVERIFIED = 'unverified@example.ng';
const WRONG = 'Wrong#2025';
const BAD_CREDENTIALS = 'Invalid email or password.';

type Data = { verified: string; unverified: string };
const real = (world: World<Data>, email: string) =>
  email === VERIFIED ? world.data.verified : email === UNVERIFIED ? world.data.unverified : email;

const fieldEvents = [
  { type: 'field.change', name: 'email', value: 'not-an-email' },
  { type: 'field.change', name: 'email', value: VERIFIED },
  { type: 'field.change', name: 'email', value: UNVERIFIED },
  { type: 'field.change', name: 'password', value: PASSWORD },
  { type: 'field.change', name: 'password', value: WRONG },
  { type: 'field.change', name: 'password', value: '' },
];

export const loginFlow: UiFlow<Data> = {
  name: 'login',
  machine: loginMachine,
  events: (s) => {
    const { email, password, rememberMe } = s.context.values;
    return [
      ...fieldEvents,
      { type: 'rememberMe.change', checked: !rememberMe },
      { type: 'form.submit' },
      ...(email === VERIFIED && password === PASSWORD
        ? [{ type: 'xstate.done.actor.login', output: {} }]
        : []),
      ...(password === WRONG
        ? [{ type: 'xstate.error.actor.login', error: { status: 401, serverMessage: BAD_CREDENTIALS } }]
        : []),
      ...(email === UNVERIFIED && password === PASSWORD
        ? [{ type: 'xstate.error.actor.login', error: { status: 403, serverMessage: UNVERIFIED_MESSAGE } }]
        : []),
    ];
  },
  key: (s) => [s.context.values, s.context.errors, s.context.formError, s.context.submitted],
  heldCalls: { login: '**/api/users/login' },
  prepare: async (request) => ({
    verified: (await account(request, 'login')).email,
    unverified: (await account(request, 'unverified', false)).email,
  }),
  start: async ({ page }) => {
    await page.goto('/profile');
    await expect(page).toHaveURL(/\/login\?from=%2Fprofile$/);
  },
  actions: {
    'field.change': async (world, event) => {
      const label = event.name === 'email' ? 'Email' : 'Password';
      await world.page.getByLabel(label, { exact: true }).fill(real(world, event.value));
    },
    'rememberMe.change': async ({ page }) => {
      await page.getByRole('checkbox', { name: 'Remember me' }).click();
    },
    'form.submit': async ({ page }) => {
      await page.getByRole('button', { name: 'Sign in' }).click();
    },
    // Every answer the model takes here is the real server's (see `events`).
    'xstate.done.actor.login': ({ held }) => held.answer('login', { server: true }),
    'xstate.error.actor.login': ({ held }) => held.answer('login', { server: true }),
  },
  states: {
    editing: async (world, s) => {
      const { page } = world;
      await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Sign in' })).toBeEnabled();
      await expectField(
        page.getByLabel('Email', { exact: true }),
        real(world, s.context.values.email),
        s.context.errors.email,
      );
      await expectField(
        page.getByLabel('Password', { exact: true }),
        s.context.values.password,
        s.context.errors.password,
      );
      await expect(page.getByRole('checkbox', { name: 'Remember me' })).toBeChecked({
        checked: s.context.values.rememberMe,
      });
      await expectFormError(page, s.context.formError);
    },
    submitting: async ({ page }) => {
      await expect(page.getByRole('button', { name: 'Logging in...' })).toBeDisabled();
    },
    signedIn: async ({ page }) => {
      // Back where the guard stopped the visitor.
      await expect(page).toHaveURL(/\/profile$/);
      await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeHidden();
    },
    unverified: async (world) => {
      // The guard's `from` travels on, so signing in after verifying still returns there.
      await expect(world.page).toHaveURL(/\/check-email(\?from=[^&]+)?$/);
      await expect(world.page.getByRole('heading', { name: 'Check Your Email' })).toBeVisible();
      await expect(world.page.getByText(world.data.unverified)).toBeVisible();
    },
  },
};
