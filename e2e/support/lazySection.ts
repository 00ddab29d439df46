import { expect, type Locator } from '@playwright/test';

/**
 * Home's FAQ, contact and newsletter sections arrive in the server's HTML and become interactive
 * when their code has loaded, which starts as the visitor scrolls towards them
 * (src/motion/LazySection.tsx). This scrolls to one, as a visitor would, and waits until React has
 * taken over its markup (React keeps its fiber on every element it has hydrated).
 */
export async function scrollToLiveSection(element: Locator) {
  await element.scrollIntoViewIfNeeded();
  await expect
    .poll(() => element.evaluate((node) => Object.keys(node).some((key) => key.startsWith('__reactFiber$'))))
    .toBe(true);
}
