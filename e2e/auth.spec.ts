import { expect, test } from '@playwright/test';
import {
  chooseTimeout,
  mailTo,
  PASSWORD,
  signInThroughUi,
  uniqueEmail,
  verifiedUser,
  verifyLink,
} from './support/auth';
import { picture } from './support/shots';

/**
 * The account flows end to end, against the real server with its mail outbox (GET /api/dev/outbox).
 * Each test makes its own user, so the tests do not depend on each other. The password reset has
 * its own file (password-reset.spec.ts).
 */

test('sign up, verify from the emailed link, sign in and come back to the guarded page', async ({ page }) => {
  const email = uniqueEmail('ada');
  await page.goto('/signup');
  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  // Validation messages from the spec show under the fields.
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('First name is required')).toBeVisible();
  await expect(page.getByText('Username must be at least 3 characters long')).toBeVisible();

  await page.getByLabel('First name').fill('Ada');
  await page.getByLabel('Last name').fill('Obi');
  await page.getByLabel('Username').fill(`ada${Date.now()}`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Create password').fill(PASSWORD);
  await page.getByLabel('Confirm password').fill('Lagos#2024');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  // The toggle shows the password and says it will hide it next.
  const toggle = page.getByRole('button', { name: 'Show password' }).first();
  await toggle.click();
  await expect(page.getByLabel('Create password')).toHaveAttribute('type', 'text');
  await expect(page.getByRole('button', { name: 'Hide password' })).toBeVisible();
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page).toHaveURL(/\/check-email$/);
  await expect(page.getByRole('heading', { name: 'Check Your Email' })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  // The email survives a reload of the page (it lives in history state).
  await page.reload();
  await expect(page.getByText(email)).toBeVisible();
  await page.getByRole('button', { name: 'Resend Verification Email' }).click();
  await expect(page.getByText('Verification email sent successfully!')).toBeVisible();

  // Signing in before verifying leads back to the check-email page.
  await page.goto('/login');
  await signInThroughUi(page, email);
  await expect(page).toHaveURL(/\/check-email$/);
  await expect(page.getByText(email)).toBeVisible();

  const link = verifyLink(await mailTo(page.request, email, /verify/i));
  await page.goto(link);
  await expect(page.getByText('Email verified successfully! Redirecting to login...')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/, { timeout: 6_000 });

  await page.goto('/profile');
  await expect(page).toHaveURL(/\/login\?from=%2Fprofile$/);
  await page.getByLabel('Remember me').check();
  await signInThroughUi(page, email);
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('link', { name: 'My Profile' })).toBeVisible();
  // The sign-in entry was replaced: going back skips the form that sent us to /profile.
  await page.goBack();
  await expect(page).not.toHaveURL(/from=/);

  // 'Remember me' asked the server for a 30-day session.
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const sessions = await page.request.get('/api/users/sessions', {
    headers: { authorization: `Bearer ${token}` },
  });
  const [current] = (await sessions.json()).sessions as Array<{ createdAt: string; expiresAt: string }>;
  const days = (Date.parse(current?.expiresAt ?? '') - Date.parse(current?.createdAt ?? '')) / 86_400_000;
  expect(days).toBeGreaterThan(29);
});

test('a verification link without a token says so', async ({ page }) => {
  await page.goto('/verify-email');
  await expect(page.getByText('Invalid verification link.')).toBeVisible();
  await page.goto('/check-email');
  await expect(page).toHaveURL(/\/login$/);
});

test('wrong credentials show the server message', async ({ page }) => {
  await page.goto('/login');
  await signInThroughUi(page, uniqueEmail('nobody'));
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password.');
});

test('profile update shows the new name in the avatar menu', async ({ page }) => {
  const user = await verifiedUser(page.request, 'Ngozi');
  await page.goto('/login');
  await signInThroughUi(page, user.email);
  await expect(page).toHaveURL(/\/$/);

  await page.getByRole('button', { name: `Account menu for Ngozi ${user.lastName}` }).click();
  const menu = page.getByRole('menu');
  await expect(menu).toContainText(`Ngozi ${user.lastName}`);
  await expect(menu).toContainText(`@${user.username}`);
  await page.getByRole('menuitem', { name: 'Settings' }).click();

  const dialog = page.getByRole('dialog', { name: 'Account settings' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Firstname').fill('');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(dialog.getByText('First name is required')).toBeVisible();
  await dialog.getByLabel('Firstname').fill('Adaeze');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(dialog.getByText('Profile updated successfully!')).toBeVisible();
  await dialog.getByRole('button', { name: 'Close settings' }).click();
  await expect(dialog).toBeHidden();

  await page.getByRole('button', { name: `Account menu for Adaeze ${user.lastName}` }).click();
  await expect(page.getByRole('menu')).toContainText(`Adaeze ${user.lastName}`);
  // The stored user changed too, so a reload keeps the new name.
  await page.keyboard.press('Escape');
  await page.reload();
  await expect(page.getByRole('button', { name: `Account menu for Adaeze ${user.lastName}` })).toBeVisible();
});

test('inactivity: no press for more than 5 minutes signs out and goes to /login', async ({ page }) => {
  const user = await verifiedUser(page.request, 'Obinna');
  await chooseTimeout(page.request, user.email, 5);
  await page.clock.install();
  await page.goto('/login');
  await signInThroughUi(page, user.email);
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/profile$/);

  // Four idle minutes: the checks run and find the user still within the limit.
  await page.clock.fastForward('04:00');
  await page.clock.runFor(1_000);
  await expect(page).toHaveURL(/\/profile$/);
  // A key press counts as activity and starts the five minutes again.
  await page.keyboard.press('Shift');
  await page.clock.fastForward('04:00');
  await page.clock.runFor(1_000);
  await expect(page).toHaveURL(/\/profile$/);
  // Past five idle minutes the next check signs out.
  await page.clock.fastForward('02:00');
  await expect(page).toHaveURL(/\/login/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
});

test('the Timeouts setting really changes the inactivity limit and is remembered', async ({ page }) => {
  const user = await verifiedUser(page.request, 'Emeka');
  await page.clock.install();
  await page.goto('/login');
  await signInThroughUi(page, user.email);
  await expect(page).toHaveURL(/\/$/);

  await page.getByRole('button', { name: /Account menu for/ }).click();
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Account settings' });
  // No choice made yet: an attendee's default, said as such (decision 053 §5).
  await expect(dialog.getByLabel('Timeouts')).toHaveValue('30');
  await expect(dialog.getByText('Not chosen yet: 30 minutes is the default for you')).toBeVisible();
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await picture(dialog, `test-results/settings-timeouts-default-${colorScheme}.png`);
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await dialog.getByLabel('Timeouts').selectOption('10');
  await expect(dialog.getByText('Settings saved.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Close settings' }).click();
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/profile$/);

  // Seven idle minutes: still signed in with a 10-minute timeout.
  await page.clock.fastForward('07:00');
  await page.clock.runFor(1_000);
  await expect(page).toHaveURL(/\/profile$/);
  // Past ten minutes the next check signs out.
  await page.clock.fastForward('04:00');
  await expect(page).toHaveURL(/\/login/);

  // Remembered by the server: the next sign-in comes back with 10 minutes.
  await signInThroughUi(page, user.email);
  await expect(page).toHaveURL(/\/$/);
  await page.getByRole('button', { name: /Account menu for/ }).click();
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  await expect(page.getByRole('dialog', { name: 'Account settings' }).getByLabel('Timeouts')).toHaveValue(
    '10',
  );
});

test('sign out ends the session on the server and shows Login again', async ({ page }) => {
  const user = await verifiedUser(page.request, 'Femi');
  await page.goto('/login');
  await signInThroughUi(page, user.email);
  await expect(page).toHaveURL(/\/$/);
  const token = await page.evaluate(() => localStorage.getItem('token'));

  await page.getByRole('button', { name: /Account menu for/ }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  await expect
    .poll(async () =>
      (await page.request.get('/api/users/me', { headers: { authorization: `Bearer ${token}` } })).status(),
    )
    .toBe(401);
  await page.goto('/about');
  await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'My Profile' })).toHaveCount(0);
});

test('security: another session is listed and can be signed out; the settings view starts a reset', async ({
  page,
}) => {
  const user = await verifiedUser(page.request, 'Kemi');
  const other = await page.request.post('/api/users/login', {
    data: { email: user.email, password: PASSWORD },
    headers: {
      'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Version/17.0 Mobile Safari/604.1',
    },
  });
  const otherToken = (await other.json()).token as string;
  await page.goto('/login');
  await signInThroughUi(page, user.email);
  await expect(page).toHaveURL(/\/$/);

  await page.getByRole('button', { name: /Account menu for/ }).click();
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Account settings' });
  await dialog.getByRole('tab', { name: 'Security' }).click();
  await expect(dialog.getByText('This device')).toBeVisible();
  const signOutOther = dialog.getByRole('button', {
    name: /^Sign out .*iOS|^Sign out .*iPhone|^Sign out Safari/,
  });
  await expect(signOutOther).toHaveCount(1);
  await signOutOther.click();
  await expect(signOutOther).toHaveCount(0);
  expect(
    (
      await page.request.get('/api/users/me', { headers: { authorization: `Bearer ${otherToken}` } })
    ).status(),
  ).toBe(401);

  await dialog.getByRole('tab', { name: 'Login methods' }).click();
  await expect(dialog.getByRole('radio', { name: /Email & Password/ })).toBeChecked();
  await expect(dialog.getByRole('radio', { name: /Phone number & Password/ })).toBeDisabled();
  await dialog.getByRole('button', { name: 'Reset password' }).click();
  await expect(page).toHaveURL(/\/forgot-password\/email-code$/);
  await expect(page.getByText("We've sent a 6-digit code to")).toContainText(user.email);
});

test('a session ended elsewhere signs this tab out at its next account call', async ({ page }) => {
  const user = await verifiedUser(page.request, 'Bola');
  await page.goto('/login');
  await signInThroughUi(page, user.email);
  await expect(page).toHaveURL(/\/$/);
  const token = await page.evaluate(() => localStorage.getItem('token'));
  // Signed out from somewhere else (another device, a password reset): the token is dead server-side.
  const ended = await page.request.post('/api/users/logout', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(ended.ok()).toBe(true);

  await page.getByRole('button', { name: /Account menu for/ }).click();
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  await page.getByRole('dialog', { name: 'Account settings' }).getByRole('tab', { name: 'Security' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});
