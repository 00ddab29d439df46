import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { type Account, eventIdByName, newBuyer, organiser, useAccount } from './support/checkout';
import { picturesInThemes } from './support/shots';

/**
 * Changing and removing a promoter on a phone (decision 070): the organiser renames a promoter and
 * raises their commission in the row, and the order already sold keeps its commission; then removes
 * them — the row stays, marked removed, with the order it brought — and their short link shows the
 * event without attributing. With E2E_SHOTS=1 it pictures the row's form and the removed row at
 * 375 px and 1280 px, light and dark.
 */
const EVENT = 'Afrobeats Under the Stars';
const SHOTS = process.env.SHOTS_DIR ?? 'test-results';

/** A promoter with a unique name, and one paid order a buyer made with their link (test mode). */
async function promoterWithOrder(request: APIRequestContext, ada: Account, eventId: string, name: string) {
  const headers = { authorization: `Bearer ${ada.token}` };
  const email = `${name.toLowerCase().replace(/\W+/g, '.')}@example.ng`;
  const made = await request.post(`/api/events/${eventId}/promoters`, {
    headers,
    data: { name, email, commission: { kind: 'percent', value: 10 } },
  });
  expect(made.status(), await made.text()).toBe(201);
  const code = ((await made.json()).promoters as { email: string; code: string }[]).find(
    (p) => p.email === email,
  )!.code;
  const buyer = await newBuyer(request, 'Tolu');
  const as = { authorization: `Bearer ${buyer.token}` };
  const types = (await (await request.get(`/api/tickets/event/${eventId}`)).json()).tickets as {
    _id: string;
    ticketPrice: number;
  }[];
  const paid = types.find((t) => t.ticketPrice > 0)!;
  const order = await request.post('/api/orders', {
    headers: as,
    data: {
      eventId,
      items: { [paid._id]: 1 },
      buyer: { firstName: 'Tolu', lastName: 'Bello', email: buyer.user.email, phone: '+2348031234567' },
    },
  });
  expect(order.status(), await order.text()).toBe(201);
  const orderId = (await order.json()).order._id as string;
  const pay = await (
    await request.post(`/api/orders/${orderId}/pay`, {
      headers: as,
      data: { acceptTerms: true, emailUpdates: false, refs: [code] },
    })
  ).json();
  expect((await request.post(`/api/payments/test/${pay.reference}/approve`)).ok()).toBe(true);
  return { code };
}

const rowOf = (page: Page, name: string) => page.getByTestId('promoter-row').filter({ hasText: name });

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });

  test('rename and re-rate a promoter, then remove them: their order stays theirs', async ({
    page,
    request,
    browser,
  }) => {
    test.setTimeout(120_000);
    const eventId = await eventIdByName(request, EVENT);
    const ada = await organiser(request);
    const tag = Date.now().toString(36);
    const name = `Bisi ${tag}`;
    const { code } = await promoterWithOrder(request, ada, eventId, name);

    await useAccount(page, ada);
    await page.goto(`/profile-event/Promoters/${eventId}`);
    const row = rowOf(page, name);
    await expect(row.getByTestId('promoter-figures')).toContainText('1 order');
    const figuresBefore = await row.getByTestId('promoter-figures').innerText();
    await expect(row).toContainText('10 %');

    // Change: the form opens in the row with the email fixed.
    await row.getByRole('button', { name: 'Edit' }).click();
    const form = page.getByRole('form', {
      name: `Change ${name.toLowerCase().replace(/\W+/g, '.')}@example.ng`,
    });
    await expect(form.getByLabel('Email')).toBeDisabled();
    await expect(
      form.getByText('Orders already paid keep the commission they were sold under'),
    ).toBeVisible();
    await form.getByLabel('Name').fill(`${name} Renamed`);
    await form.getByLabel('Percentage (%)').fill('150');
    await form.getByRole('button', { name: 'Save changes' }).click();
    await expect(form.getByText('A percentage commission can be at most 100 %')).toBeVisible();
    await form.getByLabel('Percentage (%)').fill('15');
    await picturesInThemes(page, `${SHOTS}/promoter-edit-375`);
    await form.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Promoter changed; new orders earn the new commission')).toBeVisible();
    const renamed = rowOf(page, `${name} Renamed`);
    await expect(renamed).toContainText('15 %');
    // The order sold under 10 % keeps its commission.
    await expect(renamed.getByTestId('promoter-figures')).toHaveText(figuresBefore);

    // Remove: asked first; the row stays, marked removed, with its order.
    await renamed.getByRole('button', { name: 'Remove' }).click();
    await expect(renamed.getByText('Their link stops counting')).toBeVisible();
    await renamed.getByRole('button', { name: 'Keep' }).click();
    await expect(renamed.getByText('Their link stops counting')).toHaveCount(0);
    await renamed.getByRole('button', { name: 'Remove' }).click();
    await renamed.getByRole('button', { name: 'Remove' }).click();
    await expect(page.getByText('Promoter removed; their sales stay in your figures')).toBeVisible();
    await expect(renamed.getByText('Removed', { exact: true })).toBeVisible();
    await expect(renamed.getByTestId('promoter-figures')).toHaveText(figuresBefore);
    await expect(renamed.getByRole('button', { name: 'Edit' })).toHaveCount(0);
    await expect(renamed.getByRole('button', { name: 'Copy link' })).toHaveCount(0);
    await renamed.scrollIntoViewIfNeeded();
    await picturesInThemes(page, `${SHOTS}/promoter-removed-375`);

    // Sales still names them.
    await page.goto(`/profile-event/Sales/${eventId}`);
    await expect(page.getByRole('table', { name: 'Sales by promoter' })).toContainText(`${name} Renamed`);

    // Their short link: the event, without the referral.
    const visitor = await browser.newPage({ viewport: { width: 375, height: 740 } });
    await visitor.goto(`/r/${code}`);
    await expect(visitor).toHaveURL(new RegExp(`/event-details/${eventId}$`));
    await expect(visitor.getByRole('heading', { name: EVENT })).toBeVisible();
    expect(await visitor.evaluate(() => localStorage.getItem('gatepass.referrals'))).toBeNull();
    await visitor.close();

    // The same screens on a desk, for the pictures.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`/profile-event/Promoters/${eventId}`);
    await expect(rowOf(page, `${name} Renamed`)).toContainText('Removed');
    await picturesInThemes(page, `${SHOTS}/promoter-removed-1280`);
    const live = `Kemi ${tag}`;
    await promoterWithOrder(request, ada, eventId, live);
    await page.reload();
    await rowOf(page, live).getByRole('button', { name: 'Edit' }).click();
    await expect(page.getByRole('button', { name: 'Save changes' })).toBeVisible();
    await picturesInThemes(page, `${SHOTS}/promoter-edit-1280`);
  });
});
