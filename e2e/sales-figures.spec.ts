import { request as apiRequest, expect, test } from '@playwright/test';
import { buyTickets, doorEvent, organiserSession, type Session } from './support/door';

/**
 * Numbers that agree (issue #24), on a phone: the Sales tab shows the API's figures, test-mode orders
 * counted and labelled, and 'Hide test-mode orders' takes exactly their share out.
 */

let organiser: Session;
let eventId: string;

test.beforeAll(async ({ baseURL }) => {
  const api = await apiRequest.newContext({ baseURL });
  organiser = await organiserSession(api);
  eventId = await doorEvent(api, organiser);
  await buyTickets(api, organiser.token, eventId, 2);
  await api.dispose();
});

test('the Sales tab shows the API’s figures with the test-mode share labelled, and can hide it', async ({
  browser,
  request,
}) => {
  const sales = await (
    await request.get(`/api/events/${eventId}/sales`, {
      headers: { authorization: `Bearer ${organiser.token}` },
    })
  ).json();
  expect(sales.totals.testOrders).toBeGreaterThan(0);
  const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
  await context.addInitScript((s) => {
    localStorage.setItem('token', s.token);
    localStorage.setItem('user', JSON.stringify(s.user));
  }, organiser);
  const page = await context.newPage();
  await page.goto(`/profile-event/Sales/${eventId}`);
  const totals = page.getByTestId('sales-totals');
  await expect(totals).toContainText(`Tickets sold: ${sales.totals.sold}`);
  await expect(totals).toContainText(`Orders: ${sales.totals.orders}`);
  const label = page.getByTestId('sales-test-mode');
  await expect(label).toContainText(
    `Includes ${sales.totals.testSold} tickets from ${sales.totals.testOrders}`,
  );
  await label.getByLabel('Hide test-mode orders').check();
  await expect(totals).toContainText(`Tickets sold: ${sales.totals.sold - sales.totals.testSold}`);
  await expect(totals).toContainText(`Orders: ${sales.totals.orders - sales.totals.testOrders}`);
  await expect(label).toContainText('left out of these figures');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await context.close();
});
