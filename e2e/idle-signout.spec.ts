import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { chooseTimeout } from './support/auth';
import { type Account, freeTickets, newBuyer, TECH_MEETUP } from './support/checkout';
import { picturesInThemes } from './support/shots';

/**
 * Idle sign-out that never strands a guest (issue #32 item 1, decision 053 §5), at 375 px with
 * Playwright's clock: the inactivity timeout ends the session, but the tickets stay on the phone and
 * open offline, QR and all, until removed; a minute before it, "Stay signed in" is offered.
 */
const SHOTS = 'test-results/idle-signout';

/** Signs in once through storage (not an init script, which would sign in again on every load). */
async function signInOnce(page: Page, account: Account) {
  await page.goto('/about');
  await page.evaluate(
    ([token, user]) => {
      localStorage.setItem('token', token);
      localStorage.setItem('user', user);
    },
    [account.token, JSON.stringify(account.user)] as const,
  );
}

async function phone(
  browser: import('@playwright/test').Browser,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
  const page = await context.newPage();
  await page.clock.install();
  return { context, page };
}

test('an attendee signed out for being idle still opens her tickets offline, until she removes them', async ({
  browser,
  request,
}) => {
  // Installs the service worker and walks online, idle, offline and back: more than 30 s on a busy machine.
  test.slow();
  const buyer = await newBuyer(request, 'Ngozi');
  const { tickets } = await freeTickets(request, buyer);
  const code = tickets[0]!.code;
  const { context, page } = await phone(browser);
  await signInOnce(page, buyer);
  await page.goto('/profile');
  await expect(page.getByTestId('tickets-updated')).toContainText('Saved on this phone');
  // The first visit installs the worker; from then on it keeps what the pages fetch.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller)
      await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve));
  });
  await page.reload();
  await page
    .getByRole('link', { name: new RegExp(TECH_MEETUP) })
    .first()
    .click();
  await expect(page.getByRole('img', { name: /QR code of the/ })).toBeVisible();
  await page.goto('/profile');
  await expect(page.getByRole('list', { name: 'Upcoming tickets' })).toBeVisible();

  // 32 minutes without a press: past an attendee's 30 (no Timeouts choice made, decision 053 §5).
  await page.clock.fastForward('32:00');
  await expect(page.getByTestId('kept-tickets-notice')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  await expect(page.getByRole('button', { name: 'Remove tickets from this phone' })).toBeVisible();
  await picturesInThemes(page, `${SHOTS}/kept-tickets-375`);

  // At the gate, no network: My Tickets and the ticket with its QR still open.
  await context.setOffline(true);
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('list', { name: 'Upcoming tickets' })).toBeVisible();
  await page
    .getByRole('link', { name: new RegExp(TECH_MEETUP) })
    .first()
    .click();
  await expect(page).toHaveURL(`/tickets/${code}`);
  await expect(page.getByRole('img', { name: /QR code of the/ })).toBeVisible();
  await page.goto(`/tickets/${code}`);
  await expect(page.getByRole('img', { name: /QR code of the/ })).toBeVisible();

  // Back online and still signed out: the kept copy is what shows; removing it is for good.
  await context.setOffline(false);
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Remove tickets from this phone' }).click();
  await expect(page).toHaveURL(/\/login/);
  await expect.poll(() => page.evaluate(() => caches.has('gatepass-my-tickets'))).toBe(false);
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/login/);
  await page.goto(`/tickets/${code}`);
  await expect(page).toHaveURL(/\/login/);
  await context.close();
});

test('a minute before the idle sign-out, "Stay signed in" keeps the session', async ({
  browser,
  request,
}) => {
  const organiser = await newBuyer(request, 'Emeka');
  // Timed on a 5-minute choice (the shortest Timeouts offers).
  organiser.user = { ...organiser.user, ...(await chooseTimeout(request, organiser.user.email, 5)) };
  const { context, page } = await phone(browser);
  await signInOnce(page, organiser);
  // The session starts its timer as it reports the opening of the app; from then the clock is
  // stopped (it would run on in real time) and moved by hand only.
  const started = page.waitForRequest('**/api/users/me/activity');
  await page.goto('/profile');
  await started;
  await expect(page.getByRole('heading', { name: 'Hello, Emeka' })).toBeVisible();
  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 500));
  const warning = page.getByRole('alertdialog');

  // Checks run each minute: the warning comes at the last check before the one that signs out — the
  // fourth when the last activity came before the checks' timer started; the fifth when the page
  // noted activity a moment after it (on a busy machine the opening's last event can land after the
  // clock stopped). Never before 3 idle minutes.
  await page.clock.runFor('03:00');
  await expect(warning).toBeHidden();
  for (let minute = 0; minute < 2; minute += 1) {
    await page.clock.runFor('01:00');
    if (
      await warning.waitFor({ timeout: 2_000 }).then(
        () => true,
        () => false,
      )
    )
      break;
  }
  await expect(warning).toBeVisible();
  // The timer started a moment before the clock was stopped, so the count is read, not assumed.
  const secondsLeft = async () =>
    Number(/You'll be signed out in (\d+) s/.exec((await warning.textContent()) ?? '')?.[1] ?? Number.NaN);
  const first = await secondsLeft();
  expect(first).toBeGreaterThan(50);
  expect(first).toBeLessThanOrEqual(60);
  await picturesInThemes(page, `${SHOTS}/idle-warning-375`);
  await page.clock.runFor('00:20');
  await expect.poll(secondsLeft).toBe(first - 20);
  await warning.getByRole('button', { name: 'Stay signed in' }).click();
  await expect(warning).toBeHidden();

  // Five more quiet minutes bring the warning back; still there after the old deadline.
  await page.clock.runFor('04:00');
  await expect(warning).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Hello, Emeka' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBe(organiser.token);
  await page.clock.runFor('01:00');
  await expect(warning).toBeVisible();
  // Not answered: signed out at the next check, and the warning goes with the session.
  await page.clock.runFor('01:00');
  await expect(warning).toBeHidden();
  await expect.poll(() => page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  await context.close();
});
