import type { Locator, Page } from '@playwright/test';

/**
 * Screenshots for people to look at (phone and desktop, light and dark): pictures, not checks. On the
 * 2-core CI machine the full-page ones cost about a minute of the browser stage, so the specs take
 * them only when asked: `E2E_SHOTS=1 npm run test:e2e` (they land under test-results/).
 */
export const takingShots = process.env.E2E_SHOTS === '1';

/** A screenshot of the page (whole) or of one element, when pictures are asked for. */
export async function picture(target: Page | Locator, path: string, options: { fullPage?: boolean } = {}) {
  if (!takingShots) return;
  await target.screenshot({ path, ...options });
}

/**
 * The page's whole length in the light and then the dark theme, as `${prefix}-light.png` and
 * `${prefix}-dark.png`, then back to light. `settleMs` lets theme fades finish before each picture.
 */
export async function picturesInThemes(page: Page, prefix: string, settleMs = 0) {
  if (!takingShots) return;
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    if (settleMs) await page.waitForTimeout(settleMs);
    await page.screenshot({ path: `${prefix}-${colorScheme}.png`, fullPage: true });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}
