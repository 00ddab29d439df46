import { type APIRequestContext, expect, test } from '@playwright/test';
import { mailTo } from './support/auth';
import { doorEvent, organiserSession, type Session } from './support/door';
import { picture } from './support/shots';

/**
 * A partial refund from the Guestlist on a phone (issue #24, decision 044): the organiser refunds one
 * of two seats with a reason; the list shows one seat left, the refunded ticket is refused at the
 * door and the other still admits, and the buyer's email carries the reason.
 */

const SHOTS = process.env.SCREENSHOT_DIR ?? 'test-results/refund-shots';

async function paidOrder(api: APIRequestContext, organiser: Session, eventId: string, lastName: string) {
  const headers = { authorization: `Bearer ${organiser.token}` };
  const types = (await (await api.get(`/api/tickets/event/${eventId}`, { headers })).json()).tickets as {
    _id: string;
    ticketPrice: number;
  }[];
  const paidType = types.find((t) => t.ticketPrice > 0);
  expect(paidType, 'the sample event has a paid ticket type').toBeTruthy();
  const email = `${lastName.toLowerCase()}@example.ng`;
  const created = await api.post('/api/orders', {
    headers,
    data: {
      eventId,
      items: { [paidType!._id]: 2 },
      buyer: { firstName: 'Bisi', lastName, email, phone: '+2348031234567' },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const orderId = (await created.json()).order._id as string;
  const pay = await (
    await api.post(`/api/orders/${orderId}/pay`, {
      headers,
      data: { acceptTerms: true, emailUpdates: false },
    })
  ).json();
  if (pay.reference) expect((await api.post(`/api/payments/test/${pay.reference}/approve`)).ok()).toBe(true);
  const order = (await (await api.get(`/api/orders/${orderId}`, { headers })).json()).order;
  expect(order.status).toBe('paid');
  return { orderId, email, codes: (order.tickets as { code: string }[]).map((t) => t.code) };
}

test('an organiser refunds one of two seats from the Guestlist on a phone', async ({ browser, request }) => {
  const organiser = await organiserSession(request);
  const eventId = await doorEvent(request, organiser);
  const lastName = `Refund${Date.now().toString(36)}`;
  const { orderId, email, codes } = await paidOrder(request, organiser, eventId, lastName);

  const openForm = async (width: number, scheme: 'light' | 'dark') => {
    const context = await browser.newContext({ viewport: { width, height: 812 }, colorScheme: scheme });
    await context.addInitScript((s) => {
      localStorage.setItem('token', s.token);
      localStorage.setItem('user', JSON.stringify(s.user));
    }, organiser);
    const page = await context.newPage();
    await page.goto(`/profile-event/Guestlist/${eventId}?q=${encodeURIComponent(email)}`);
    const line = page.getByRole('row').filter({ hasText: lastName });
    await expect(line).toBeVisible();
    await line.getByRole('button', { name: /^Refund / }).click();
    const form = page.getByRole('form', { name: /^Refund / });
    await form.getByRole('checkbox').first().check();
    await form.getByLabel('Reason (the buyer reads it)').fill('Row A was removed for the stage');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await picture(form, `${SHOTS}/refund-form-${width}-${scheme}.png`);
    return { context, page, line, form };
  };

  // How the form looks on a desktop and in the dark (closed again without refunding).
  for (const [width, scheme] of [
    [1280, 'light'],
    [1280, 'dark'],
    [375, 'dark'],
  ] as const) {
    const { context, form } = await openForm(width, scheme);
    await form.getByRole('button', { name: 'Cancel' }).click();
    await context.close();
  }

  // The refund itself, on a phone.
  const { context, page, line, form } = await openForm(375, 'light');
  await form.getByRole('button', { name: 'Review refund' }).click();
  const confirm = page.getByRole('region', { name: /^Confirm the refund/ });
  await expect(confirm).toContainText('Refund 1 ticket');
  // The amount in Naira, quoted by the server (decision 055), is the one the refund then records.
  const question = confirm.getByTestId('refund-question');
  await expect(question).toHaveText(/: ₦[\d,]+\?$/);
  const quoted = /: (₦[\d,]+)\?$/.exec((await question.textContent()) ?? '')![1]!;
  await picture(confirm, `${SHOTS}/refund-confirm-375-light.png`);
  await confirm.getByRole('button', { name: 'Confirm refund' }).click();
  await expect(page.getByText(`Refund of ${quoted} sent. The buyer is emailed.`)).toBeVisible();
  // The list reloads: one seat left on the line, one ticket under it.
  await expect(line.getByRole('cell').nth(1)).toHaveText('1 1 refunded');
  await picture(page, `${SHOTS}/refund-done-375-light.png`, { fullPage: true });

  // The buyer's order page says what came back and why, and shows only the ticket that still admits.
  await page.goto(`/orders/${orderId}`);
  const refunds = page.getByRole('region', { name: /refunded · 1 of 2 tickets no longer admit/ });
  await expect(refunds).toContainText('Row A was removed for the stage');
  await expect(page.locator('ul[aria-label="Your tickets"] > li')).toHaveCount(1);
  await picture(page, `${SHOTS}/refund-order-375-light.png`, { fullPage: true });
  await context.close();

  const headers = { authorization: `Bearer ${organiser.token}` };
  const scan = async (code: string) =>
    (await (await request.post(`/api/checkin/${eventId}`, { headers, data: { code } })).json()).result;
  expect(await scan(codes[0]!)).toBe('cancelled');
  expect(await scan(codes[1]!)).toBe('checked_in');
  const mail = await mailTo(request, email, /^Refund/);
  expect(mail.text).toContain('Row A was removed for the stage');
  // What the server recorded for the refund is the review's amount.
  const order = (await (await request.get(`/api/orders/${orderId}`, { headers })).json()).order as {
    refunds: { amount: number }[];
  };
  expect(order.refunds.map((r) => `₦${r.amount.toLocaleString('en-NG')}`)).toEqual([quoted]);
});

test('a fully refunded order stays on the Guestlist at 375 px: marked refunded, its email whole', async ({
  browser,
  request,
}) => {
  const organiser = await organiserSession(request);
  const eventId = await doorEvent(request, organiser);
  const lastName = `Whole${Date.now().toString(36)}`;
  const { orderId, email, codes } = await paidOrder(request, organiser, eventId, lastName);
  const refunded = await request.post(`/api/orders/${orderId}/refunds`, {
    headers: { authorization: `Bearer ${organiser.token}` },
    data: { tickets: codes, reason: 'The buyer cannot come', requestKey: `whole-${Date.now().toString(36)}` },
  });
  expect(refunded.status(), await refunded.text()).toBe(201);

  const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
  await context.addInitScript((s) => {
    localStorage.setItem('token', s.token);
    localStorage.setItem('user', JSON.stringify(s.user));
  }, organiser);
  const page = await context.newPage();
  await page.goto(`/profile-event/Guestlist/${eventId}?q=${encodeURIComponent(email)}`);
  const line = page.getByRole('row').filter({ hasText: lastName });
  await expect(line).toBeVisible();
  await expect(line.locator('td[data-label="Quantity"]')).toHaveText('0 Refunded');
  // Its tickets were issued, then refunded: the check-in cell says so, not "No tickets issued".
  await expect(line.locator('td[data-label="Checked In"]')).toHaveText('Refunded: no ticket admits');
  await expect(line.getByRole('button', { name: /^Refund / })).toHaveCount(0);
  // The buyer's email is read whole on a phone: it wraps instead of being cut at the card's edge.
  const cell = line.locator('td[data-label="Purchased By"]');
  const mail = cell.getByText(email);
  const [cellBox, mailBox] = [await cell.boundingBox(), await mail.boundingBox()];
  expect(mailBox!.x + mailBox!.width).toBeLessThanOrEqual(cellBox!.x + cellBox!.width + 0.5);
  expect(await mail.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
  await line.scrollIntoViewIfNeeded();
  await picture(page, `${SHOTS}/refunded-whole-375-light.png`);
  await page.emulateMedia({ colorScheme: 'dark' });
  await picture(page, `${SHOTS}/refunded-whole-375-dark.png`);
  await context.close();
});
