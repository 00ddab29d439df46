import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { mailTo, PASSWORD, verifiedUser } from './support/auth';
import { picturesInThemes } from './support/shots';

/**
 * The paid-ticket forms and the payout account on a phone (decision 053, issue #32 items 2 and 3):
 * the wizard's second paid ticket knows the account the first one just saved, and a co-organiser
 * edits a paid ticket with the owner's account shown read-only. Drafts only: nothing is published.
 */

const phone = { width: 375, height: 812 };
type Session = { token: string; user: unknown };

async function session(api: APIRequestContext, firstName: string) {
  const person = await verifiedUser(api, firstName);
  const res = await api.post('/api/users/login', { data: { email: person.email, password: PASSWORD } });
  expect(res.ok(), await res.text()).toBe(true);
  return { ...person, ...((await res.json()) as Session) };
}

async function draftEvent(api: APIRequestContext, token: string) {
  const made = await api.post('/api/events/create', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      eventName: `Highlife Evening ${Date.now()}`,
      category: 'Music',
      description: 'Highlife classics with a live band, by the lagoon.',
      startDate: '2031-06-12',
      endDate: '2031-06-12',
      startTime: '18:00',
      endTime: '23:00',
      eventLocation: 'physical',
      country: 'Nigeria',
      state: 'Lagos',
      location: 'Freedom Park, Broad Street',
    },
  });
  expect(made.status(), await made.text()).toBe(201);
  return (await made.json()).event._id as string;
}

async function phonePage(browser: Browser, who: Session) {
  const context = await browser.newContext({ viewport: phone });
  await context.addInitScript((s) => {
    localStorage.setItem('token', s.token);
    localStorage.setItem('user', JSON.stringify(s.user));
  }, who);
  return context.newPage();
}

async function fillTicket(page: Page, name: string, price: string) {
  await page.getByLabel('Ticket Name').fill(name);
  await page.getByLabel('Available Tickets').fill('40');
  await page.getByLabel('Price (₦)').fill(price);
  await page.getByLabel('Benefits').fill('A seat near the band');
}

test('the wizard’s second paid ticket uses the account the first one saved', async ({ browser, request }) => {
  test.setTimeout(90_000);
  const owner = await session(request, 'Funke');
  const eventId = await draftEvent(request, owner.token);
  const page = await phonePage(browser, owner);
  await page.goto(`/events/create/2/${eventId}`);

  await page.getByRole('button', { name: 'Add ticket' }).click();
  await page.getByRole('button', { name: /Paid ticket/ }).click();
  await fillTicket(page, 'Regular', '5000');
  await page.getByLabel('Bank').selectOption({ label: 'Access Bank' });
  await page.getByLabel('Account Number').fill('0123456789');
  await expect(page.locator('output')).not.toHaveText(/—|Checking/);
  // Without the password the account is not saved, and neither is the ticket.
  await page.getByRole('button', { name: 'Create ticket' }).click();
  await expect(page.getByText('Enter your password to confirm the payout account.')).toBeVisible();
  await page.getByLabel('Your password, to confirm the payout account').fill(PASSWORD);
  await picturesInThemes(page, 'test-results/payout-forms-first');
  await page.getByRole('button', { name: 'Create ticket' }).click();
  await expect(page.getByText('Ticket created successfully!').first()).toBeVisible();

  // The second paid ticket: the saved account, no bank fields, and it saves.
  await page.getByRole('button', { name: 'Add ticket' }).click();
  await page.getByRole('button', { name: /Paid ticket/ }).click();
  const form = page.getByRole('form', { name: 'New paid ticket' });
  await expect(form.getByText('Ticket money is paid into your saved payout account.')).toBeVisible();
  await expect(form.getByText(/Access Bank · ••••••6789/)).toBeVisible();
  await expect(form.getByLabel('Account Number')).toHaveCount(0);
  await fillTicket(page, 'VIP', '15000');
  await page.getByRole('button', { name: 'Create ticket' }).click();
  await expect(page.getByRole('list', { name: 'Tickets added' })).toContainText('VIP');
  await page.context().close();
});

test('a co-organiser edits a paid ticket, with the owner’s account read-only', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const owner = await session(request, 'Bisi');
  const headers = { authorization: `Bearer ${owner.token}` };
  const eventId = await draftEvent(request, owner.token);
  const payout = await request.put('/api/payments/payout-account', {
    headers,
    data: { bank: '058', accountNumber: '2034567891', password: PASSWORD },
  });
  expect(payout.ok(), await payout.text()).toBe(true);
  const ticket = await request.post('/api/tickets/create', {
    headers,
    data: {
      eventId,
      ticketName: 'Table',
      ticketDescription: 'A table for four',
      ticketType: 'paid',
      ticketStock: 'limited',
      availableTickets: 10,
      purchaseLimit: 2,
      benefits: 'A table and a bottle',
      ticketPrice: 40000,
    },
  });
  expect(ticket.status(), await ticket.text()).toBe(201);

  const co = await session(request, 'Kunle');
  const invited = await request.post(`/api/events/${eventId}/team/invitations`, {
    headers,
    data: { email: co.email, role: 'co_organiser' },
  });
  expect(invited.status(), await invited.text()).toBe(201);
  const mail = await mailTo(request, co.email, /help run/);
  const token = /\/team\/accept#token=([\w-]+)/.exec(mail.text)![1];
  const accepted = await request.post('/api/team/accept', {
    headers: { authorization: `Bearer ${co.token}` },
    data: { token },
  });
  expect(accepted.ok(), await accepted.text()).toBe(true);

  const page = await phonePage(browser, co);
  await page.goto(`/profile-event/Tickets/${eventId}`);
  await page.getByRole('button', { name: 'Edit Table' }).click();
  const form = page.getByRole('form', { name: 'Edit paid ticket' });
  await expect(form.getByText(/Guaranty Trust Bank · ••••••7891/)).toBeVisible();
  await expect(
    form.getByText("Ticket money is paid into the event owner's payout account.", { exact: false }),
  ).toBeVisible();
  await expect(form.getByLabel('Account Number')).toHaveCount(0);
  await expect(form.getByRole('button', { name: 'Use a different account' })).toHaveCount(0);
  await picturesInThemes(page, 'test-results/payout-forms-co-organiser');
  await form.getByLabel('Price (₦)').fill('45000');
  await form.getByRole('button', { name: 'Save ticket' }).click();
  await expect(page.getByText('Ticket updated successfully!').first()).toBeVisible();
  await expect(page.getByText('₦45,000.00').first()).toBeVisible();
  await page.context().close();
});
