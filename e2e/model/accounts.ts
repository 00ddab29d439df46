import { type APIRequestContext, expect, type Page } from '@playwright/test';

/** Accounts made through the real API, and the mails the dev outbox (GET /api/dev/outbox) holds. */

type Mail = { to: string; subject: string; text: string };
export const PASSWORD = 'Lagos#2025';

export const uniqueEmail = (tag: string) =>
  `${tag}.${Date.now()}.${Math.random().toString(36).slice(2, 7)}@example.ng`;
export const uniqueUsername = (tag: string) => `${tag}${Math.random().toString(36).slice(2, 10)}`;

/** The mails to `to` whose subject matches, newest first. */
async function mailsTo(request: APIRequestContext, to: string, subject: RegExp): Promise<Mail[]> {
  const res = await request.get('/api/dev/outbox');
  return ((await res.json()) as Mail[]).filter((m) => m.to === to && subject.test(m.subject));
}

/** Waits until `to` has more than `known` mails matching `subject`, and returns the newest. */
export async function newMail(request: APIRequestContext, to: string, subject: RegExp, known = 0) {
  let found: Mail | undefined;
  await expect
    .poll(
      async () => {
        const mails = await mailsTo(request, to, subject);
        found = mails[0];
        return mails.length > known;
      },
      { timeout: 10_000 },
    )
    .toBe(true);
  return found as Mail;
}

export const countMails = async (request: APIRequestContext, to: string, subject: RegExp) =>
  (await mailsTo(request, to, subject)).length;

/** The 6-digit code of a password-reset mail. */
export function resetCodeIn(mail: Mail) {
  const match = /\b(\d{6})\b/.exec(mail.text);
  expect(match, 'the mail has a 6-digit code').not.toBeNull();
  return match?.[1] ?? '';
}

/** A registered account; verified through its emailed link unless `verified` is false. */
export async function account(request: APIRequestContext, tag: string, verified = true) {
  const email = uniqueEmail(tag);
  const res = await request.post('/api/users/register', {
    data: {
      firstName: 'Ngozi',
      lastName: 'Eze',
      username: uniqueUsername(tag),
      email,
      password: PASSWORD,
      confirmPassword: PASSWORD,
    },
  });
  expect(res.status()).toBe(201);
  if (verified) {
    const mail = await newMail(request, email, /verify/i);
    const link = /https?:\/\/[^\s]+\/verify-email\?token=([\w-]+)/.exec(mail.text);
    expect(link, 'the mail has a verification link').not.toBeNull();
    const verify = await request.get(`/api/users/verify-email?token=${link?.[1]}`);
    expect(verify.ok()).toBe(true);
  }
  return { email };
}

/** Asks for a reset code on the forgot-password screen and returns the emailed code. */
export async function requestCodeThroughUi(
  page: Page,
  request: APIRequestContext,
  email: string,
  options: { navigated?: boolean } = {},
) {
  const known = await countMails(request, email, /reset code/i);
  if (!options.navigated) await page.goto('/forgot-password');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Get Code' }).click();
  await expect(page).toHaveURL(/\/forgot-password\/email-code$/);
  return resetCodeIn(await newMail(request, email, /reset code/i, known));
}

/**
 * Where the one-time reset token is on this page: in the history entry's state (the router's
 * navigation state) and nowhere in the address bar. `expected` false: a page with no token yet.
 */
export async function expectResetTokenInHistoryOnly(page: Page, expected = true) {
  const { token, href } = await page.evaluate(() => ({
    token: (window.history.state as { resetToken?: unknown } | null)?.resetToken,
    href: window.location.href,
  }));
  if (!expected) {
    expect(token).toBeUndefined();
    return;
  }
  expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  expect(href).not.toContain(token as string);
}
