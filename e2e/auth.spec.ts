import { type APIRequestContext, expect, type Page, test } from '@playwright/test';

/**
 * The account flows end to end, against the real server with its mail outbox (GET /api/dev/outbox).
 * Each test makes its own user, so the tests do not depend on each other.
 */

type Mail = { to: string; subject: string; text: string };
const PASSWORD = 'Lagos#2025';

const uniqueEmail = (tag: string) =>
  `${tag}.${Date.now()}.${Math.random().toString(36).slice(2, 7)}@example.ng`;

/** The newest mail to `to` whose subject matches, waiting for the outbox to get it. */
async function mailTo(request: APIRequestContext, to: string, subject: RegExp, after = 0): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(
      async () => {
        const res = await request.get('/api/dev/outbox');
        const mails = (await res.json()) as Mail[];
        found = mails.filter((m) => m.to === to && subject.test(m.subject))[after];
        return found !== undefined;
      },
      { timeout: 10_000 },
    )
    .toBe(true);
  return found as Mail;
}

const verifyLink = (mail: Mail) => {
  const match = /https?:\/\/[^\s]+\/verify-email\?token=[\w-]+/.exec(mail.text);
  expect(match, 'the mail has a verification link').not.toBeNull();
  return new URL(match?.[0] ?? '').pathname + new URL(match?.[0] ?? '').search;
};
const resetCode = (mail: Mail) => {
  const match = /\b(\d{6})\b/.exec(mail.text);
  expect(match, 'the mail has a 6-digit code').not.toBeNull();
  return match?.[1] ?? '';
};

/** A registered, verified user made through the API (the UI sign-up has its own test). */
async function verifiedUser(request: APIRequestContext, firstName = 'Chioma') {
  const email = uniqueEmail(firstName.toLowerCase());
  const username = `${firstName.toLowerCase()}${Math.random().toString(36).slice(2, 8)}`;
  const res = await request.post('/api/users/register', {
    data: { firstName, lastName: 'Okafor', username, email, password: PASSWORD, confirmPassword: PASSWORD },
  });
  expect(res.status()).toBe(201);
  const link = verifyLink(await mailTo(request, email, /verify/i));
  expect((await request.get(`/api${link.replace('/verify-email', '/users/verify-email')}`)).ok()).toBe(true);
  return { email, username, firstName, lastName: 'Okafor' };
}

async function signInThroughUi(page: Page, email: string, password = PASSWORD) {
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

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
  await expect(dialog.getByLabel('Timeouts')).toHaveValue('5');
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
