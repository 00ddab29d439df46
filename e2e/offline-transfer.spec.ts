import { expect, type Page, test } from '@playwright/test';
import { freeTickets, newBuyer, TECH_MEETUP, useAccount } from './support/checkout';
import { picturesInThemes } from './support/shots';

/**
 * A ticket received by transfer opens offline (issue #32 item 7, decision 053), and the seller is
 * left without it (item 6). A page that cannot reach the network shows what it kept or says it is
 * offline: never an application error, never a red "Failed to fetch events".
 */

const phone = { width: 375, height: 812 };

async function serviceWorkerInControl(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller)
      await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve));
  });
}

test('a transferred ticket: the seller keeps no QR, the new holder opens it offline', async ({
  browser,
  request,
}) => {
  // Two phones, a service worker and offline pages: more than the default on a busy machine.
  test.setTimeout(180_000);
  const seller = await newBuyer(request, 'Yemi');
  const holder = await newBuyer(request, 'Zainab');
  const { tickets } = await freeTickets(request, seller);
  const sent = await request.post(`/api/tickets/code/${tickets[0]!.code}/transfer`, {
    headers: { authorization: `Bearer ${seller.token}` },
    data: { firstName: holder.user.firstName, lastName: 'Okafor', email: holder.user.email },
  });
  expect(sent.ok(), await sent.text()).toBe(true);

  // The seller: the ticket is listed as sent, with no link to a QR.
  const sellerContext = await browser.newContext({ viewport: phone });
  const sellerPage = await sellerContext.newPage();
  await useAccount(sellerPage, seller);
  await sellerPage.goto('/profile');
  const sentList = sellerPage.getByRole('list', { name: 'Tickets sent to others' });
  await expect(sentList).toContainText(`Transferred to ${holder.user.firstName} Okafor`);
  await expect(sentList.getByRole('link')).toHaveCount(0);
  await expect(sellerPage.getByRole('list', { name: 'Upcoming tickets' })).toHaveCount(0);
  await picturesInThemes(sellerPage, 'test-results/offline-transfer-seller');
  await sellerContext.close();

  // The new holder opens My Tickets and the ticket twice online.
  const context = await browser.newContext({ viewport: phone });
  const page = await context.newPage();
  await useAccount(page, holder);
  await page.goto('/profile');
  await serviceWorkerInControl(page);
  await page.reload();
  const link = page.getByRole('link', { name: new RegExp(TECH_MEETUP) }).first();
  await link.click();
  await expect(page.getByRole('img', { name: /QR code of the/ })).toBeVisible();
  const url = page.url();
  await page.goto('/profile');
  await link.click();
  await expect(page.getByRole('img', { name: /QR code of the/ })).toBeVisible();

  // Offline: the ticket page shows the kept QR; My Tickets shows the kept tickets and no red error.
  await context.setOffline(true);
  await page.goto(url);
  await expect(page.getByRole('img', { name: /QR code of the/ })).toBeVisible();
  await expect(page.getByText('Unexpected Application Error!')).toHaveCount(0);
  await page.goto('/profile');
  await expect(page.getByTestId('tickets-updated')).toContainText('You are offline');
  await expect(page.getByText(/Failed to fetch/)).toHaveCount(0);
  await picturesInThemes(page, 'test-results/offline-transfer-profile');
  // A ticket page never kept says it is offline instead of an application error.
  await page.goto('/tickets/not-a-kept-ticket');
  await expect(page.getByText(/offline/i).first()).toBeVisible();
  await expect(page.getByText('Unexpected Application Error!')).toHaveCount(0);
  await picturesInThemes(page, 'test-results/offline-transfer-unknown');
  await context.close();
});
