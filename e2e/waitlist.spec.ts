import { type Browser, expect, type Page, test } from '@playwright/test';
import { mailTo } from './support/auth';
import { type Account, eventIdByName, newBuyer, organiser, useAccount } from './support/checkout';
import { picture } from './support/shots';

/**
 * The waiting list on a phone (decision 042): a sold-out type offers 'Join the waiting list'; the
 * visitor joins for 1 seat and sees their place; the seat comes back (the holder lets it go), the
 * offer email links to the held order's checkout, and paying it (test mode) claims the ticket.
 */

const EVENT = 'Jollof & Suya Food Festival';
const phone = { width: 375, height: 812 };
const fitsPhone = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

/** The organiser's Tickets tab in a fresh context of this size and theme. */
async function ticketsTab(
  browser: Browser,
  ada: Account,
  eventId: string,
  width: number,
  theme: 'light' | 'dark',
) {
  const org = await browser.newContext({ viewport: { width, height: 900 } });
  const orgPage = await org.newPage();
  await orgPage.addInitScript(
    ([token, user, dark]) => {
      localStorage.setItem('token', token);
      localStorage.setItem('user', user);
      localStorage.setItem('dark-mode', dark);
    },
    [ada.token, JSON.stringify(ada.user), String(theme === 'dark')] as const,
  );
  await orgPage.goto(`/profile-event/Tickets/${eventId}`);
  return { org, orgPage };
}

/** The type's list shows who waited and that they claimed; a screenshot of it to look at. */
async function seeList(page: Page, name: string, email: string, shot: string) {
  const list = page.getByRole('region', { name: `Waiting list of ${name}` });
  await expect(list.getByRole('listitem').filter({ hasText: email })).toContainText('Claimed');
  await expect(list.getByText(email)).toBeVisible();
  await list.scrollIntoViewIfNeeded();
  await picture(page, `test-results/${shot}.png`);
  return list;
}

test('join a sold-out type, get the offer email, claim and pay the held seat', async ({
  browser,
  request,
}) => {
  const ada = await organiser(request);
  const eventId = await eventIdByName(request, EVENT);
  const name = `Chef's Table ${Date.now().toString(36)}`;
  const made = await request.post('/api/tickets/create', {
    headers: { authorization: `Bearer ${ada.token}` },
    data: {
      eventId,
      ticketName: name,
      ticketType: 'paid',
      ticketPrice: 5000,
      ticketStock: 'limited',
      availableTickets: 1,
      purchaseLimit: 2,
      benefits: 'A seat at the chef’s table',
    },
  });
  expect(made.status(), await made.text()).toBe(201);
  const typeId = ((await made.json()).ticket as { _id: string })._id;

  // Someone else holds the only seat.
  const holder = await newBuyer(request, 'Emeka');
  const held = await request.post('/api/orders', {
    headers: { authorization: `Bearer ${holder.token}` },
    data: {
      eventId,
      items: { [typeId]: 1 },
      buyer: { firstName: 'Emeka', lastName: 'Obi', email: holder.user.email, phone: '+2348031234567' },
    },
  });
  expect(held.status(), await held.text()).toBe(201);
  const heldId = (await held.json()).order._id as string;

  const waiter = await newBuyer(request, 'Zainab');
  const context = await browser.newContext({ viewport: phone });
  const page = await context.newPage();
  await useAccount(page, waiter);
  await page.goto(`/get-tickets/${eventId}`);
  const panel = page.getByRole('region', { name: `Waiting list for ${name}` });
  await expect(panel.getByRole('button', { name: 'Join the waiting list' })).toBeVisible();
  await panel.getByLabel(`Seats wanted of ${name}`).selectOption('1');
  await panel.getByRole('button', { name: 'Join the waiting list' }).click();
  await expect(panel.getByText('You are number 1 on the waiting list for 1 seat.')).toBeVisible();
  await fitsPhone(page);
  await panel.scrollIntoViewIfNeeded();
  await picture(page, 'test-results/waitlist-join-375-light.png');

  // The holder lets the seat go: it is offered to the waiting list at once, by email.
  const released = await request.delete(`/api/orders/${heldId}`, {
    headers: { authorization: `Bearer ${holder.token}` },
  });
  expect(released.status()).toBe(200);
  const mail = await mailTo(request, waiter.user.email, /held for you/);
  const link = /https?:\/\/\S+\/orders\/[0-9a-f-]{36}/.exec(mail.text)?.[0];
  expect(link, 'the offer mail links to the held order').toBeTruthy();
  const orderPath = new URL(link!).pathname;

  // Back on the selection the visitor sees the offer too.
  await page.reload();
  await expect(panel.getByText(/1 seat held for you until/)).toBeVisible();

  await page.goto(orderPath);
  await expect(page.getByText('Pay with Card or Bank')).toBeVisible();
  await fitsPhone(page);
  await page.getByLabel('I accept the terms and conditions, refund and privacy policy').check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/pay\/test\/[\w.=-]+$/);
  await page.getByRole('button', { name: /^Pay ₦/ }).click();
  await expect(page).toHaveURL(new RegExp(`${orderPath}$`));
  await expect(
    page.getByRole('heading', { name: "You're going! Your tickets are confirmed." }),
  ).toBeVisible();
  await expect(page.getByRole('list', { name: 'Your tickets' }).getByRole('listitem')).toHaveCount(1);
  await context.close();

  // The organiser's Tickets tab lists who waited and what became of it, and switches the list off.
  const phoneTab = await ticketsTab(browser, ada, eventId, 375, 'dark');
  const list = await seeList(phoneTab.orgPage, name, waiter.user.email, 'waitlist-organiser-375-dark');
  await fitsPhone(phoneTab.orgPage);
  // The box follows the server's answer, so it is clicked, then awaited.
  await list.getByLabel(`Waiting list for ${name} on`).click();
  await expect(list.getByLabel(`Waiting list for ${name} on`)).not.toBeChecked();
  const after = await request.get(`/api/events/${eventId}/waitlist`, {
    headers: { authorization: `Bearer ${ada.token}` },
  });
  const types = (await after.json()).types as { ticketTypeId: string; enabled: boolean }[];
  expect(types.find((t) => t.ticketTypeId === typeId)?.enabled).toBe(false);
  await phoneTab.org.close();
  const wideLight = await ticketsTab(browser, ada, eventId, 1280, 'light');
  await seeList(wideLight.orgPage, name, waiter.user.email, 'waitlist-organiser-1280-light');
  await wideLight.org.close();
  const wideDark = await ticketsTab(browser, ada, eventId, 1280, 'dark');
  await seeList(wideDark.orgPage, name, waiter.user.email, 'waitlist-organiser-1280-dark');
  await wideDark.org.close();
});
