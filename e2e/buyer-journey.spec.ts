import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { eventIdByName, newBuyer, PASSWORD } from './support/checkout';

/**
 * A buyer on a phone never loses the event they chose on the way to an account: whatever the path
 * through sign-in, sign-up and the verification link (opened in another tab, as a mail app does),
 * they land on that event's ticket selection with the quantities they had chosen.
 */
test.use({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });

const EVENT = 'Afrobeats Under the Stars';
type Mail = { to: string; subject: string; text: string };

async function verificationPath(request: APIRequestContext, email: string): Promise<string> {
  let path = '';
  await expect
    .poll(async () => {
      const mails = (await (await request.get('/api/dev/outbox')).json()) as Mail[];
      const mail = mails.find((m) => m.to === email && /verify/i.test(m.subject));
      path = /\/verify-email\?token=[\w-]+/.exec(mail?.text ?? '')?.[0] ?? '';
      return path;
    })
    .not.toBe('');
  return path;
}

async function signIn(page: Page, email: string) {
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test('a new buyer signs up and verifies in another tab, and lands on the event they chose', async ({
  page,
  context,
  request,
}) => {
  const eventId = await eventIdByName(request, EVENT);
  await page.goto(`/event-details/${eventId}`);
  await page.getByRole('link', { name: 'Get Tickets' }).first().click();
  await expect(page).toHaveURL(/\/login\?from=/);
  await page.locator('form').getByRole('link', { name: 'Sign up' }).click();
  await expect(page).toHaveURL(new RegExp(`/signup\\?from=%2Fget-tickets%2F${eventId}`));

  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const email = `tolu.${tag}@example.ng`;
  await page.getByLabel('First name').fill('Tolu');
  await page.getByLabel('Last name').fill('Bello');
  await page.getByLabel('Username').fill(`tolu${tag}`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Create password').fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Check Your Email' })).toBeVisible();

  // The link opens in a new tab, as from a mail app; after 3 s it moves on to sign-in.
  const mailTab = await context.newPage();
  await mailTab.goto(await verificationPath(request, email));
  await expect(mailTab.getByText('Email verified successfully!')).toBeVisible();
  await expect(mailTab).toHaveURL(/\/login/, { timeout: 10_000 });
  await signIn(mailTab, email);
  await expect(mailTab).toHaveURL(new RegExp(`/get-tickets/${eventId}$`));
  await expect(mailTab.getByRole('heading', { name: 'Choose Tickets' })).toBeVisible();
});

test('the first tab, still on "Check your email", signs in and lands on the event too', async ({
  page,
  request,
}) => {
  const eventId = await eventIdByName(request, EVENT);
  await page.goto(`/get-tickets/${eventId}`);
  await expect(page).toHaveURL(/\/login\?from=/);
  await page.locator('form').getByRole('link', { name: 'Sign up' }).click();
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const email = `emeka.${tag}@example.ng`;
  await page.getByLabel('First name').fill('Emeka');
  await page.getByLabel('Last name').fill('Eze');
  await page.getByLabel('Username').fill(`emeka${tag}`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Create password').fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Check Your Email' })).toBeVisible();
  // Verified through the API (another device); this tab's 'Sign in' link keeps `from`.
  const path = await verificationPath(request, email);
  expect((await request.get(`/api${path.replace('/verify-email', '/users/verify-email')}`)).ok()).toBe(true);
  await page.locator('main').getByRole('link', { name: 'Sign in' }).last().click();
  await signIn(page, email);
  await expect(page).toHaveURL(new RegExp(`/get-tickets/${eventId}$`));
  await expect(page.getByRole('heading', { name: 'Choose Tickets' })).toBeVisible();
});

test('quantities chosen before the session ended are there after signing in from another tab', async ({
  page,
  context,
  request,
}) => {
  const buyer = await newBuyer(request, 'Ngozi');
  const eventId = await eventIdByName(request, EVENT);
  await page.goto('/login');
  await signIn(page, buyer.user.email);
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto(`/get-tickets/${eventId}`);
  await page.getByLabel('Quantity of Regular').selectOption('2');
  // The session ends (signed out on another device): the guard sends this tab to sign-in.
  await page.evaluate(() => {
    localStorage.removeItem('token');
    localStorage.removeItem('user');
  });
  await page.reload();
  await expect(page).toHaveURL(/\/login\?from=/);

  const other = await context.newPage();
  await other.goto('/login');
  await signIn(other, buyer.user.email);
  await expect(other).toHaveURL(new RegExp(`/get-tickets/${eventId}$`));
  await expect(other.getByLabel('Quantity of Regular')).toHaveValue('2');
});

test('a buyer without events sees My Tickets first; the account menu leads to My events and Create event', async ({
  page,
  request,
}) => {
  const buyer = await newBuyer(request, 'Bisi');
  await page.goto('/login');
  await signIn(page, buyer.user.email);
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto('/profile');
  const headings = page.getByRole('heading', { level: 2, name: /^My (Tickets|Events)$/ });
  await expect(headings).toHaveText(['My Tickets', 'My Events']);

  // The avatar menu is the desktop header's (a phone has the menu drawer).
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole('button', { name: /Account menu for/ }).click();
  await page.getByRole('menuitem', { name: 'Create event' }).click();
  await expect(page).toHaveURL('/events/create');
  await page.getByRole('button', { name: /Account menu for/ }).click();
  await page.getByRole('menuitem', { name: 'My events' }).click();
  await expect(page).toHaveURL('/profile');
});
