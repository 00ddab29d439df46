import {
  type APIRequestContext,
  request as apiRequest,
  type Browser,
  expect,
  type Page,
  test,
} from '@playwright/test';
import { measurePageWeight } from '../bench/pageWeight';
import { type Account, fillContact, newBuyer, organiser, useAccount } from './support/checkout';
import { picture } from './support/shots';

/**
 * The on-sale waiting room on a phone (decision 059): the organiser sets an on-sale time and turns
 * the room on from the Tickets tab; a buyer's Get Tickets goes to the queue, where they are in the
 * draw until opening (a reload keeps their place), are admitted without touching anything, and buy
 * with the pass the page kept. Then the page's other states at 375 and 1280 px, light and dark.
 */

const phone = { width: 375, height: 812 };
const SHOTS = 'test-results/onsale-shots';
let ada: Account;
let eventId = '';

const fitsPhone = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

/** The next whole minute at least `lead` seconds away, as Lagos wall-clock (UTC+1) and as an instant. */
function nextMinute(leadSeconds: number) {
  const at = Math.ceil((Date.now() + leadSeconds * 1000) / 60_000) * 60_000;
  return { lagos: new Date(at + 3_600_000).toISOString().slice(0, 16), at };
}

/** A published concert of Ada's with one free type; its id. */
async function concert(api: APIRequestContext, headers: Record<string, string>, eventName: string) {
  const made = await api.post('/api/events/create', {
    headers,
    data: {
      eventName,
      category: 'Music',
      description: 'The big December show: 20,000 seats, one fair queue.',
      startDate: '2031-12-20',
      endDate: '2031-12-20',
      startTime: '19:00',
      endTime: '23:30',
      eventLocation: 'physical',
      country: 'Nigeria',
      state: 'Lagos',
      location: 'Eko Atlantic Arena',
    },
  });
  expect(made.status(), await made.text()).toBe(201);
  const id = (await made.json()).event._id as string;
  const ticket = await api.post('/api/tickets/create', {
    headers,
    data: {
      eventId: id,
      ticketName: 'General',
      ticketDescription: 'Standing',
      ticketType: 'free',
      ticketStock: 'limited',
      availableTickets: 50,
      purchaseLimit: 2,
      benefits: 'Entry',
    },
  });
  expect(ticket.status(), await ticket.text()).toBe(201);
  expect((await api.post(`/api/events/${id}/publish`, { headers })).ok()).toBe(true);
  return id;
}

test.beforeAll(async ({ baseURL }) => {
  const api = await apiRequest.newContext({ baseURL });
  ada = await organiser(api);
  eventId = await concert(api, { authorization: `Bearer ${ada.token}` }, 'Lagos Arena December Concert');
  await api.dispose();
});

// Off the public pages when done: site.spec expects the seeded events in the newest carousel.
test.afterAll(async ({ baseURL }) => {
  if (!eventId) return;
  const api = await apiRequest.newContext({ baseURL });
  await api.post(`/api/events/${eventId}/unpublish`, { headers: { authorization: `Bearer ${ada.token}` } });
  await api.dispose();
});

test('wait in the draw, get admitted at opening without a tap, and buy with the pass', async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const opens = nextMinute(25);

  // The organiser sets the on-sale time and the room on the Tickets tab, on a phone.
  const org = await browser.newContext({ viewport: phone });
  const orgPage = await org.newPage();
  await useAccount(orgPage, ada);
  await orgPage.goto(`/profile-event/Tickets/${eventId}`);
  const card = orgPage.getByRole('region', { name: 'On-sale time and waiting room' });
  await card.getByLabel('Tickets go on sale at (Lagos time, optional)').fill(opens.lagos);
  await card.getByLabel('Waiting room').selectOption('on');
  await card.getByLabel('Buyers let in per second (optional)').fill('1');
  await card.getByRole('button', { name: 'Save' }).click();
  await expect(card.getByText(/The waiting room is on/)).toBeVisible();
  await fitsPhone(orgPage);
  await card.scrollIntoViewIfNeeded();
  await picture(card, `${SHOTS}/organiser-settings-375-light.png`);
  await org.close();

  // Without a pass the API refuses an order for this event, whoever asks.
  const stranger = await newBuyer(request, 'Bayo');
  const listed = (await (await request.get(`/api/tickets/event/${eventId}`)).json()) as {
    tickets: { _id: string }[];
  };
  const typeId = listed.tickets[0]!._id;
  const refused = await request.post('/api/orders', {
    headers: { authorization: `Bearer ${stranger.token}` },
    data: {
      eventId,
      items: { [typeId]: 1 },
      buyer: { firstName: 'Bayo', lastName: 'Okafor', email: stranger.user.email, phone: '+2348031234567' },
    },
  });
  expect(refused.status()).toBe(409);
  expect((await refused.json()).message).toMatch(/^Tickets go on sale at/);

  // The buyer's Get Tickets goes to the waiting room; before opening they are in the draw.
  const buyer = await newBuyer(request, 'Zainab');
  const context = await browser.newContext({ viewport: phone });
  const page = await context.newPage();
  await useAccount(page, buyer);
  await page.goto(`/event-details/${eventId}`);
  await page.getByRole('link', { name: 'Get Tickets' }).first().click();
  await expect(page).toHaveURL(`/e/${eventId}/queue`);
  await expect(page.getByText(/You’re in the draw\./)).toBeVisible();
  await expect(page.getByText('In the draw so far')).toBeVisible();
  await fitsPhone(page);
  await picture(page, `${SHOTS}/draw-375-light.png`, { fullPage: true });
  // A reload asks again and finds the same place: it belongs to the account, not the tab.
  await page.reload();
  await expect(page.getByText(/You’re in the draw\./)).toBeVisible();

  // Opening: the page notices by itself and the buyer (the only one in the draw) is admitted.
  await expect(page.getByText('It’s your turn. Choose your tickets now.')).toBeVisible({
    timeout: Math.max(30_000, opens.at - Date.now() + 45_000),
  });
  await fitsPhone(page);
  await picture(page, `${SHOTS}/admitted-375-light.png`, { fullPage: true });
  await page.getByRole('link', { name: 'Choose tickets' }).click();
  await expect(page).toHaveURL(`/get-tickets/${eventId}`);
  await expect(page.getByRole('heading', { name: 'Choose Tickets' })).toBeVisible();
  await page.getByLabel('Quantity of General').selectOption('1');
  await page.getByRole('button', { name: 'Proceed to Contact' }).click();
  await fillContact(page, buyer.user.email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL('/get-tickets/checkout');
  await page.getByLabel('I accept the terms and conditions, refund and privacy policy').check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(
    page.getByRole('heading', { name: "You're going! Your tickets are confirmed." }),
  ).toBeVisible();
  await context.close();
});

/** A page whose queue answers are the given ones (the server's shape), to see each state drawn. */
async function queuePage(browser: Browser, width: number, dark: boolean, answer: object | 'offline') {
  const context = await browser.newContext({ viewport: { width, height: width === 375 ? 812 : 900 } });
  const page = await context.newPage();
  await page.addInitScript(
    ([token, user, d]) => {
      localStorage.setItem('token', token);
      localStorage.setItem('user', user);
      localStorage.setItem('dark-mode', d);
    },
    [ada.token, JSON.stringify(ada.user), String(dark)] as const,
  );
  await page.route(/\/api\/onsale\/[^/]+(\/join)?$/, (route) =>
    answer === 'offline'
      ? route.abort('internetdisconnected')
      : route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(answer) }),
  );
  await page.goto(`/e/${eventId}/queue`);
  return { context, page };
}

test('the waiting page in each state at 375 and 1280 px, light and dark', async ({ browser }) => {
  test.setTimeout(120_000);
  const base = {
    eventId,
    opensAt: '2031-12-01T09:00:00.000Z',
    inDraw: 61_842,
    admitPerSecond: 50,
    retryAfterSeconds: 30,
    serverTime: '2031-12-01T09:04:00.000Z',
  };
  const states = {
    waiting: {
      ...base,
      state: 'waiting',
      place: 23_451,
      admitted: 12_000,
      estimateSeconds: 229,
      pass: null,
      passExpiresAt: null,
    },
    soldout: {
      ...base,
      state: 'soldOut',
      place: 48_112,
      admitted: 30_000,
      estimateSeconds: null,
      pass: null,
      passExpiresAt: null,
    },
  };
  for (const [name, answer] of Object.entries(states)) {
    for (const width of [375, 1280]) {
      for (const dark of [false, true]) {
        const { context, page } = await queuePage(browser, width, dark, answer);
        if (name === 'waiting') {
          await expect(page.getByText('23,451')).toBeVisible();
          await expect(page.getByText('Your turn in about 4 minutes.')).toBeVisible();
        } else await expect(page.getByText('Sold out — for now.')).toBeVisible();
        if (width === 375) await fitsPhone(page);
        await picture(page, `${SHOTS}/${name}-${width}-${dark ? 'dark' : 'light'}.png`, { fullPage: true });
        await context.close();
      }
    }
  }
  // No connection at all: the page says so and keeps trying; it never shows an error page.
  const { context, page } = await queuePage(browser, 375, true, 'offline');
  await expect(page.getByText('No connection. Your place is kept; trying again…')).toBeVisible();
  await picture(page, `${SHOTS}/offline-375-dark.png`, { fullPage: true });
  await context.close();
});

test('the waiting page loads no more JS than the event page', async ({ browser, request, baseURL }) => {
  test.setTimeout(120_000);
  // The same signed-in buyer on both pages, so the comparison is the pages' own code.
  const kemi = await newBuyer(request, 'Kemi');
  const signIn = async (page: Page) =>
    page.addInitScript(
      ([token, user]) => {
        localStorage.setItem('token', token);
        localStorage.setItem('user', user);
      },
      [kemi.token, JSON.stringify(kemi.user)] as const,
    );
  // A room that opens in two hours: the buyer stays in the draw while the page is weighed (an
  // admitted buyer's page moves on to checkout and loads its code, which is not the waiting page's).
  const headers = { authorization: `Bearer ${ada.token}` };
  const later = await concert(request, headers, 'Lagos Arena New Year Concert');
  const room = await request.put(`/api/events/${later}/onsale`, {
    headers,
    data: { opensAt: nextMinute(2 * 3600).lagos, waitingRoom: 'on', admitPerSecond: null },
  });
  expect(room.ok(), await room.text()).toBe(true);
  const eventPage = await measurePageWeight(browser, `${baseURL}/event-details/${later}`, signIn);
  const waiting = await measurePageWeight(browser, `${baseURL}/e/${later}/queue`, signIn);
  await request.post(`/api/events/${later}/unpublish`, { headers });
  console.log(
    `JS gzip -9: event page ${eventPage.js.toFixed(1)} KiB (${eventPage.files} files), waiting page ${waiting.js.toFixed(1)} KiB (${waiting.files} files)`,
  );
  expect(waiting.js).toBeGreaterThan(0);
  expect(waiting.js).toBeLessThanOrEqual(eventPage.js);
});
