import { expect } from '@playwright/test';
import { darkModeMachine } from '../../../machines/darkMode.machine';
import type { UiFlow } from '../harness';

/**
 * Dark mode from a first visit (nothing stored) on a light system: the switch in the navigation bar
 * sends `theme.toggle`; the operating system's colour scheme (Playwright's emulateMedia) sends
 * `system.changed`, which the page follows only until the visitor has chosen.
 */
export const darkModeFlow: UiFlow = {
  name: 'darkMode',
  machine: darkModeMachine,
  input: { stored: null, systemPrefersDark: false },
  events: [
    { type: 'theme.toggle' },
    { type: 'system.changed', prefersDark: true },
    { type: 'system.changed', prefersDark: false },
  ],
  key: (s) => s.context.chosen,
  simplePaths: true,
  start: async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/');
  },
  actions: {
    'theme.toggle': async ({ page }) => {
      await page.getByRole('button', { name: /^Switch to (dark|light) mode$/ }).click();
    },
    'system.changed': async ({ page }, event) => {
      await page.emulateMedia({ colorScheme: event.prefersDark ? 'dark' : 'light' });
    },
  },
  states: {
    light: async ({ page }) => {
      await expect(page.getByRole('button', { name: 'Switch to dark mode' })).toHaveAttribute(
        'aria-pressed',
        'false',
      );
      await expect(page.locator('body')).not.toHaveClass(/\bdark\b/);
    },
    dark: async ({ page }) => {
      await expect(page.getByRole('button', { name: 'Switch to light mode' })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
      await expect(page.locator('body')).toHaveClass(/\bdark\b/);
    },
  },
};
