import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';

/**
 * axe scan of the public pages in both themes: no serious or critical violations. Motion is
 * reduced so nothing is mid-fade while axe measures contrast (scroll-in animations are a
 * progressive enhancement; reduced motion is a real setting people use).
 */
async function firstEventPath(page: Page): Promise<string> {
  const res = await page.request.get('/api/events');
  const events = (await res.json()) as { _id: string }[];
  expect(events.length).toBeGreaterThan(0);
  return `/event-details/${events[0]!._id}`;
}

async function scan(page: Page, path: string, theme: 'light' | 'dark') {
  await page.emulateMedia({ reducedMotion: 'reduce', colorScheme: theme });
  await page.addInitScript((dark) => localStorage.setItem('dark-mode', dark), String(theme === 'dark'));
  await page.goto(path);
  await expect(page.locator('body')).toHaveClass(theme === 'dark' ? /dark/ : /^(?!.*dark).*$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  await expect(page.getByText('Loading events...')).toHaveCount(0, { timeout: 10_000 });
  await page.waitForLoadState('networkidle');
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const report = serious.map(
    (v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`,
  );
  expect(report, `${path} in ${theme}`).toEqual([]);
}

for (const theme of ['light', 'dark'] as const) {
  test.describe(`accessibility (${theme})`, () => {
    for (const path of [
      '/',
      '/about',
      '/contact',
      '/pricing',
      '/events/all',
      '/terms',
      '/privacy',
      '/blog',
      '/test',
    ]) {
      test(`${path} has no serious or critical axe violations`, async ({ page }) => {
        await scan(page, path, theme);
      });
    }
    test('an event page has no serious or critical axe violations', async ({ page }) => {
      await scan(page, await firstEventPath(page), theme);
    });
  });
}
