import { expect, type Locator, type Page } from '@playwright/test';

/** What the person sees on a form, asserted the same way by every flow. */

/** A labelled field shows `value`, and `error` under it (announced as its description) or none. */
export async function expectField(control: Locator, value: string, error: string | undefined) {
  await expect(control).toHaveValue(value);
  if (error) {
    await expect(control).toHaveAttribute('aria-invalid', 'true');
    await expect(control).toHaveAccessibleDescription(error);
  } else {
    await expect(control).not.toHaveAttribute('aria-invalid', 'true');
  }
}

/** The form's error alert says `message`, or there is none. */
export async function expectFormError(page: Page, message: string | null) {
  const alert = page.locator('form').getByRole('alert');
  if (message) await expect(alert).toHaveText(message);
  else await expect(alert).toHaveCount(0);
}

/** The form's success notice says `message`, or there is none. */
export async function expectFormNotice(page: Page, message: string | null) {
  const notice = page.locator('form').getByRole('status');
  if (message) await expect(notice).toHaveText(message);
  else await expect(notice).toHaveCount(0);
}
