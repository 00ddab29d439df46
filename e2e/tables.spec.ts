import { expect, type Locator, type Page, test } from '@playwright/test';
import { fillContact, newBuyer, useAccount } from './support/checkout';
import {
  buyTickets,
  openScanner,
  organiserSession,
  type Session,
  scanByHand,
  scanResult,
} from './support/door';
import { picture } from './support/shots';

/**
 * Tables for N (decision 067) on a phone: the event page and checkout say "Gold table for 10 — ₦…
 * per table"; a buyer takes a table and sees its number and its 10 tickets; the door, offline,
 * admits four of its guests and says "Gold 3 — 4 of 10 in", and the admissions sync when back online.
 */
const phone = { width: 375, height: 812 };
const desktop = { width: 1280, height: 900 };
test.use({ viewport: phone });
// Ten tickets, four offline scans, a sync and pictures at two widths: more than the default 30 s on a shared machine.
test.setTimeout(180_000);

const NAME = `Table Night ${Date.now().toString(36)}`;
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
      description: 'Tables of ten by the pool.',
      startDate: day,
      endDate: day,
      startTime: '20:00',
      endTime: '23:30',
      eventLocation: 'physical',
      country: 'Nigeria',
      state: 'Lagos',
      location: '1 Ozumba Mbadiwe, Victoria Island',
    },
  });
  expect(event.status(), await event.text()).toBe(201);
  const eventId = (await event.json()).event._id as string;
  const table = await api.post('/api/tickets/create', {
    headers,
    data: {
      eventId,
      ticketName: 'Gold',
      ticketDescription: 'By the pool',
      ticketType: 'paid',
      ticketStock: 'limited',
      availableTickets: 8,
      purchaseLimit: 2,
      benefits: 'A table, two bottles',
      ticketPrice: 500_000,
      tableSize: 10,
    },
  });
  expect(table.status(), await table.text()).toBe(201);
  expect((await api.post(`/api/events/${eventId}/publish`, { headers })).ok()).toBe(true);
  // Two tables already sold: the buyer's is the third.
  await buyTickets(api, organiser.token, eventId, 2);
  made = { eventId, organiser };
  await api.dispose();
});

// Off the public pages when done: other specs expect the seeded events on the home page.
test.afterAll(async ({ playwright, baseURL }) => {
  if (!made) return;
  const api = await playwright.request.newContext({ baseURL });
  await api.post(`/api/events/${made.eventId}/unpublish`, {
    headers: { authorization: `Bearer ${made.organiser.token}` },
  });
  await api.dispose();
});

/**
 * What is on screen (or the one element `part` finds) at 375 and 1280 px, light and dark: the pages
 * here are long (ten tickets, every management panel), so the part that matters is pictured.
 */
async function bothWidths(page: Page, prefix: string, part?: (page: Page) => Locator) {
  for (const [width, size] of [
    ['375', phone],
    ['1280', desktop],
  ] as const) {
    await page.setViewportSize(size);
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await page.waitForTimeout(300);
      await picture(part ? part(page) : page, `${prefix}-${width}-${colorScheme}.png`);
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize(phone);
}

test('a buyer takes a table of 10, and the door admits its guests offline: "Gold 3 — 4 of 10 in"', async ({
  page,
  request,
  browser,
}) => {
  const { eventId, organiser } = made!;
  await page.goto(`/event-details/${eventId}`);
  const row = page.getByRole('listitem').filter({ hasText: 'Gold table for 10' });
  await expect(row).toContainText('₦500,000.00 + ₦7,500.00 fees per table');
  await bothWidths(page, 'test-results/tables/event-page', (p) =>
    p.getByRole('listitem').filter({ hasText: 'Gold table for 10' }),
  );
  await row.scrollIntoViewIfNeeded();
  await bothWidths(page, 'test-results/tables/event-page-screen');

  const buyer = await newBuyer(request, 'Funke');
  await useAccount(page, buyer);
  await page.goto(`/get-tickets/${eventId}`);
  await expect(page.getByRole('heading', { name: 'Gold table for 10' })).toBeVisible();
  await expect(page.getByText('₦500,000.00 + ₦7,500.00 fees per table')).toBeVisible();
  await page.getByLabel('Tables of Gold').selectOption('1');
  await page.getByRole('button', { name: 'Proceed to Contact' }).click();
  await fillContact(page, buyer.user.email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL('/get-tickets/checkout');
  await page.getByLabel('I accept the terms and conditions, refund and privacy policy').check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Pay ₦507,500.00' }).click();
  await expect(
    page.getByRole('heading', { name: "You're going! Your tickets are confirmed." }),
  ).toBeVisible();
  await expect(page.getByTestId('order-tables')).toContainText('Your table: Gold 3');
  await expect(page.getByTestId('order-tables')).toContainText('10 tickets, one per guest');
  const cards = page.getByRole('list', { name: 'Your tickets' }).getByRole('listitem');
  await expect(cards).toHaveCount(10);
  await expect(page.getByTestId('ticket-table').nth(3)).toHaveText('Table 3 · guest 4 of 10');
  await bothWidths(page, 'test-results/tables/table-tickets');
  await page.getByTestId('ticket-table').nth(3).scrollIntoViewIfNeeded();
  await bothWidths(page, 'test-results/tables/table-ticket-guest-4', (p) =>
    p.getByRole('listitem').filter({ hasText: 'guest 4 of 10' }),
  );

  const orderId = /\/orders\/([0-9a-f-]{36})/.exec(page.url())![1]!;
  const order = await (
    await request.get(`/api/orders/${orderId}`, { headers: { authorization: `Bearer ${buyer.token}` } })
  ).json();
  const codes = (order.order.tickets as { code: string }[]).map((t) => t.code);

  const door = await openScanner(browser, organiser, eventId, phone);
  await door.context.setOffline(true);
  await expect(door.page.getByTestId('network-state')).toHaveText('Offline');
  for (const [i, code] of codes.slice(0, 4).entries()) {
    await scanByHand(door.page, code);
    await expect(door.page.getByTestId('table-line')).toHaveText(`Gold 3 — ${i + 1} of 10 in`);
  }
  await expect(scanResult(door.page)).toContainText('checked on this device');
  await expect(door.page.getByTestId('pending-count')).toHaveText('4 waiting to sync');
  await bothWidths(door.page, 'test-results/tables/door-result');
  // The same guest again is in already; the table's count stays.
  await scanByHand(door.page, codes[1]!);
  await expect(scanResult(door.page)).toContainText('Already checked in');
  await expect(door.page.getByTestId('table-line')).toHaveText('Gold 3 — 4 of 10 in');
  await door.context.setOffline(false);
  await expect(door.page.getByTestId('pending-count')).toHaveText('0 waiting to sync', { timeout: 15_000 });
  // The server counts the same four.
  const list = await (
    await request.get(`/api/checkin/${eventId}/list`, {
      headers: { authorization: `Bearer ${organiser.token}` },
    })
  ).json();
  const table3 = (list.tickets as { table?: { number: number }; checkedInAt: string | null }[]).filter(
    (t) => t.table?.number === 3,
  );
  expect(table3).toHaveLength(10);
  expect(table3.filter((t) => t.checkedInAt)).toHaveLength(4);
  await door.context.close();

  // The organiser's ticket form: sold as tables of 10.
  await useAccount(page, { token: organiser.token, user: { ...organiser.user, email: '', firstName: '' } });
  await page.goto(`/profile-event/Tickets/${eventId}`);
  await page.getByRole('row').filter({ hasText: 'Gold' }).getByRole('button', { name: /Edit/ }).click();
  await expect(page.getByLabel('Sold as')).toHaveValue('table');
  await expect(page.getByLabel('Guests per table')).toHaveValue('10');
  await bothWidths(page, 'test-results/tables/ticket-form', (p) =>
    p.getByRole('form', { name: 'Edit paid ticket' }),
  );
});
