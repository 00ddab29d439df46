import { type APIRequestContext, expect, type Page } from '@playwright/test';

/**
 * Fixtures for the checkout browser tests, all through the real API: a verified buyer (signed up,
 * verified from the outbox mail, signed in), the sample organiser, and the seeded events.
 */

export const PASSWORD = 'Lagos#2025';
export const ORGANISER = { email: 'ada@gatepass.ng', password: 'Gatepass#2026' };

type Mail = { to: string; subject: string; text: string };
export type Account = { token: string; user: Record<string, unknown> & { email: string; firstName: string } };

async function signIn(request: APIRequestContext, email: string, password: string): Promise<Account> {
  const login = await request.post('/api/users/login', { data: { email, password } });
  expect(login.status(), await login.text()).toBe(200);
  const { token } = (await login.json()) as { token: string };
  const me = await request.get('/api/users/me', { headers: { authorization: `Bearer ${token}` } });
  const { user } = (await me.json()) as { user: Account['user'] };
  return { token, user };
}

export async function newBuyer(request: APIRequestContext, firstName = 'Chioma'): Promise<Account> {
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const email = `${firstName.toLowerCase()}.${tag}@example.ng`;
  const res = await request.post('/api/users/register', {
    data: {
      firstName,
      lastName: 'Okafor',
      username: `${firstName.toLowerCase()}${tag}`,
      email,
      password: PASSWORD,
      confirmPassword: PASSWORD,
    },
  });
  expect(res.status()).toBe(201);
  let link = '';
  await expect
    .poll(async () => {
      const mails = (await (await request.get('/api/dev/outbox')).json()) as Mail[];
      const mail = mails.find((m) => m.to === email && /verify/i.test(m.subject));
      link = /\/verify-email\?token=[\w-]+/.exec(mail?.text ?? '')?.[0] ?? '';
      return link;
    })
    .not.toBe('');
  expect((await request.get(`/api${link.replace('/verify-email', '/users/verify-email')}`)).ok()).toBe(true);
  return signIn(request, email, PASSWORD);
}

export const organiser = (request: APIRequestContext) => signIn(request, ORGANISER.email, ORGANISER.password);

/** Opens the app signed in as `account` (the token and user the SPA keeps in localStorage). */
export async function useAccount(page: Page, account: Account) {
  await page.addInitScript(
    ([token, user]) => {
      localStorage.setItem('token', token);
      localStorage.setItem('user', user);
    },
    [account.token, JSON.stringify(account.user)] as const,
  );
}

export async function eventIdByName(request: APIRequestContext, name: string): Promise<string> {
  const events = (await (await request.get('/api/events')).json()) as { _id: string; eventName: string }[];
  const found = events.find((e) => e.eventName === name);
  expect(found, `sample event ${name}`).toBeDefined();
  return found!._id;
}

/** The contact step with valid details (names and email come prefilled from the account). */
export async function fillContact(page: Page, email: string) {
  await expect(page.getByRole('heading', { name: 'Contact information' })).toBeVisible();
  await page.getByLabel('Confirm Email address').fill(email);
  await page.getByLabel('Country code').selectOption('+234');
  await page.getByLabel('Phone number').fill('0803 123 4567');
}
