import { expect, test } from '@playwright/test';

test('home shows the hero headline and the seeded events; a card opens its details page', async ({
  page,
}) => {
  await page.goto('/');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Turning Dreams into Extraordinary Events' }),
  ).toBeVisible();
  const card = page.getByRole('link', { name: 'Afrobeats Under the Stars', exact: true }).first();
  await expect(card).toBeVisible();
  await expect(
    page.getByRole('link', { name: 'Port Harcourt Charity Fun Run', exact: true }).first(),
  ).toBeAttached();
  await card.click();
  await expect(page).toHaveURL(/\/event-details\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Afrobeats Under the Stars' })).toBeVisible();
  await expect(page.getByText('Eko Convention Centre', { exact: false }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Get Tickets' }).first()).toHaveAttribute(
    'href',
    /\/get-tickets\//,
  );
});

test('an unknown event id shows "Event not found"', async ({ page }) => {
  await page.goto('/event-details/7d0c5f0e-2b1a-4c55-9f51-3f6b8d8e9a10');
  await expect(page.getByRole('heading', { name: 'Event not found' })).toBeVisible();
  await page.goto('/event-details/not-an-id');
  await expect(page.getByRole('heading', { name: 'Event not found' })).toBeVisible();
});

test('the dark-mode toggle survives a reload', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/');
  await expect(page.locator('body')).not.toHaveClass(/dark/);
  await page.getByRole('button', { name: 'Switch to dark mode' }).click();
  await expect(page.locator('body')).toHaveClass(/dark/);
  expect(await page.evaluate(() => localStorage.getItem('dark-mode'))).toBe('true');
  await page.reload();
  await expect(page.locator('body')).toHaveClass(/dark/);
  await page.getByRole('button', { name: 'Switch to light mode' }).click();
  await expect(page.locator('body')).not.toHaveClass(/dark/);
  expect(await page.evaluate(() => localStorage.getItem('dark-mode'))).toBe('false');
});

test('with no stored choice the system preference decides, before any script of the app runs', async ({
  page,
}) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/');
  await expect(page.locator('body')).toHaveClass(/dark/);
  // The theme is applied by the blocking head script, so the first paint already has it.
  const darkAtFirstParse = await page.evaluate(() => document.body.classList.contains('dark'));
  expect(darkAtFirstParse).toBe(true);
});

test('an unknown path shows the not-found page and "Back to home" works', async ({ page }) => {
  await page.goto('/this/does/not/exist');
  await expect(page.getByRole('heading', { name: 'Lost in space' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to home' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Turning Dreams into Extraordinary Events' }),
  ).toBeVisible();
});

test('a guarded route without a token lands on /login with where it came from', async ({ page }) => {
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/login\?from=%2Fprofile$/);
  // The guard replaced the history entry: going back does not bounce into /profile again.
  await page.goto('/get-tickets/7d0c5f0e-2b1a-4c55-9f51-3f6b8d8e9a10');
  await expect(page).toHaveURL(/\/login\?from=/);
});

test('the navigation bar and footer are hidden on auth pages', async ({ page }) => {
  await page.goto('/about');
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeVisible();
  await page.goto('/login');
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
  await expect(page.getByRole('contentinfo')).toHaveCount(0);
});

test('on a phone the slide-in menu opens, navigates and closes', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/');
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Pricing' }),
  ).toBeHidden();
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await expect(menu).toBeVisible();
  await menu.getByRole('link', { name: 'Pricing' }).click();
  await expect(page).toHaveURL(/\/pricing$/);
  await expect(menu).toBeHidden();
  // Escape closes it too.
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Menu' })).toBeHidden();
});
