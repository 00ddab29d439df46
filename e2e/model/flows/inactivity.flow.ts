import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { INACTIVITY_CHECK_MS, inactivityMachine } from '../../../machines/inactivity.machine';
import { onModelClock } from '../../../test/model/modelClock';
import { type Account, newBuyer } from '../../support/checkout';
import type { UiFlow } from '../harness';

/**
 * The idle sign-out (machines/inactivity.machine.ts, decision 053 §5) through the screens, on
 * Playwright's clock. One account made through the API, its Timeouts put back to 5 minutes before
 * each path; the app opened signed in (storage), Account settings opened, the clock stopped and a
 * key pressed (the path's starting activity, a moment after the timer started). Each check is a minute run on the page's clock
 * (the machine's `after` timer fires, and the page reads the wall clock as the model does: see
 * test/model/modelClock.ts); a laptop that slept is a 10-minute jump that fires the one due check
 * late (`fastForward`); a clock set back a minute (a time correction) runs the next check at the
 * wall time of the one before. What each state shows, what storage keeps and what the server holds
 * as the Timeouts are written here from the decision, not read off the machine.
 *
 * Findings. (1) Presses are what count as activity (mouse and key down, decision 024), so a person
 * with a pointer or keys ends the warning by the very press that reaches "Stay signed in" or the
 * Timeouts select: the machine gets `user.activity`, and the `stay` then lands in `watching`, where
 * it changes nothing. `stay`, and a Timeouts choice during the warning, are what comes without a
 * press: an assistive technology activating the button or setting the select (Playwright's
 * `dispatchEvent` and `selectOption` send the click, or the change, alone); a press is a key press
 * here. (2) With Account settings open (any modal dialog), the warning was under the dialog's
 * backdrop, hidden from assistive technology and out of the pointer's reach; every path to `warning`
 * failed at "sees warning". The warning now goes to the end of the body, above the dialog. A press
 * on it with the pointer still counts as a press outside the dialog, which closes it.
 */

const MINUTE = INACTIVITY_CHECK_MS;
const SLEPT_MINUTES = 10;

type Data = { account: Account };

/** The model's clock: a check is a minute (or the minutes slept, or none if the clock went back). */
export const clockedInactivity = onModelClock(inactivityMachine, {
  start: 0,
  elapsed: (event) =>
    event.type.startsWith('xstate.after.check')
      ? event.slept
        ? SLEPT_MINUTES * MINUTE
        : event.clockSetBack
          ? 0
          : MINUTE
      : 0,
});

const WATCH = 'xstate.after.check.inactivity.watching';
const WARN = 'xstate.after.check.inactivity.warning';
const events = [
  { type: 'user.activity' },
  { type: 'stay' },
  { type: 'timeout.change', minutes: 5 },
  { type: 'timeout.change', minutes: 10 },
  { type: 'timeout.change', minutes: 15 },
  { type: WATCH },
  { type: WATCH, slept: true },
  { type: WARN },
  { type: WARN, clockSetBack: true },
];

const bearer = (a: Account) => ({ authorization: `Bearer ${a.token}` });
const settings = (page: Page) => page.getByRole('dialog', { name: 'Account settings' });
const warning = (page: Page) => page.getByRole('alertdialog');
const storedToken = (page: Page) => page.evaluate(() => localStorage.getItem('token'));
const minutesOf = (s: { context: { timeoutMs: number } }) => s.context.timeoutMs / MINUTE;

async function serverMinutes(request: APIRequestContext, account: Account) {
  const me = await request.get('/api/users/me', { headers: bearer(account) });
  expect(me.ok(), await me.text()).toBe(true);
  return ((await me.json()) as { user: { inactivityMinutes: number } }).user.inactivityMinutes;
}

export const inactivityFlow: UiFlow<Data> = {
  name: 'inactivity',
  machine: clockedInactivity,
  input: { minutes: 5 },
  tours: true,
  events: (s) =>
    events.filter((e) => {
      // Choosing what the select already shows sends nothing.
      if (e.type === 'timeout.change') return e.minutes !== minutesOf(s);
      return true;
    }),
  // What tells states apart: the timeout and how long the person has been idle (model time).
  key: (s) => [s.context.timeoutMs, clockedInactivity.timeOf(s) - s.context.lastActivityAt],
  prepare: async (request) => ({ account: await newBuyer(request, 'Idris') }),
  start: async ({ page, request, data }) => {
    const { account } = data;
    const reset = await request.put('/api/users/me/settings', {
      headers: bearer(account),
      data: { inactivityMinutes: 5 },
    });
    expect(reset.ok(), await reset.text()).toBe(true);
    await page.clock.install();
    await page.goto('/about');
    await page.evaluate(
      ([token, user]) => {
        localStorage.setItem('token', token);
        localStorage.setItem('user', user);
      },
      [account.token, JSON.stringify({ ...account.user, inactivityMinutes: 5 })] as const,
    );
    // The session starts its timer as it reports the opening of the app; from then the page's time
    // moves only when the path says so.
    const started = page.waitForRequest('**/api/users/me/activity');
    await page.goto('/profile');
    await started;
    // The menu and the dialog animate on the page's timers: opened while the clock still runs.
    await page.getByRole('button', { name: /Account menu for/ }).click();
    await page.getByRole('menuitem', { name: 'Settings' }).click();
    await expect(settings(page).getByLabel('Timeouts')).toHaveValue('5');
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 500);
    // The path's first activity, now: the model's start (its idle time counts from this press).
    await page.keyboard.press('Shift');
  },
  actions: {
    'user.activity': async ({ page }) => {
      await page.keyboard.press('Shift');
    },
    stay: async ({ page }) => {
      await warning(page).getByRole('button', { name: 'Stay signed in' }).dispatchEvent('click');
    },
    'timeout.change': async ({ page }, event) => {
      const select = settings(page).getByLabel('Timeouts');
      const saved = page.waitForResponse(
        (r) => r.url().endsWith('/api/users/me/settings') && r.request().method() === 'PUT',
      );
      await select.selectOption(String(event.minutes));
      expect((await saved).ok()).toBe(true);
      await expect(settings(page).getByText('Settings saved.')).toBeVisible();
      await expect(select).toBeEnabled();
    },
    [WATCH]: async ({ page }, event) => {
      if (event.slept) await page.clock.fastForward(SLEPT_MINUTES * MINUTE);
      else await page.clock.runFor(MINUTE);
    },
    [WARN]: async ({ page }, event) => {
      if (event.clockSetBack)
        await page.clock.setSystemTime((await page.evaluate(() => Date.now())) - MINUTE);
      await page.clock.runFor(MINUTE);
    },
  },
  states: {
    watching: async ({ page, request, data }, s) => {
      await expect(warning(page)).toHaveCount(0);
      expect(await storedToken(page)).toBe(data.account.token);
      await expect(settings(page).getByLabel('Timeouts')).toHaveValue(String(minutesOf(s)));
      expect(await serverMinutes(request, data.account)).toBe(minutesOf(s));
    },
    warning: async ({ page, request, data }, s) => {
      // Entered at the check just run: a minute to go, less the moment between the timer's start and
      // the clock being stopped (so the count is read, not assumed).
      await expect(warning(page)).toBeVisible();
      const count = Number(
        /You'll be signed out in (\d+) s/.exec((await warning(page).textContent()) ?? '')?.[1] ?? Number.NaN,
      );
      expect(count).toBeGreaterThan(50);
      expect(count).toBeLessThanOrEqual(60);
      await expect(warning(page).getByRole('button', { name: 'Stay signed in' })).toBeVisible();
      expect(await storedToken(page)).toBe(data.account.token);
      expect(await serverMinutes(request, data.account)).toBe(minutesOf(s));
    },
    timedOut: async ({ page }) => {
      // Signed out here, with no ticket to keep: the sign-in page, nothing of the session stored.
      await expect(page).toHaveURL(/\/login/);
      await expect(warning(page)).toHaveCount(0);
      await expect(settings(page)).toHaveCount(0);
      expect(await storedToken(page)).toBeNull();
      expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
    },
  },
};
