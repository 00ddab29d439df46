import { type APIRequestContext, type BrowserContext, expect, type Page, test } from '@playwright/test';
import { type Account, fillContact, newBuyer } from './support/checkout';
import { openScanner, organiserSession, type Session, scanByHand, scanResult } from './support/door';
import { picturesInThemes } from './support/shots';

/**
 * A 3-night run (decision 046): the organiser adds two more nights on the Tickets tab and copies the
 * ticket type onto every night; a buyer on a 375 px phone picks night 2 and buys; the ticket names
 * night 2; the door admitting night 1 refuses it with its date, the door on night 2 admits it.
 */

const phone = { width: 375, height: 812 };
// One clock reading for the whole run, so a run across midnight UTC still names the same days.
const today = Date.now();
const day = (n: number) => new Date(today + n * 86_400_000).toISOString().slice(0, 10);
const shortDay = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' })
    .format(new Date(`${iso}T00:00:00Z`))
    .replace(',', '');

/** Opens pages of `context` signed in as `account` (what the SPA keeps in localStorage). */
const signedIn = (context: BrowserContext, account: Account) =>
  context.addInitScript(
    ([token, user]) => {
      localStorage.setItem('token', token);
      localStorage.setItem('user', user);
    },
    [account.token, JSON.stringify(account.user)] as const,
  );

const shot = (page: Page, name: string) => picturesInThemes(page, `test-results/event-dates-${name}`);

/** A published one-night event of the organiser with one free type of 20 seats. */
async function oneNight(api: APIRequestContext, organiser: Session, name: string) {
  const headers = { authorization: `Bearer ${organiser.token}` };
  const made = await api.post('/api/events/create', {
    headers,
    data: {
      eventName: name,
      category: 'Music',
      description: 'Three nights of highlife on the island.',
      startDate: day(20),
      endDate: day(20),
      startTime: '20:00',
      endTime: '23:30',
      eventLocation: 'physical',
      country: 'Nigeria',
      state: 'Lagos',
      location: 'Freedom Park, Lagos Island',
    },
  });
  expect(made.status(), await made.text()).toBe(201);
  const eventId = (await made.json()).event._id as string;
  const ticket = await api.post('/api/tickets/create', {
    headers,
    data: {
      eventId,
      ticketName: 'Regular',
      ticketDescription: 'Standing',
      ticketType: 'free',
      ticketStock: 'limited',
      availableTickets: 20,
      purchaseLimit: 4,
      benefits: 'Entry',
    },
  });
  expect(ticket.status(), await ticket.text()).toBe(201);
  expect((await api.post(`/api/events/${eventId}/publish`, { headers })).ok()).toBe(true);
  return eventId;
}

test('a 3-night run: the organiser adds nights, a phone buys night 2, the door admits it only on night 2', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const organiser = await organiserSession(request);
  const name = `Highlife Nights ${Date.now().toString(36)}`;
  const eventId = await oneNight(request, organiser, name);
  try {
    // The organiser adds nights 2 and 3 and copies the ticket type onto every night.
    for (const width of [375, 1280]) {
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      await context.addInitScript((s) => {
        localStorage.setItem('token', s.token);
        localStorage.setItem('user', JSON.stringify(s.user));
      }, organiser);
      const page = await context.newPage();
      await page.goto(`/profile-event/Tickets/${eventId}`);
      const editor = page.getByRole('region', { name: 'Dates' });
      await expect(editor.getByText('For an event that runs more than once')).toBeVisible();
      if (width === 375) {
        for (const [n, label] of [
          [21, 'Night 2'],
          [22, 'Night 3'],
        ] as const) {
          const form = page.getByRole('form', { name: 'Add a date' });
          await form.getByLabel('Date', { exact: false }).first().fill(day(n));
          await form.getByLabel('Label (optional)').fill(label);
          await form.getByLabel('Starts').fill('20:00');
          await form.getByLabel('Ends').fill('23:30');
          await form.getByRole('button', { name: 'Add date' }).click();
          await expect(
            editor.getByRole('list', { name: 'Dates' }).getByText(`${label} · ${shortDay(day(n))}`),
          ).toBeVisible();
        }
        // A date in the past is refused with the server's words.
        const form = page.getByRole('form', { name: 'Add a date' });
        await form.getByLabel('Date', { exact: false }).first().fill(day(-3));
        await form.getByRole('button', { name: 'Add date' }).click();
        await expect(form.getByText('A new date must not be in the past.')).toBeVisible();
        await editor.getByRole('button', { name: 'Copy ticket types to every date' }).click();
        await expect(editor.getByText('Every ticket type belongs to a date.')).toBeVisible();
        await expect(editor.getByText('Regular (0 sold)')).toHaveCount(3);
      }
      await expect(editor.getByRole('listitem')).toHaveCount(3);
      await shot(page, `editor-${width}`);
      await context.close();
    }

    // A buyer on a phone finds it (its card names the next night and how many follow), picks night 2
    // on the event page and buys it.
    const buyer = await newBuyer(request, 'Ifeoma');
    const shopper = await browser.newContext({ viewport: phone });
    await signedIn(shopper, buyer);
    const page = await shopper.newPage();
    await page.goto(`/events/all?q=${encodeURIComponent(name)}`);
    await expect(page.getByRole('article').filter({ hasText: name })).toContainText('+2 more dates');
    await page.goto(`/event-details/${eventId}`);
    await page
      .getByRole('list', { name: 'Dates' })
      .getByRole('link', { name: /Night 2/ })
      .click();
    await expect(page).toHaveURL(new RegExp(`/get-tickets/${eventId}\\?date=`));
    const chips = page.getByRole('list', { name: 'Dates' });
    await expect(chips.getByRole('link')).toHaveCount(3);
    await expect(chips.locator('[data-current="true"]')).toContainText('Night 2');
    await expect(chips.getByRole('link', { name: /Night 2.*\(chosen\)/ })).toBeVisible();
    // One Regular: night 2's own.
    await expect(page.getByLabel('Quantity of Regular')).toHaveCount(1);
    await shot(page, 'picker-375');
    await page.getByLabel('Quantity of Regular').selectOption('1');
    await page.getByRole('button', { name: 'Proceed to Contact' }).click();
    await fillContact(page, buyer.user.email);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByLabel('I accept the terms and conditions, refund and privacy policy').check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(
      page.getByRole('heading', { name: "You're going! Your tickets are confirmed." }),
    ).toBeVisible();
    const night2 = `Night 2 · ${shortDay(day(21))}`;
    await expect(page.getByRole('list', { name: 'Your tickets' })).toContainText(`Regular · ${night2}`);
    const orderId = /\/orders\/([\w-]+)/.exec(page.url())![1]!;
    const order = (
      await (
        await request.get(`/api/orders/${orderId}`, { headers: { authorization: `Bearer ${buyer.token}` } })
      ).json()
    ).order;
    const code = order.tickets[0].code as string;
    await page.goto(`/tickets/${code}`);
    await expect(page.getByText(`Regular · ${night2}`)).toBeVisible();
    await shopper.close();

    // Desktop picker, for the screenshots.
    const desk = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await signedIn(desk, buyer);
    const deskPage = await desk.newPage();
    await deskPage.goto(`/get-tickets/${eventId}`);
    await expect(deskPage.getByRole('list', { name: 'Dates' }).getByRole('link')).toHaveCount(3);
    await shot(deskPage, 'picker-1280');
    await desk.close();

    // The door on night 1 refuses it, naming its night; on night 2 it admits it, once.
    const { context, page: door } = await openScanner(browser, organiser, eventId, phone);
    const admitting = door.getByLabel('Admitting');
    await expect(admitting).toBeVisible();
    // The choice fits its column on a phone: the longest date does not push it past the cards' edge.
    const [select, column] = [
      await admitting.boundingBox(),
      await admitting.locator('xpath=..').boundingBox(),
    ];
    expect(select!.x + select!.width).toBeLessThanOrEqual(column!.x + column!.width + 0.5);
    const options = await admitting.locator('option').allTextContents();
    expect(options).toHaveLength(3);
    await admitting.selectOption({ index: 0 });
    await expect(door.getByText(/tickets stored on this device/)).toBeVisible({ timeout: 15_000 });
    await scanByHand(door, code);
    await expect(scanResult(door)).toContainText('Wrong date');
    await expect(scanResult(door)).toContainText(`This ticket is for ${night2}.`);
    await admitting.selectOption({ label: options[1]! });
    await expect(door.getByText(/tickets stored on this device/)).toBeVisible({ timeout: 15_000 });
    await scanByHand(door, code);
    await expect(scanResult(door)).toContainText('Valid: let them in');
    await scanByHand(door, code);
    await expect(scanResult(door)).toContainText('Already checked in');
    // The door admitting night 2 counts night 2's types only, not every night's.
    const perType = door.getByRole('list', { name: 'Per ticket type' });
    await expect(perType.getByRole('listitem')).toHaveCount(1);
    await expect(perType).toContainText(`Regular · ${night2}: 1 / 1`);
    await expect(door.getByTestId('checked-in-count')).toHaveText(/^1 \/ 1 /);
    await picturesInThemes(door, 'test-results/event-dates-door-counts-375');
    await context.close();
  } finally {
    // The home page's newest carousel holds the seeded events: this one leaves it.
    await request.post(`/api/events/${eventId}/unpublish`, {
      headers: { authorization: `Bearer ${organiser.token}` },
    });
  }
});
