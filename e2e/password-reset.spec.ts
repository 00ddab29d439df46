import { expect, test } from '@playwright/test';
import { mailTo, PASSWORD, resetCode, signInThroughUi, verifiedUser } from './support/auth';

/** The password reset end to end: code by mail, the one-time reset token, the code page. */

test('forgot password: code typed into the six boxes, new password, sign in with it', async ({ page }) => {
  const user = await verifiedUser(page.request, 'Tunde');
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password\/?$/);
  // The URL changes before the lazily loaded page replaces the sign-in form.
  await expect(page.getByRole('heading', { name: 'Forgot password' })).toBeVisible();
  await page.getByLabel('Email').fill(user.email);
  await page.getByRole('button', { name: 'Get Code' }).click();

  await expect(page).toHaveURL(/\/forgot-password\/email-code$/);
  await expect(page.getByRole('heading', { name: 'Email Verification' })).toBeVisible();
  await expect(page.getByText("We've sent a 6-digit code to")).toContainText(user.email);
  await expect(page.getByText(/Code expires in [45]:\d\d/)).toBeVisible();
  const confirm = page.getByRole('button', { name: 'Confirm code' });
  await expect(confirm).toBeDisabled();

  const code = resetCode(await mailTo(page.request, user.email, /reset code/i));
  // A wrong code first: the server's message shows.
  const wrong = code === '000000' ? '111111' : '000000';
  await page.getByLabel('Digit 1 of 6').click();
  await page.keyboard.type(wrong);
  await expect(confirm).toBeEnabled();
  await confirm.click();
  await expect(page.getByRole('alert')).toContainText('Incorrect code');
  // Backspace clears the last box and the button is disabled again.
  await page.getByLabel('Digit 6 of 6').focus();
  await page.keyboard.press('Backspace');
  await expect(page.getByLabel('Digit 6 of 6')).toHaveValue('');
  await expect(confirm).toBeDisabled();

  // Type the right code, box by box.
  await page.getByLabel('Digit 1 of 6').click();
  for (const [i, digit] of [...code].entries()) await page.getByLabel(`Digit ${i + 1} of 6`).fill(digit);
  await expect(confirm).toBeEnabled();
  await confirm.click();

  await expect(page).toHaveURL(/\/reset-password$/);
  await expect(page.getByRole('heading', { name: 'Set new password' })).toBeVisible();
  await page.getByLabel('New password').fill('short');
  await page.getByRole('button', { name: 'Create password' }).click();
  await expect(page.getByText('Password must be at least 8 characters long')).toBeVisible();
  await page.getByLabel('New password').fill('Abuja!2026');
  await page.getByLabel('Confirm password').fill('Abuja!2026');
  await page.getByRole('button', { name: 'Create password' }).click();

  await expect(page).toHaveURL(/\/login$/);
  await signInThroughUi(page, user.email, PASSWORD);
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password.');
  await page.getByLabel('Password', { exact: true }).fill('Abuja!2026');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(
    page.getByRole('button', { name: `Account menu for ${user.firstName} ${user.lastName}` }),
  ).toBeVisible();
});

test('reset token: carried in history state only; a stranger with just the email cannot finish the reset', async ({
  page,
  context,
}) => {
  const user = await verifiedUser(page.request, 'Kemi');
  const urls: string[] = [];
  page.on('request', (r) => urls.push(r.url()));
  await page.goto('/forgot-password');
  await page.getByLabel('Email').fill(user.email);
  await page.getByRole('button', { name: 'Get Code' }).click();
  await expect(page).toHaveURL(/\/forgot-password\/email-code$/);
  const code = resetCode(await mailTo(page.request, user.email, /reset code/i));
  const verified = page.waitForResponse('**/api/users/verify-otp');
  await page.getByLabel('Digit 1 of 6').click();
  await page.keyboard.type(code);
  await page.getByRole('button', { name: 'Confirm code' }).click();
  const token = ((await (await verified).json()) as { resetToken: string }).resetToken;
  expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  await expect(page.getByRole('heading', { name: 'Set new password' })).toBeVisible();
  expect(await page.evaluate(() => (window.history.state as { resetToken?: string }).resetToken)).toBe(token);

  // While the owner's window is open, a stranger who knows the email is refused and changes nothing.
  const stranger = await page.request.post('/api/users/reset-password', {
    data: { email: user.email, newPassword: 'Stranger#2026' },
  });
  expect(stranger.status()).toBe(400);
  expect((await stranger.json()).message).toBe(
    'Please verify the code sent to your email before resetting your password.',
  );

  // Another tab opened on /reset-password has no token in its history, so it starts over.
  const other = await context.newPage();
  await other.goto('/reset-password');
  await expect(other).toHaveURL(/\/forgot-password$/);
  await other.close();

  // Reloading the page keeps the history entry's state, token included.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Set new password' })).toBeVisible();

  // The server takes this reset (it refused the one without the token above).
  const answered = page.waitForResponse('**/api/users/reset-password');
  await page.getByLabel('New password').fill('Abuja!2026');
  await page.getByLabel('Confirm password').fill('Abuja!2026');
  await page.getByRole('button', { name: 'Create password' }).click();
  expect((await answered).status()).toBe(200);
  await expect(page).toHaveURL(/\/login$/);
  await signInThroughUi(page, user.email, 'Abuja!2026');
  await expect(page).toHaveURL(/\/$/);
  // The token was in no address the page asked for or showed.
  expect(urls.filter((u) => u.includes(token))).toEqual([]);
  expect(page.url()).not.toContain(token);
});

test('the code page: pasting all six digits, and Resend code sends a new code and restarts the countdown', async ({
  page,
}) => {
  const user = await verifiedUser(page.request, 'Bisi');
  await page.clock.install();
  await page.goto('/forgot-password');
  await page.getByLabel('Email').fill(user.email);
  await page.getByRole('button', { name: 'Get Code' }).click();
  await expect(page.getByText('Code expires in 5:00')).toBeVisible();
  await page.clock.runFor(30_000);
  await expect(page.getByText('Code expires in 4:30')).toBeVisible();

  await page.getByRole('button', { name: 'Resend code' }).click();
  await expect(page.getByText('Code expires in 5:00')).toBeVisible();
  await expect(page.getByText(`We've sent a new code to ${user.email}.`)).toBeVisible();
  // The newest code replaces the first one.
  const code = resetCode(await mailTo(page.request, user.email, /reset code/i));

  await page.getByLabel('Digit 1 of 6').focus();
  await page.getByLabel('Digit 1 of 6').evaluate((input, text) => {
    const data = new DataTransfer();
    data.setData('text/plain', text);
    input.dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
    );
  }, code);
  for (const [i, digit] of [...code].entries())
    await expect(page.getByLabel(`Digit ${i + 1} of 6`)).toHaveValue(digit);
  await page.getByRole('button', { name: 'Confirm code' }).click();
  await expect(page).toHaveURL(/\/reset-password$/);
});
