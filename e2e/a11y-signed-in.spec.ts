import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { eventIdByName, newBuyer, organiser, useAccount } from './support/checkout';

/**
 * The signed-in pages (a buyer's and an organiser's) at a phone's width in the light theme and a
 * desktop's in the dark one: one h1 each, and no serious or critical axe violation. Motion is reduced so nothing is
 * mid-fade while axe measures contrast.
 */
test.describe.configure({ timeout: 180_000 });

async function scan(page: Page, paths: string[]) {
  const found: string[] = [];
  for (const path of paths) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    await expect(page.locator('main').first()).toBeVisible();
    const h1 = await page.getByRole('heading', { level: 1 }).count();
    if (h1 !== 1) found.push(`${path}: ${h1} h1 headings`);
    const results = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    for (const v of results.violations)
      if (v.impact === 'serious' || v.impact === 'critical')
        found.push(`${path}: ${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
  }
  expect(found).toEqual([]);
}

// Each width and each theme once (pairwise, to keep the suite's time): contrast failures come from the
// theme and layout ones (names cut, targets hidden) from the width, so one run of each finds both kinds.
for (const [width, theme] of [
  [375, 'light'],
  [1280, 'dark'],
] as const)
  test(`signed-in pages at ${width} px, ${theme}: one h1, no serious or critical axe violation`, async ({
    page,
    request,
    browser,
  }, testInfo) => {
    await page.setViewportSize({ width, height: 800 });
    await page.emulateMedia({ reducedMotion: 'reduce', colorScheme: theme });
    await page.addInitScript((dark) => localStorage.setItem('dark-mode', dark), String(theme === 'dark'));
    const eventId = await eventIdByName(request, 'Afrobeats Under the Stars');
    await useAccount(page, await organiser(request));
    await scan(page, [
      '/profile',
      '/events/create',
      `/events/create/2/${eventId}`,
      `/events/create/3/${eventId}`,
      ...[
        'Details',
        'Tickets',
        'Appearance',
        'Guestlist',
        'Sales',
        'Checkin',
        'Team',
        'Promoters',
        'Messages',
      ].map((tab) => `/profile-event/${tab}/${eventId}`),
    ]);
    // The buyer in a browser context of their own (the organiser's page keeps its stored session).
    const buyerContext = await browser.newContext({
      viewport: { width, height: 800 },
      baseURL: testInfo.project.use.baseURL,
    });
    const buyerPage = await buyerContext.newPage();
    await buyerPage.emulateMedia({ reducedMotion: 'reduce', colorScheme: theme });
    await buyerPage.addInitScript(
      (dark) => localStorage.setItem('dark-mode', dark),
      String(theme === 'dark'),
    );
    await useAccount(buyerPage, await newBuyer(request, 'Kemi'));
    await scan(buyerPage, ['/profile', `/get-tickets/${eventId}`, '/team/accept', '/promoter']);
    await buyerContext.close();
  });
