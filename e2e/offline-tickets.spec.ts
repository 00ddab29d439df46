import { expect, test } from '@playwright/test';
import { freeTickets, newBuyer, TECH_MEETUP, useAccount } from './support/checkout';

/**
 * Tickets without data (issue #23, decision 041): once My Tickets and a ticket have been opened,
 * they open again with no network (context.setOffline), QR and all, and say they are the kept copy.
 * Signing out deletes the kept copy, so the next person on the phone finds nothing.
 */

test('My Tickets and a ticket open offline after one visit; sign-out forgets them', async ({
  browser,
  request,
}) => {
  const buyer = await newBuyer(request, 'Ifeoma');
  const { tickets } = await freeTickets(request, buyer);
  const code = tickets[0]!.code;

  const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
  const page = await context.newPage();
  await useAccount(page, buyer);
  await page.goto('/profile');
  await expect(page.getByTestId('tickets-updated')).toContainText('Saved on this phone');
  // The first visit installs the worker; from then on it keeps what the pages fetch.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller)
      await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve));
  });
  await page.reload();
  await expect(page.getByRole('list', { name: 'Upcoming tickets' })).toBeVisible();
  await page
    .getByRole('link', { name: new RegExp(TECH_MEETUP) })
    .first()
    .click();
  await expect(page.getByRole('img', { name: /QR code of the/ })).toBeVisible();

  // No network: the app, My Tickets and the ticket still open, and say they are the kept copy.
  await context.setOffline(true);
  await page.goto('/profile');
  await expect(page.getByTestId('tickets-updated')).toContainText('You are offline');
  await page
    .getByRole('link', { name: new RegExp(TECH_MEETUP) })
    .first()
    .click();
  await expect(page).toHaveURL(`/tickets/${code}`);
  await expect(page.getByRole('img', { name: /QR code of the/ })).toBeVisible();
  await expect(page.getByTestId('ticket-reference')).toBeVisible();
  await page.goto(`/tickets/${code}`);
  await expect(page.getByRole('img', { name: /QR code of the/ })).toBeVisible();
  await expect(page.getByTestId('tickets-updated')).toContainText('the QR codes still scan');

  // Back online, signing out deletes the kept tickets.
  await context.setOffline(false);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/profile');
  expect(await page.evaluate(() => caches.has('gatepass-my-tickets'))).toBe(true);
  await page.getByRole('button', { name: /Account menu for/ }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect.poll(() => page.evaluate(() => caches.has('gatepass-my-tickets'))).toBe(false);
  // Even with a session again (this test's init script stores it on every load), nothing is left
  // to show offline: the kept tickets went with the sign-out.
  await context.setOffline(true);
  await page.goto('/profile');
  // It says it is offline with nothing kept, not that fetching failed (issue #32).
  await expect(page.getByTestId('no-kept-tickets')).toHaveText(
    'You are offline, and no tickets are kept on this phone. Open My Tickets once while online to keep them here.',
  );
  await expect(page.getByText(/Failed to fetch/)).toHaveCount(0);
  await expect(page.getByRole('link', { name: new RegExp(TECH_MEETUP) })).toHaveCount(0);
  await context.close();
});
