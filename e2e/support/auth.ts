import { type APIRequestContext, expect, type Page } from '@playwright/test';

/** Accounts for the account-flow specs: users made through the API, and mail read from the dev outbox. */

export type Mail = { to: string; subject: string; text: string };
export const PASSWORD = 'Lagos#2025';

export const uniqueEmail = (tag: string) =>
  `${tag}.${Date.now()}.${Math.random().toString(36).slice(2, 7)}@example.ng`;

/** The newest mail to `to` whose subject matches, waiting for the outbox to get it. */
export async function mailTo(
  request: APIRequestContext,
  to: string,
  subject: RegExp,
  after = 0,
): Promise<Mail> {
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

export const verifyLink = (mail: Mail) => {
  const match = /https?:\/\/[^\s]+\/verify-email\?token=[\w-]+/.exec(mail.text);
  expect(match, 'the mail has a verification link').not.toBeNull();
  return new URL(match?.[0] ?? '').pathname + new URL(match?.[0] ?? '').search;
};
export const resetCode = (mail: Mail) => {
  const match = /\b(\d{6})\b/.exec(mail.text);
  expect(match, 'the mail has a 6-digit code').not.toBeNull();
  return match?.[1] ?? '';
};

/** A registered, verified user made through the API (the UI sign-up has its own test). */
export async function verifiedUser(request: APIRequestContext, firstName = 'Chioma') {
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

/**
 * Makes the account's Timeouts choice through the API (a session of its own), for tests timed on a
 * given limit: with no choice an attendee has 30 minutes and an organiser 15 (decision 053 §5).
 */
export async function chooseTimeout(request: APIRequestContext, email: string, inactivityMinutes: number) {
  const login = await request.post('/api/users/login', { data: { email, password: PASSWORD } });
  expect(login.status()).toBe(200);
  const { token } = (await login.json()) as { token: string };
  const saved = await request.put('/api/users/me/settings', {
    headers: { authorization: `Bearer ${token}` },
    data: { inactivityMinutes },
  });
  expect(saved.status()).toBe(200);
  return ((await saved.json()) as { user: Record<string, unknown> }).user;
}

export async function signInThroughUi(page: Page, email: string, password = PASSWORD) {
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}
