import { expect } from '@playwright/test';
import { resetPasswordMachine } from '../../../machines/resetPassword.machine';
import { account, expectResetTokenInHistoryOnly, requestCodeThroughUi } from '../accounts';
import type { UiFlow } from '../harness';
import { expectField, expectFormError } from '../screen';

/**
 * Set a new password, reached for real: code requested on the forgot-password screen, read from
 * the dev outbox, typed into the code screen and verified by the real server, whose one-time reset
 * token the page carries in history state. The real server resets the password with it; the
 * failure is answered as the server answers when the verified code's window has passed (ten
 * minutes of real time no test waits for).
 */
const WINDOW_PASSED = 'Your code verification has expired. Please request a new code.';
const LABELS = { newPassword: 'New password', confirmPassword: 'Confirm password' } as const;

type Data = { email: string };

export const resetPasswordFlow: UiFlow<Data> = {
  name: 'resetPassword',
  machine: resetPasswordMachine,
  // The model's token stands for the one the real server gave the code screen.
  input: { email: 'account@example.ng', resetToken: 'model-token-stands-for-the-servers-one-00000' },
  events: [
    { type: 'field.change', name: 'newPassword', value: 'New#pass1' },
    { type: 'field.change', name: 'newPassword', value: 'weak' },
    { type: 'field.change', name: 'confirmPassword', value: 'New#pass1' },
    { type: 'form.submit' },
    { type: 'xstate.done.actor.resetPassword', output: {} },
    { type: 'xstate.error.actor.resetPassword', error: { status: 400, serverMessage: WINDOW_PASSED } },
  ],
  key: (s) => [s.context.values, s.context.errors, s.context.formError, s.context.submitted],
  heldCalls: { resetPassword: '**/api/users/reset-password' },
  prepare: async (request) => ({ email: (await account(request, 'reset')).email }),
  start: async ({ page, request, data }) => {
    const code = await requestCodeThroughUi(page, request, data.email);
    await page.getByLabel('Digit 1 of 6').click();
    await page.keyboard.type(code);
    await page.getByRole('button', { name: 'Confirm code' }).click();
    await expect(page).toHaveURL(/\/reset-password$/);
  },
  actions: {
    'field.change': async ({ page }, event) => {
      await page.getByLabel(LABELS[event.name as keyof typeof LABELS], { exact: true }).fill(event.value);
    },
    'form.submit': async ({ page }) => {
      await page.getByRole('button', { name: 'Create password' }).click();
    },
    'xstate.done.actor.resetPassword': ({ held }) => held.answer('resetPassword', { server: true }),
    'xstate.error.actor.resetPassword': ({ held }) =>
      held.answer('resetPassword', { status: 400, json: { message: WINDOW_PASSED } }),
  },
  states: {
    editing: async ({ page, data }, s) => {
      await expect(page.getByRole('heading', { name: 'Set new password' })).toBeVisible();
      await expect(page.getByText(data.email)).toBeVisible();
      await expect(page.getByRole('button', { name: 'Create password' })).toBeEnabled();
      await expectResetTokenInHistoryOnly(page);
      for (const [name, label] of Object.entries(LABELS))
        await expectField(
          page.getByLabel(label, { exact: true }),
          s.context.values[name],
          s.context.errors[name],
        );
      await expectFormError(page, s.context.formError);
    },
    resetting: async ({ page }) => {
      await expect(page.getByRole('button', { name: 'Resetting...' })).toBeDisabled();
    },
    done: async ({ page }) => {
      await expect(page).toHaveURL(/\/login$/);
      await expect(
        page.getByText('Your password has been reset. Sign in with your new password.'),
      ).toBeVisible();
    },
  },
};
