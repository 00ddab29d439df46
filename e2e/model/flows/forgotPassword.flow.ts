import { expect } from '@playwright/test';
import { forgotPasswordMachine } from '../../../machines/forgotPassword.machine';
import { account, expectResetTokenInHistoryOnly } from '../accounts';
import type { UiFlow, World } from '../harness';
import { expectField, expectFormError } from '../screen';

/**
 * Forgot password: the model's account email stands for an account made through the real API.
 * The real server answers the code request; the failure is the page losing the network (the
 * request never gets an answer), which the page reports with its fallback message.
 */
const ACCOUNT = 'account@example.ng';

type Data = { email: string };
const real = ({ data }: World<Data>, value: string) => value.replace(ACCOUNT, data.email);

export const forgotPasswordFlow: UiFlow<Data> = {
  name: 'forgotPassword',
  machine: forgotPasswordMachine,
  input: {},
  events: [
    { type: 'field.change', value: 'nope' },
    { type: 'field.change', value: ACCOUNT },
    { type: 'form.submit' },
    { type: 'xstate.done.actor.requestCode', output: {} },
    { type: 'xstate.error.actor.requestCode', error: { network: 'failed' } },
  ],
  key: (s) => [s.context.email, s.context.errors, s.context.formError, s.context.submitted],
  heldCalls: { requestCode: '**/api/users/forgot-password' },
  prepare: async (request) => ({ email: (await account(request, 'forgot')).email }),
  start: async ({ page }) => {
    await page.goto('/forgot-password');
  },
  actions: {
    'field.change': async (world, event) => {
      await world.page.getByLabel('Email').fill(real(world, event.value));
    },
    'form.submit': async ({ page }) => {
      await page.getByRole('button', { name: 'Get Code' }).click();
    },
    'xstate.done.actor.requestCode': ({ held }) => held.answer('requestCode', { server: true }),
    'xstate.error.actor.requestCode': ({ held }) => held.answer('requestCode', { network: 'failed' }),
  },
  states: {
    editing: async (world, s) => {
      const { page } = world;
      await expect(page.getByRole('heading', { name: 'Forgot password' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Get Code' })).toBeEnabled();
      await expectField(page.getByLabel('Email'), real(world, s.context.email), s.context.errors.email);
      await expectFormError(page, s.context.formError);
    },
    sending: async ({ page }) => {
      await expect(page.getByRole('button', { name: 'Sending OTP...' })).toBeDisabled();
    },
    codeSent: async ({ page, data }) => {
      await expect(page).toHaveURL(/\/forgot-password\/email-code$/);
      await expect(page.getByRole('heading', { name: 'Email Verification' })).toBeVisible();
      await expect(page.getByText(data.email)).toBeVisible();
      // Asking for a code earns no reset token: only the right code does, on the next screen.
      await expectResetTokenInHistoryOnly(page, false);
    },
  },
};
