import { request as apiRequest, expect, type Page, test } from '@playwright/test';
import { type Account, fillContact, newBuyer, organiser, useAccount } from './support/checkout';
import { takingShots } from './support/shots';

/**
 * Checkout questions (decision 045): the organiser adds a required per-attendee choice question on
 * the Tickets tab; a buyer on a 375 px phone is stopped until each of their two tickets has an
 * answer, answers, pays in test mode; the answers are in the organiser's guest list. Screenshots of
 * the editor and the contact step at 375 and 1280 px, light and dark.
 */

const SHOTS = 'test-results/questions-shots';
const phone = { width: 375, height: 812 };
let ada: Account;
let eventId = '';

async function shoot(page: Page, name: string) {
  if (!takingShots) return;
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await page.screenshot({ path: `${SHOTS}/${name}-${width}-${colorScheme}.png`, fullPage: true });
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize(phone);
}

test.beforeAll(async ({ baseURL }) => {
  const api = await apiRequest.newContext({ baseURL });
  ada = await organiser(api);
  const headers = { authorization: `Bearer ${ada.token}` };
  const made = await api.post('/api/events/create', {
    headers,
    data: {
      eventName: 'Campus Fun Run',
      category: 'Sports & Fitness',
      description: 'A 5 km run round the campus, with a T-shirt for every runner.',
      startDate: '2031-05-10',
      endDate: '2031-05-10',
      startTime: '07:00',
      endTime: '11:00',
      eventLocation: 'physical',
      country: 'Nigeria',
      state: 'Lagos',
      location: 'University of Lagos, Akoka',
    },
  });
  expect(made.status(), await made.text()).toBe(201);
  eventId = (await made.json()).event._id;
  const ticket = await api.post('/api/tickets/create', {
    headers,
    data: {
      eventId,
      ticketName: 'Runner',
      ticketDescription: 'Entry and a T-shirt',
      ticketType: 'paid',
      ticketStock: 'limited',
      availableTickets: 100,
      purchaseLimit: 4,
      benefits: 'Race bib and T-shirt',
      ticketPrice: 3000,
    },
  });
  expect(ticket.status(), await ticket.text()).toBe(201);
  expect((await api.post(`/api/events/${eventId}/publish`, { headers })).ok()).toBe(true);
  await api.dispose();
});

// The event made here leaves the public pages when done: site.spec expects the seeded events in the
// home page's newest carousel, which holds nine.
test.afterAll(async ({ baseURL }) => {
  if (!eventId) return;
  const api = await apiRequest.newContext({ baseURL });
  const unpublished = await api.post(`/api/events/${eventId}/unpublish`, {
    headers: { authorization: `Bearer ${ada.token}` },
  });
  expect(unpublished.ok(), await unpublished.text()).toBe(true);
  await api.dispose();
});

test('an organiser asks each runner’s T-shirt size; a buyer on a phone answers for two and pays; the guest list shows it', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  // The organiser adds the question on the Tickets tab.
  const org = await browser.newContext({ viewport: phone });
  const orgPage = await org.newPage();
  await useAccount(orgPage, ada);
  await orgPage.goto(`/profile-event/Tickets/${eventId}`);
  const card = orgPage.getByRole('region', { name: 'Checkout questions' });
  await expect(card.getByText('No questions yet.')).toBeVisible();
  await card.getByRole('button', { name: 'Add question' }).click();
  await expect(card.getByText('Write the question')).toBeVisible();
  await card.getByRole('textbox', { name: 'Question' }).fill('T-shirt size');
  await card.getByLabel('Kind of answer').selectOption('choice');
  await card.getByLabel(/^Asked/).selectOption('attendee');
  await card.getByRole('button', { name: 'Add question' }).click();
  await expect(card.getByText('Give at least 2 options')).toBeVisible();
  await card.getByLabel(/^Options/).fill('S\nM\nL\nXL');
  await card.getByLabel('Buyers must answer').check();
  await card.getByRole('button', { name: 'Add question' }).click();
  const list = card.getByRole('list', { name: 'Checkout questions' });
  await expect(list).toContainText('T-shirt size');
  await expect(list).toContainText('Choice: S, M, L, XL · for each attendee · required');
  // A second, optional one, moved above the first, to see the order is kept.
  await card.getByRole('textbox', { name: 'Question' }).fill('Running club');
  await card.getByRole('button', { name: 'Add question' }).click();
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await card.getByRole('button', { name: 'Move Running club up' }).click();
  await expect(list.getByRole('listitem').first()).toContainText('Running club');
  expect(await orgPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await card.getByRole('button', { name: 'Edit T-shirt size' }).click();
  await expect(card.getByRole('heading', { name: 'Edit “T-shirt size”' })).toBeVisible();
  await card.scrollIntoViewIfNeeded();
  await shoot(orgPage, 'editor');
  await card.getByRole('button', { name: 'Cancel' }).click();

  // The buyer, on a phone, picks two tickets and is asked each runner's size.
  const buyer = await newBuyer(request, 'Tobi');
  const context = await browser.newContext({ viewport: phone });
  const page = await context.newPage();
  await useAccount(page, buyer);
  await page.goto(`/get-tickets/${eventId}`);
  await expect(page.getByRole('heading', { name: 'Choose Tickets' })).toBeVisible();
  await page.getByLabel('Quantity of Runner').selectOption('2');
  await page.getByRole('button', { name: 'Proceed to Contact' }).click();
  await fillContact(page, buyer.user.email);
  await expect(page.getByLabel('Running club')).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL('/get-tickets/contact');
  const first = page.getByLabel('T-shirt size (ticket 1)');
  const second = page.getByLabel('T-shirt size (ticket 2)');
  await expect(first).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Please answer this question')).toHaveCount(2);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await shoot(page, 'contact-step');
  await first.selectOption('M');
  await expect(page.getByText('Please answer this question')).toHaveCount(1);
  await second.selectOption('XL');
  await page.getByLabel('Running club').fill('Akoka Striders');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL('/get-tickets/checkout');
  await page.getByLabel('I accept the terms and conditions, refund and privacy policy').check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/pay\/test\/[\w.=-]+$/);
  await page.getByRole('button', { name: /^Pay ₦/ }).click();
  await expect(
    page.getByRole('heading', { name: "You're going! Your tickets are confirmed." }),
  ).toBeVisible();
  // The order page shows the buyer what they answered.
  const answers = page.getByRole('group').filter({ hasText: "Your answers to the organiser's questions" });
  await answers.getByText("Your answers to the organiser's questions").click();
  await expect(answers).toContainText('T-shirt size (ticket 1)M');
  await expect(answers).toContainText('T-shirt size (ticket 2)XL');
  await expect(answers).toContainText('Running clubAkoka Striders');
  await context.close();

  // The organiser sees both runners' sizes and the club in the guest list.
  await orgPage.goto(`/profile-event/Guestlist/${eventId}`);
  const line = orgPage.getByRole('row').filter({ hasText: 'Runner' });
  await expect(line).toContainText('Running club: Akoka Striders');
  await expect(line).toContainText('Ticket 1: T-shirt size: M');
  await expect(line).toContainText('Ticket 2: T-shirt size: XL');
  await shoot(orgPage, 'guestlist');
  await org.close();
});
