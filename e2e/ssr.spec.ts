import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { eventList } from '../contract/events';
import { formatNaira } from '../contract/money';
import { eventTicketsResponse } from '../contract/tickets';
import { lagosYear } from '../src/chrome/copyrightYear';
import { formatEventDate } from '../src/lib/datetime';

/*
 * The public pages are rendered on the server (docs/decisions/018-server-rendering.md): without
 * JavaScript they show their content; with it, the browser hydrates them without a mismatch, without
 * fetching again what the HTML carried, and they work.
 */

const EVENT = 'Afrobeats Under the Stars';

async function sampleEvent(request: APIRequestContext) {
  const events = eventList.parse(await (await request.get('/api/events?q=afrobeats')).json());
  const event = events.find((e) => e.eventName === EVENT)!;
  const { tickets } = eventTicketsResponse.parse(
    await (await request.get(`/api/tickets/event/${event._id}`)).json(),
  );
  return { event, tickets };
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the event page carries its title, date, place, poster and ticket prices', async ({
    page,
    request,
  }) => {
    const { event, tickets } = await sampleEvent(request);
    expect(tickets.length).toBeGreaterThan(1);
    await page.goto(`/event-details/${event._id}`);
    await expect(page.getByRole('heading', { level: 1, name: EVENT })).toBeVisible();
    await expect(page.getByText(formatEventDate(event.startDate)).first()).toBeVisible();
    await expect(page.getByText(event.location!).first()).toBeVisible();
    const poster = page.getByRole('img', { name: `Poster for ${EVENT}` });
    await expect(poster).toHaveAttribute('fetchpriority', 'high');
    await expect(poster).toHaveAttribute('width', /\d+/);
    for (const ticket of tickets) {
      const row = page.getByRole('listitem').filter({ hasText: ticket.ticketName });
      await expect(row).toContainText(ticket.ticketPrice === 0 ? 'Free' : formatNaira(ticket.ticketPrice));
    }
    // The share preview tags are still there.
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', `${EVENT} — Gatepass`);
  });

  test('home and the listing (with a search) carry their event cards', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const trending = page.getByRole('region', { name: 'Elevating Experiences, One Event at a Time' });
    await expect(trending.getByRole('heading', { level: 3 }).first()).toBeVisible();
    expect(await trending.getByRole('heading', { level: 3 }).count()).toBeGreaterThan(2);

    await page.goto('/events/all?q=jollof');
    const results = page.getByRole('region', { name: /results/i });
    await expect(results.getByRole('heading', { level: 3 })).toHaveText(['Jollof & Suya Food Festival']);
    await expect(page.getByPlaceholder('Search here')).toHaveValue('jollof');
  });

  test("the footer's copyright is this year's", async ({ page }) => {
    await page.goto('/events/all');
    await expect(page.getByText(`© ${lagosYear()} Gatepass. All rights reserved.`)).toBeVisible();
  });

  test('a guarded page is still the client-rendered shell', async ({ page }) => {
    await page.goto('/profile');
    await expect(page.locator('#root')).toBeEmpty();
  });
});

/** Fails the test on any console error or warning (React reports hydration mismatches there). */
function watchConsole(page: Page) {
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') problems.push(`${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  return problems;
}

const hydrated = (page: Page) =>
  page.waitForFunction(() => {
    const tsr = (window as { $_TSR?: { hydrated?: boolean } }).$_TSR;
    return !tsr || tsr.hydrated === true;
  });

test('with JavaScript the pages hydrate cleanly, fetch nothing again, and work', async ({
  page,
  request,
}) => {
  const { event } = await sampleEvent(request);
  const problems = watchConsole(page);
  const dataCalls: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname.startsWith('/api/') && !url.pathname.startsWith('/api/images/'))
      dataCalls.push(url.pathname);
  });

  // Dark mode stored: the theme is right before hydration, and the toggle agrees after it.
  await page.addInitScript(() => localStorage.setItem('dark-mode', 'true'));
  for (const path of ['/', '/events/all?q=jollof', `/event-details/${event._id}`]) {
    await page.goto(path);
    await expect(page.locator('body')).toHaveClass(/dark/);
    await hydrated(page);
  }
  await expect(page.getByRole('button', { name: 'Switch to light mode' })).toBeVisible();
  expect(dataCalls).toEqual([]);

  // Interactive: the router has taken over (a client-side navigation, no document load).
  await page.evaluate(() => {
    (window as { sameDocument?: boolean }).sameDocument = true;
  });
  await page.getByRole('link', { name: 'Get Tickets' }).first().click();
  await expect(page).toHaveURL(/\/login|\/get-tickets\//);
  expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(true);
  expect(problems).toEqual([]);
});

test("the footer keeps the server's year when the visitor's clock is already in the next one", async ({
  page,
}) => {
  const problems = watchConsole(page);
  const year = lagosYear();
  // New Year's Day for the browser (in Lagos and in its own zone); the server still renders this year.
  await page.clock.setFixedTime(new Date(`${year + 1}-01-01T12:00:00Z`));
  await page.goto('/events/all');
  await hydrated(page);
  await expect(page.getByText(`© ${year} Gatepass. All rights reserved.`)).toBeVisible();
  expect(problems).toEqual([]);
});
