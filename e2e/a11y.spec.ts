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

/** One path in one theme: the page's serious or critical axe findings, each as one line. */
async function scan(page: Page, path: string, theme: 'light' | 'dark'): Promise<string[]> {
  await page.goto(path);
  await expect(page.locator('body')).toHaveClass(theme === 'dark' ? /dark/ : /^(?!.*dark).*$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  await expect(page.getByText('Loading events...')).toHaveCount(0, { timeout: 10_000 });
  await page.waitForLoadState('networkidle');
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${path} in ${theme}: ${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`,
    );
}

const PATHS = ['/', '/about', '/contact', '/pricing', '/events/all', '/terms', '/privacy', '/blog', '/test'];

// One page per theme walks every public path (a fresh browser page per path cost more than the
// scans on the 2-core CI machine); every finding of every path is reported at once.
for (const theme of ['light', 'dark'] as const)
  test(`public pages in the ${theme} theme have no serious or critical axe violations`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.emulateMedia({ reducedMotion: 'reduce', colorScheme: theme });
    await page.addInitScript((dark) => localStorage.setItem('dark-mode', dark), String(theme === 'dark'));
    const found: string[] = [];
    for (const path of [...PATHS, await firstEventPath(page)]) found.push(...(await scan(page, path, theme)));
    expect(found).toEqual([]);
  });
