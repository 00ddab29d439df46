import { expect, test } from '@playwright/test';
import { fillContact, newBuyer, useAccount } from './support/checkout';
import { organiserSession, type Session } from './support/door';
import { picture, picturesInThemes } from './support/shots';

/**
 * All-in prices (decision 066): an organiser absorbs the service fee, and a stranger on a phone meets
 * one price everywhere — the card, the event page, the ticket choice, the summary, the payment page,
 * the confirmation — equal to what the payment charges. Then the same event with the fee on top:
 * "₦8,000 + ₦120 fees" from the first screen, ₦8,120 charged.
 */
test.use({ viewport: { width: 375, height: 812 } });

const NAME = `All-in Highlife Night ${Date.now().toString(36)}`;
let made: { eventId: string; organiser: Session } | null = null;

test.beforeAll(async ({ playwright, baseURL }) => {
  const api = await playwright.request.newContext({ baseURL });
  const organiser = await organiserSession(api);
  const headers = { authorization: `Bearer ${organiser.token}` };
  const day = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);
  const event = await api.post('/api/events/create', {
    headers,
    data: {
      eventName: NAME,
      category: 'Music',
      description: 'Highlife all night, one price at the door of the page.',
      startDate: day,
      endDate: day,
      startTime: '19:00',
      endTime: '23:00',
      eventLocation: 'physical',
      country: 'Nigeria',
      state: 'Lagos',
      location: '7 Awolowo Road, Ikoyi',
    },
  });
  expect(event.status(), await event.text()).toBe(201);
  const eventId = (await event.json()).event._id as string;
  const ticket = await api.post('/api/tickets/create', {
    headers,
    data: {
      eventId,
      ticketName: 'Regular',
      ticketDescription: 'Standing',
      ticketType: 'paid',
      ticketStock: 'limited',
      availableTickets: 100,
      purchaseLimit: 4,
      benefits: 'Entry',
      ticketPrice: 8000,
    },
  });
  expect(ticket.status(), await ticket.text()).toBe(201);
  expect((await api.post(`/api/events/${eventId}/publish`, { headers })).ok()).toBe(true);
  const absorbed = await api.put(`/api/events/${eventId}/fee-mode`, {
    headers,
    data: { feeMode: 'absorbed' },
  });
  expect(absorbed.ok(), await absorbed.text()).toBe(true);
  made = { eventId, organiser };
  await api.dispose();
});

// The event leaves the public pages when done: site.spec expects the seeded events on the home page.
test.afterAll(async ({ playwright, baseURL }) => {
  if (!made) return;
  const api = await playwright.request.newContext({ baseURL });
  await api.post(`/api/events/${made.eventId}/unpublish`, {
    headers: { authorization: `Bearer ${made.organiser.token}` },
  });
  await api.dispose();
});

test('absorbed: every price a stranger sees on a phone is what the payment charges', async ({
  page,
  request,
}) => {
  const { eventId } = made!;
  // The card, found by search.
  await page.goto(`/events/all?q=${encodeURIComponent(NAME)}`);
  const card = page.getByRole('article').filter({ hasText: NAME });
  await expect(card.getByText('₦8,000', { exact: true })).toBeVisible();
  await expect(card).not.toContainText('fees');

  // The event page, and what search engines are told.
  await page.goto(`/event-details/${eventId}`);
  const row = page.getByRole('listitem').filter({ hasText: 'Regular' });
  await expect(row).toContainText('₦8,000.00');
  await expect(row).not.toContainText('fees');
  const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent())!);
  expect((Array.isArray(ld) ? ld[0] : ld).offers[0].price).toBe('8000.00');

  const buyer = await newBuyer(request, 'Kemi');
  await useAccount(page, buyer);
  await page.goto(`/get-tickets/${eventId}`);
  await expect(page.getByRole('heading', { name: 'Choose Tickets' })).toBeVisible();
  await page.getByLabel('Quantity of Regular').selectOption('2');
  const summary = page.getByRole('complementary', { name: 'Summary' });
  await expect(summary.getByText('Included in the price')).toBeVisible();
  await expect(summary.getByText('₦16,000.00').last()).toBeVisible();
  await picturesInThemes(page, 'test-results/all-in/selection-375');
  await page.getByRole('button', { name: 'Proceed to Contact' }).click();
  await fillContact(page, buyer.user.email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL('/get-tickets/checkout');
  await expect(summary.getByText('Included in the price')).toBeVisible();
  await page.getByLabel('I accept the terms and conditions, refund and privacy policy').check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('TEST MODE')).toBeVisible();
  await page.getByRole('button', { name: 'Pay ₦16,000.00' }).click();
  await expect(
    page.getByRole('heading', { name: "You're going! Your tickets are confirmed." }),
  ).toBeVisible();
  await expect(page.getByText('paid ₦16,000.00')).toBeVisible();
});

test('buyer pays the fee: the card and the page say it from the start, and that is the charge', async ({
  page,
  request,
}) => {
  const { eventId, organiser } = made!;
  const back = await request.put(`/api/events/${eventId}/fee-mode`, {
    headers: { authorization: `Bearer ${organiser.token}` },
    data: { feeMode: 'buyer' },
  });
  expect(back.ok()).toBe(true);
  await page.goto(`/events/all?q=${encodeURIComponent(NAME)}`);
  await expect(
    page.getByRole('article').filter({ hasText: NAME }).getByText('₦8,000 + ₦120 fees', { exact: true }),
  ).toBeVisible();
  await page.goto(`/event-details/${eventId}`);
  await expect(page.getByRole('listitem').filter({ hasText: 'Regular' })).toContainText(
    '₦8,000.00 + ₦120.00 fees',
  );
  const buyer = await newBuyer(request, 'Segun');
  await useAccount(page, buyer);
  await page.goto(`/get-tickets/${eventId}`);
  await page.getByLabel('Quantity of Regular').selectOption('1');
  const summary = page.getByRole('complementary', { name: 'Summary' });
  await expect(summary.getByText('₦120.00')).toBeVisible();
  await expect(summary.getByText('₦8,120.00')).toBeVisible();
  await page.getByRole('button', { name: 'Proceed to Contact' }).click();
  await fillContact(page, buyer.user.email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('I accept the terms and conditions, refund and privacy policy').check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Pay ₦8,120.00' }).click();
  await expect(page.getByText('paid ₦8,120.00')).toBeVisible();
});

test('the organiser’s choice on the Tickets tab (375 px and 1280 px, light and dark)', async ({
  browser,
}) => {
  const { eventId, organiser } = made!;
  for (const width of [375, 1280]) {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    await context.addInitScript((s) => {
      localStorage.setItem('token', s.token);
      localStorage.setItem('user', JSON.stringify(s.user));
    }, organiser);
    const page = await context.newPage();
    await page.goto(`/profile-event/Tickets/${eventId}`);
    const panel = page.getByRole('region', { name: 'Who pays the service fee' });
    await expect(panel.getByLabel(/Buyers pay the fee on top/)).toBeChecked();
    await expect(panel.getByRole('button', { name: 'Save' })).toBeDisabled();
    await panel.getByLabel(/Include the fee in my prices/).check();
    await panel.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Prices are now all-in: you pay the service fee')).toBeVisible();
    await expect(panel.getByRole('button', { name: 'Save' })).toBeDisabled();
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await picture(panel, `test-results/all-in/fee-settings-${width}-${colorScheme}.png`);
    }
    await panel.getByLabel(/Buyers pay the fee on top/).check();
    await panel.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Buyers now pay the service fee on top of the price')).toBeVisible();
    await context.close();
  }
});
