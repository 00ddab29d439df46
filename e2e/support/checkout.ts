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

/** The seeded meetup with a free ticket type: the specs that need tickets quickly buy there. */
export const TECH_MEETUP = 'Abuja Tech Meetup: Building for the Naira Economy';

export type BoughtTicket = { code: string; shareToken: string; reference: string };

/**
 * `buyer` takes `quantity` free tickets of the meetup through the API (order, then pay, which a
 * free order settles at once): the order's id and its tickets.
 */
export async function freeTickets(request: APIRequestContext, buyer: Account, quantity = 1) {
  const eventId = await eventIdByName(request, TECH_MEETUP);
  const headers = { authorization: `Bearer ${buyer.token}` };
  const types = (await (await request.get(`/api/tickets/event/${eventId}`)).json()).tickets as {
    _id: string;
    ticketPrice: number;
  }[];
  const free = types.find((t) => t.ticketPrice === 0)!;
  const made = await request.post('/api/orders', {
    headers,
    data: {
      eventId,
      items: { [free._id]: quantity },
      buyer: {
        firstName: buyer.user.firstName,
        lastName: 'Okafor',
        email: buyer.user.email,
        phone: '+2348031234567',
      },
    },
  });
  expect(made.status(), await made.text()).toBe(201);
  const orderId = (await made.json()).order._id as string;
  const paid = await request.post(`/api/orders/${orderId}/pay`, {
    headers,
    data: { acceptTerms: true, emailUpdates: false },
  });
  expect(paid.ok(), await paid.text()).toBe(true);
  const order = (await (await request.get(`/api/orders/${orderId}`, { headers })).json()).order;
  return { orderId, tickets: order.tickets as BoughtTicket[] };
}

/** The contact step with valid details (names and email come prefilled from the account). */
export async function fillContact(page: Page, email: string) {
  await expect(page.getByRole('heading', { name: 'Contact information' })).toBeVisible();
  await page.getByLabel('Confirm Email address').fill(email);
  await page.getByLabel('Country code').selectOption('+234');
  await page.getByLabel('Phone number').fill('0803 123 4567');
}
