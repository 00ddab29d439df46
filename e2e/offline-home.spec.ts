import { expect, test } from '@playwright/test';
import { freeTickets, newBuyer, useAccount } from './support/checkout';
import { picturesInThemes } from './support/shots';

/**
 * The home page and the event search with no network, on a 375 px phone (issue #32: a page that
 * cannot reach the network says it is offline, never a red "Failed to fetch events"). The service
 * worker (installed by My Tickets) keeps the app itself, so home opens offline; its event lists cannot.
 */
test.use({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });

test('offline, home and the event search say they are offline instead of "Failed to fetch events"', async ({
  page,
  context,
  request,
}) => {
  const buyer = await newBuyer(request, 'Ngozi');
  await freeTickets(request, buyer);
  await useAccount(page, buyer);
  await page.goto('/profile');
  await expect(page.getByTestId('tickets-updated')).toContainText('Saved on this phone');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller)
      await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve));
  });

  await context.setOffline(true);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const lists = page.getByRole('region', { name: /Elevating Experiences|Check out events/ });
  await expect(lists).toHaveCount(2);
  for (const list of await lists.all())
    await expect(list.getByRole('status')).toHaveText(
      'You are offline. Events show here again when you are back online.',
    );
  await expect(page.getByText(/Failed to fetch/)).toHaveCount(0);
  await page.getByRole('region', { name: /Elevating Experiences/ }).scrollIntoViewIfNeeded();
  await picturesInThemes(page, 'test-results/offline-home-375');

  // On to the search, still offline (the app moves without the network; the search cannot run).
  await page.getByRole('link', { name: 'Find Event' }).click();
  await expect(page.getByRole('heading', { name: 'You are offline' })).toBeVisible();
  await expect(page.getByText('Search again when you are back online.')).toBeVisible();
  await expect(
    page.getByText(/Failed to fetch|Something went wrong|Unexpected Application Error/),
  ).toHaveCount(0);
  await picturesInThemes(page, 'test-results/offline-search-375');
});

test('My Tickets opened once, on the first visit, opens offline: the page that installs the worker is kept too', async ({
  page,
  context,
  request,
}) => {
  const buyer = await newBuyer(request, 'Adaeze');
  await freeTickets(request, buyer);
  await useAccount(page, buyer);
  // One visit, no reload: the tickets were fetched before the worker was there to keep them.
  await page.goto('/profile');
  await expect(page.getByTestId('tickets-updated')).toContainText('Saved on this phone');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller)
      await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve));
  });
  // What the stamp promised holds: once the worker is there, the page's tickets are in its keeping.
  await expect
    .poll(() =>
      page.evaluate(async () => Boolean(await caches.match('/api/tickets/mine', { ignoreVary: true }))),
    )
    .toBe(true);

  await context.setOffline(true);
  await page.goto('/profile');
  await expect(page.getByTestId('tickets-updated')).toContainText('You are offline');
  await expect(page.getByRole('list', { name: 'Upcoming tickets' })).toBeVisible();
  await expect(page.getByText(/Failed to fetch/)).toHaveCount(0);
  await picturesInThemes(page, 'test-results/offline-first-visit-375');
});
