import AxeBuilder from '@axe-core/playwright';
import { request as apiRequest, type Browser, expect, type Page, test } from '@playwright/test';
import { formatNaira } from '../contract/money';
import { checkinChartsResponse, salesChartsResponse } from '../contract/organiserCharts';
import { payoutStatementResponse } from '../contract/payoutStatement';
import { buyTickets, doorEvent, organiserSession, type Session } from './support/door';
import { picture } from './support/shots';

/**
 * The organiser's charts (decision 039) draw from real orders and check-ins, on a phone and on a
 * desktop: the numbers in each chart's table are the API's. Screenshots (light and dark) are kept
 * under test-results for a person to look at.
 */

let organiser: Session;
let eventId: string;
/** An event starting in about 30 hours: its sales fall in the hourly chart's 48 hours. */
let soonId: string;

test.beforeAll(async ({ baseURL }) => {
  const api = await apiRequest.newContext({ baseURL });
  organiser = await organiserSession(api);
  eventId = await doorEvent(api, organiser);
  await buyTickets(api, organiser.token, eventId, 2);
  const [first] = await buyTickets(api, organiser.token, eventId, 3);
  // One guest through the door, scanned by the organiser.
  const scan = await api.post(`/api/checkin/${eventId}`, {
    headers: { authorization: `Bearer ${organiser.token}` },
    data: { code: first!.code },
  });
  expect(scan.ok(), await scan.text()).toBe(true);

  const headers = { authorization: `Bearer ${organiser.token}` };
  const lagos = new Date(Date.now() + 30 * 3_600_000 + 3_600_000).toISOString();
  const made = await api.post('/api/events/create', {
    headers,
    data: {
      eventName: 'Charts Tomorrow Night',
      category: 'Music',
      description: 'An event that starts tomorrow, for the hourly chart.',
      startDate: lagos.slice(0, 10),
      endDate: lagos.slice(0, 10),
      startTime: lagos.slice(11, 16),
      endTime: '23:59',
      eventLocation: 'physical',
      country: 'Nigeria',
      state: 'Lagos',
      location: '12 Admiralty Way, Lekki',
    },
  });
  expect(made.status(), await made.text()).toBe(201);
  soonId = (await made.json()).event._id;
  const ticket = await api.post('/api/tickets/create', {
    headers,
    data: {
      eventId: soonId,
      ticketName: 'Early',
      ticketDescription: 'Standing',
      ticketType: 'paid',
      ticketStock: 'limited',
      availableTickets: 50,
      purchaseLimit: 4,
      benefits: 'Entry',
      ticketPrice: 7500,
    },
  });
  expect(ticket.status(), await ticket.text()).toBe(201);
  expect((await api.post(`/api/events/${soonId}/publish`, { headers })).ok()).toBe(true);
  await buyTickets(api, organiser.token, soonId, 2);
  await buyTickets(api, organiser.token, soonId, 1);
  await api.dispose();
});

// The event made here leaves the public pages when done: other specs (site.spec) expect the seeded
// events in the home page's newest carousel, which holds nine.
test.afterAll(async ({ baseURL }) => {
  const api = await apiRequest.newContext({ baseURL });
  const unpublished = await api.post(`/api/events/${soonId}/unpublish`, {
    headers: { authorization: `Bearer ${organiser.token}` },
  });
  expect(unpublished.ok(), await unpublished.text()).toBe(true);
});

const VIEWPORTS = [
  { name: 'phone', width: 375, height: 812 },
  { name: 'desktop', width: 1280, height: 900 },
];

async function signedIn(browser: Browser, width: number, height: number, dark: boolean) {
  const context = await browser.newContext({ viewport: { width, height } });
  await context.addInitScript(
    ({ s, dark }) => {
      localStorage.setItem('token', s.token);
      localStorage.setItem('user', JSON.stringify(s.user));
      localStorage.setItem('dark-mode', String(dark));
    },
    { s: organiser, dark },
  );
  return context;
}

/** No serious or critical axe violation on the page as it is now (charts drawn, tables open). */
async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`)).toEqual([]);
}

const noSidewaysScroll = async (page: Page, width: number) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

for (const vp of VIEWPORTS) {
  test(`Sales charts draw the API's figures (${vp.name})`, async ({ browser, request }) => {
    const headers = { authorization: `Bearer ${organiser.token}` };
    const charts = salesChartsResponse.parse(
      await (await request.get(`/api/events/${eventId}/sales/charts`, { headers })).json(),
    );
    const sales = await (await request.get(`/api/events/${eventId}/sales`, { headers })).json();
    expect(charts.daily.length).toBeGreaterThan(0);

    const context = await signedIn(browser, vp.width, vp.height, false);
    const page = await context.newPage();
    await page.goto(`/profile-event/Sales/${eventId}`);
    // The charts are drawn (uPlot's canvas inside each chart's image).
    const sold = page.getByRole('img', { name: /Tickets sold per day/ });
    await expect(sold.locator('canvas').first()).toBeVisible();
    await expect(
      page
        .getByRole('img', { name: /Revenue per day/ })
        .locator('canvas')
        .first(),
    ).toBeVisible();

    // The table alternative: one row per day with sales, totals equal to the Sales figures.
    await page.getByText('Per day as a table').click();
    const table = page.getByTestId('sales-daily-table');
    await expect(table.locator('tbody tr')).toHaveCount(charts.daily.length);
    const foot = table.locator('tfoot');
    await expect(foot.locator('td[data-label="Tickets"]')).toHaveText(String(sales.totals.sold));
    await expect(foot.locator('td[data-label="Revenue"]')).toHaveText(formatNaira(sales.totals.revenue));
    const lastDay = charts.daily.at(-1)!;
    const lastRow = table.locator('tbody tr').last();
    await expect(lastRow.locator('td[data-label="Tickets"]')).toHaveText(
      String(lastDay.perType.reduce((n, p) => n + p.sold, 0)),
    );

    // The money, from the same orders.
    const money = page.getByTestId('sales-money');
    await expect(money.getByRole('row', { name: /Gross ticket sales/ })).toContainText(
      formatNaira(charts.money.gross),
    );
    await expect(money.getByRole('row', { name: /You receive/ })).toContainText(
      formatNaira(charts.money.organiserReceives),
    );
    // Test mode answers what Paystack would have kept; the breakdown shows it, never 'Not recorded'.
    expect(charts.money.paystackFee).toBeGreaterThan(0);
    await expect(money.getByRole('row', { name: /Paystack fee/ })).toContainText(
      formatNaira(charts.money.paystackFee),
    );

    // The payout statement, summed on the server from the same orders (all test mode here).
    const statement = payoutStatementResponse.parse(
      await (await request.get(`/api/events/${eventId}/statement`, { headers })).json(),
    );
    expect(statement.test.orders).toBeGreaterThan(0);
    const testTable = page.getByTestId('statement-test');
    await expect(testTable.getByRole('row', { name: /Buyers paid/ })).toContainText(
      formatNaira(statement.test.buyersPaid),
    );
    await expect(testTable.getByRole('row', { name: /To you/ })).toContainText(
      formatNaira(statement.test.toOrganiser),
    );
    await expect(page.getByTestId('statement-live')).toHaveText('No payments in real money yet.');
    await noSidewaysScroll(page, vp.width);
    await expectAccessible(page);
    await picture(page, `test-results/charts/sales-${vp.width}-light.png`, { fullPage: true });
    const statementSection = page.locator('section[aria-labelledby="payout-statement-title"]');
    await picture(statementSection, `test-results/charts/statement-${vp.width}-light.png`);

    // Dark mode draws the same charts in the dark theme's colours.
    const dark = await (await signedIn(browser, vp.width, vp.height, true)).newPage();
    await dark.goto(`/profile-event/Sales/${eventId}`);
    await expect(
      dark
        .getByRole('img', { name: /Tickets sold per day/ })
        .locator('canvas')
        .first(),
    ).toBeVisible();
    await expect(dark.locator('body')).toHaveClass(/dark/);
    await dark.getByText('Per day as a table').click();
    await expectAccessible(dark);
    await picture(dark, `test-results/charts/sales-${vp.width}-dark.png`, { fullPage: true });
    await picture(
      dark.locator('section[aria-labelledby="payout-statement-title"]'),
      `test-results/charts/statement-${vp.width}-dark.png`,
    );
    await dark.context().close();

    // The CSV downloads.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download sales CSV' }).click();
    expect((await download).suggestedFilename()).toBe('sales.csv');
    const statementCsv = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download statement CSV' }).click();
    expect((await statementCsv).suggestedFilename()).toBe('payout-statement.csv');
    await context.close();
  });

  test(`Check-in charts draw the API's arrivals (${vp.name})`, async ({ browser, request }) => {
    const headers = { authorization: `Bearer ${organiser.token}` };
    const charts = checkinChartsResponse.parse(
      await (await request.get(`/api/events/${eventId}/checkins/charts`, { headers })).json(),
    );
    expect(charts.arrivals.length).toBeGreaterThan(0);
    for (const dark of [false, true]) {
      const context = await signedIn(browser, vp.width, vp.height, dark);
      const page = await context.newPage();
      await page.goto(`/profile-event/Checkin/${eventId}`);
      await expect(
        page
          .getByRole('img', { name: /Check-ins per 15 minutes/ })
          .locator('canvas')
          .first(),
      ).toBeVisible();
      await page.getByText('Arrivals as a table').click();
      const rows = page.getByTestId('arrivals-table').locator('tbody tr');
      await expect(rows).toHaveCount(charts.arrivals.length);
      for (const [i, a] of charts.arrivals.entries()) {
        await expect(rows.nth(i).locator('td[data-label="Gate"]')).toHaveText(a.gate);
        await expect(rows.nth(i).locator('td[data-label="Checked in"]')).toContainText(String(a.checkedIn));
      }
      const perType = page.getByTestId('checked-vs-sold').locator('tbody tr');
      await expect(perType).toHaveCount(charts.perType.length);
      for (const [i, t] of charts.perType.entries()) {
        await expect(perType.nth(i).locator('td[data-label="Checked in"]')).toContainText(
          String(t.checkedIn),
        );
        await expect(perType.nth(i).locator('td[data-label="Sold"]')).toContainText(String(t.sold));
      }
      await noSidewaysScroll(page, vp.width);
      await picture(page, `test-results/charts/checkin-${vp.width}-${dark ? 'dark' : 'light'}.png`, {
        fullPage: true,
      });
      await context.close();
    }
  });
}

test('the hourly chart draws the last 48 hours before an event from its orders', async ({
  browser,
  request,
}) => {
  const headers = { authorization: `Bearer ${organiser.token}` };
  const charts = salesChartsResponse.parse(
    await (await request.get(`/api/events/${soonId}/sales/charts`, { headers })).json(),
  );
  const sold = (b: (typeof charts.hourly)[number]) => b.perType.reduce((n, p) => n + p.sold, 0);
  expect(charts.hourly.reduce((n, b) => n + sold(b), 0)).toBe(3);
  for (const vp of VIEWPORTS) {
    const context = await signedIn(browser, vp.width, vp.height, vp.width > 400);
    const page = await context.newPage();
    await page.goto(`/profile-event/Sales/${soonId}`);
    await expect(
      page
        .getByRole('img', { name: /Tickets sold per hour before the event/ })
        .locator('canvas')
        .first(),
    ).toBeVisible();
    await page.getByText('Per hour as a table').click();
    const rows = page.getByTestId('sales-hourly-table').locator('tbody tr');
    await expect(rows).toHaveCount(charts.hourly.length);
    for (const [i, b] of charts.hourly.entries())
      await expect(rows.nth(i).locator('td[data-label="Tickets"]')).toHaveText(String(sold(b)));
    await noSidewaysScroll(page, vp.width);
    await picture(page, `test-results/charts/hourly-${vp.width}.png`, { fullPage: true });
    await context.close();
  }
});

test('the arrivals chart follows the door while the Check-in tab is open', async ({ browser, request }) => {
  test.setTimeout(60_000);
  const headers = { authorization: `Bearer ${organiser.token}` };
  const total = async () =>
    checkinChartsResponse
      .parse(await (await request.get(`/api/events/${eventId}/checkins/charts`, { headers })).json())
      .arrivals.reduce((n, a) => n + a.checkedIn, 0);
  const before = await total();
  const context = await signedIn(browser, 1280, 900, false);
  const page = await context.newPage();
  await page.goto(`/profile-event/Checkin/${eventId}`);
  await page.getByText('Arrivals as a table').click();
  const shownTotal = async () => {
    const cells = await page
      .getByTestId('arrivals-table')
      .locator('td[data-label="Checked in"]')
      .allTextContents();
    return cells.reduce((n, c) => n + Number.parseInt(c, 10), 0);
  };
  await expect.poll(shownTotal).toBe(before);
  // A guest comes in at the door while the organiser watches: the table (and chart) catch up by themselves.
  const [ticket] = await buyTickets(request, organiser.token, eventId, 1);
  const scan = await request.post(`/api/checkin/${eventId}`, { headers, data: { code: ticket!.code } });
  expect(scan.ok(), await scan.text()).toBe(true);
  expect(await total()).toBe(before + 1);
  await expect.poll(shownTotal, { timeout: 25_000 }).toBe(before + 1);
  await context.close();
});
