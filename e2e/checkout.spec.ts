import { spawn } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { eventIdByName, fillContact, newBuyer, organiser, useAccount } from './support/checkout';

/**
 * The checkout through the real UI against the real server, paying with the built-in test-mode
 * provider (no PAYSTACK_SECRET_KEY in the e2e server): free order, paid order approved, declined
 * then retried, a hold that runs out, and a discount code.
 */

const AFROBEATS = 'Afrobeats Under the Stars';
const TECH_MEETUP = 'Abuja Tech Meetup: Building for the Naira Economy';

const orderUrl = /\/orders\/[0-9a-f-]{36}$/;

async function choose(page: Page, ticketName: string, quantity: number) {
  await expect(page.getByRole('heading', { name: 'Choose Tickets' })).toBeVisible();
  await page.getByLabel(`Quantity of ${ticketName}`).selectOption(String(quantity));
}

async function acceptAndContinue(page: Page) {
  await page.getByLabel('I accept the terms and conditions, refund and privacy policy').check();
  await page.getByRole('button', { name: 'Continue' }).click();
}

test('free order: selection rules, contact checks, reserved hold, tickets with QR codes at once', async ({
  page,
  request,
}) => {
  const buyer = await newBuyer(request);
  await useAccount(page, buyer);
  const eventId = await eventIdByName(request, TECH_MEETUP);

  // Nothing bought yet: My Tickets says so and points to the listing.
  await page.goto('/profile');
  const myTickets = page.getByRole('region', { name: 'My Tickets' });
  await expect(myTickets.getByText('No event tickets purchased yet')).toBeVisible();
  await expect(myTickets.getByText('No worries - plenty of exciting tickets to explore!')).toBeVisible();
  await expect(myTickets.getByRole('link', { name: 'Explore more tickets' })).toHaveAttribute(
    'href',
    '/tickets/all',
  );

  // A later step's URL opened first goes back to the step the checkout is in.
  await page.goto(`/get-tickets/${eventId}`);
  await expect(page.getByText('Please choose a ticket type to continue')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Proceed to Contact' })).toBeDisabled();
  await page.goto('/get-tickets/checkout');
  await expect(page).toHaveURL(`/get-tickets/${eventId}`);

  await expect(page.getByText('Free', { exact: true })).toBeVisible();
  await choose(page, 'Free RSVP', 2);
  await expect(page.getByText('2 x Free RSVP')).toBeVisible();
  await page.getByRole('button', { name: 'Proceed to Contact' }).click();
  await expect(page).toHaveURL('/get-tickets/contact');

  // Names and email come from the account; the confirmation must match and the phone must fit +234.
  await expect(page.getByLabel('First name')).toHaveValue('Chioma');
  await page.getByLabel('Confirm Email address').fill('someone.else@example.ng');
  await page.getByLabel('Phone number').fill('12345');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Email addresses do not match')).toBeVisible();
  await expect(page.getByText(/Enter a valid phone number for \+234/)).toBeVisible();
  await expect(page).toHaveURL('/get-tickets/contact');
  await fillContact(page, buyer.user.email);
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page).toHaveURL('/get-tickets/checkout');
  await expect(
    page.getByText("We've reserved your tickets. Please complete checkout to secure your tickets."),
  ).toBeVisible();
  await expect(page.getByText(/Time left 1[45]:\d\d/)).toBeVisible();
  // The terms are required.
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(
    page.getByText('Please accept the terms and conditions, refund and privacy policy to continue'),
  ).toBeVisible();
  await acceptAndContinue(page);

  await expect(page).toHaveURL(orderUrl);
  await expect(
    page.getByRole('heading', { name: "You're going! Your tickets are confirmed." }),
  ).toBeVisible();
  const tickets = page.getByRole('list', { name: 'Your tickets' }).getByRole('listitem');
  await expect(tickets).toHaveCount(2);
  await expect(
    page.getByRole('img', { name: /QR code of the Free RSVP ticket for Chioma Okafor/ }),
  ).toHaveCount(2);
  await expect(page.getByRole('button', { name: 'Download PDF' })).toHaveCount(2);
  // A free order moved no money, test mode or not: no 'Test' mark on it.
  await expect(page.getByText('Test', { exact: true })).toHaveCount(0);

  // The PDF downloads with the signed-in account.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download PDF' }).first().click();
  expect((await download).suggestedFilename()).toMatch(/^gatepass-free-rsvp-.*\.pdf$/);

  // A reload of the confirmation shows the same tickets (from the server).
  await page.reload();
  await expect(page.getByRole('list', { name: 'Your tickets' }).getByRole('listitem')).toHaveCount(2);

  // My Tickets lists them as upcoming; a card opens the ticket with its QR.
  await page.goto('/profile');
  const upcoming = page.getByRole('list', { name: 'Upcoming tickets' }).getByRole('link');
  await expect(upcoming).toHaveCount(2);
  await expect(upcoming.first()).toContainText(TECH_MEETUP);
  await upcoming.first().click();
  await expect(page).toHaveURL(/\/tickets\/[^/]+$/);
  await expect(page.getByRole('heading', { level: 1, name: TECH_MEETUP })).toBeVisible();
  await expect(page.getByRole('img', { name: /QR code of the Free RSVP ticket/ })).toBeVisible();
});

test('paid order approved in test mode; a reload on the payment step resumes the same hold', async ({
  page,
  request,
}) => {
  const buyer = await newBuyer(request, 'Tunde');
  await useAccount(page, buyer);
  const eventId = await eventIdByName(request, AFROBEATS);
  await page.goto(`/get-tickets/${eventId}`);
  await choose(page, 'Regular', 2);
  // 1.5 % fees on ₦20,000.00 of tickets.
  await expect(page.getByText('2 x Regular')).toBeVisible();
  await expect(page.getByText('= ₦20,000.00')).toBeVisible();
  await expect(page.getByText('₦300.00')).toBeVisible();
  await expect(page.getByText('₦20,300.00')).toBeVisible();
  await page.getByRole('button', { name: 'Proceed to Contact' }).click();
  await fillContact(page, buyer.user.email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL('/get-tickets/checkout');
  await expect(page.getByText('Pay with Card or Bank')).toBeVisible();

  await page.reload();
  await expect(page).toHaveURL('/get-tickets/checkout');
  await expect(
    page.getByText("We've reserved your tickets. Please complete checkout to secure your tickets."),
  ).toBeVisible();
  await expect(page.getByText('₦20,300.00')).toBeVisible();

  await acceptAndContinue(page);
  await expect(page).toHaveURL(/\/pay\/test\/[\w.=-]+$/);
  await expect(page.getByText('TEST MODE')).toBeVisible();
  await expect(page.getByText('₦20,300.00').first()).toBeVisible();
  await page.getByRole('button', { name: 'Pay ₦20,300.00' }).click();

  await expect(page).toHaveURL(orderUrl);
  await expect(
    page.getByRole('heading', { name: "You're going! Your tickets are confirmed." }),
  ).toBeVisible();
  await expect(page.getByRole('list', { name: 'Your tickets' }).getByRole('listitem')).toHaveCount(2);
  // Paid through the test-mode provider: marked as such.
  await expect(page.getByText('Test', { exact: true }).first()).toBeVisible();
});

test('declined payment, then retried while the hold lasts', async ({ page, request }) => {
  const buyer = await newBuyer(request, 'Bisi');
  await useAccount(page, buyer);
  const eventId = await eventIdByName(request, AFROBEATS);
  await page.goto(`/get-tickets/${eventId}`);
  await choose(page, 'VIP', 1);
  await page.getByRole('button', { name: 'Proceed to Contact' }).click();
  await fillContact(page, buyer.user.email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await acceptAndContinue(page);

  await expect(page.getByText('TEST MODE')).toBeVisible();
  await page.getByRole('button', { name: 'Decline' }).click();
  await expect(page).toHaveURL(orderUrl);
  const orderPath = new URL(page.url()).pathname;
  await expect(page.getByRole('heading', { name: 'Payment not completed' })).toBeVisible();
  await expect(page.getByText(/Time left \d+:\d\d/)).toBeVisible();

  await page.getByRole('button', { name: 'Try payment again' }).click();
  await expect(page).toHaveURL('/get-tickets/checkout');
  await acceptAndContinue(page);
  await expect(page.getByText('TEST MODE')).toBeVisible();
  await page.getByRole('button', { name: /^Pay ₦/ }).click();
  await expect(page).toHaveURL(orderPath);
  await expect(
    page.getByRole('heading', { name: "You're going! Your tickets are confirmed." }),
  ).toBeVisible();
  await expect(page.getByRole('img', { name: /QR code of the VIP ticket/ })).toHaveCount(1);
});

test('discount code: unknown code refused, the organiser’s code applied and the total updated', async ({
  page,
  request,
}) => {
  const eventId = await eventIdByName(request, AFROBEATS);
  const org = await organiser(request);
  const code = `E2E${Date.now().toString(36).toUpperCase()}`;
  const created = await request.post(`/api/events/${eventId}/discounts`, {
    headers: { authorization: `Bearer ${org.token}` },
    data: { code, kind: 'percent', percentOff: 10 },
  });
  expect(created.status(), await created.text()).toBe(201);

  const buyer = await newBuyer(request, 'Emeka');
  await useAccount(page, buyer);
  await page.goto(`/get-tickets/${eventId}`);
  await choose(page, 'VIP', 2);
  await page.getByRole('button', { name: 'Proceed to Contact' }).click();
  await fillContact(page, buyer.user.email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL('/get-tickets/checkout');
  await expect(page.getByText('₦50,750.00')).toBeVisible();

  await page.getByLabel('Discount code').fill('NOSUCHCODE');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('This discount code is not valid for this event.')).toBeVisible();

  await page.getByLabel('Discount code').fill(code);
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText(`Code ${code} applied.`)).toBeVisible();
  // 10 % off ₦50,000.00, then 1.5 % fees on ₦45,000.00.
  await expect(page.getByText(`Discount (${code})`)).toBeVisible();
  await expect(page.getByText('−₦5,000.00')).toBeVisible();
  await expect(page.getByText('₦45,675.00')).toBeVisible();

  await acceptAndContinue(page);
  await expect(page.getByText('₦45,675.00').first()).toBeVisible();
  await page.getByRole('button', { name: 'Pay ₦45,675.00' }).click();
  await expect(
    page.getByRole('heading', { name: "You're going! Your tickets are confirmed." }),
  ).toBeVisible();
});

/**
 * Expiry needs the server's own clock to run out, not only the page's: a second server on the same
 * build with RESERVATION_MINUTES=0.1 (6 s) and a sweep every second. Faking only the browser's clock
 * would show 'expired' while the server still held the seats.
 */
test.describe('hold expiry', () => {
  const port = Number(process.env.E2E_PORT ?? 4300) + 1;
  const base = `http://127.0.0.1:${port}`;
  const dataDir = `/tmp/gatepass-e2e-${port}-expiry`;
  let server: ReturnType<typeof spawn> | null = null;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    await rm(dataDir, { recursive: true, force: true });
    server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        SPA_DIR: `dist-e2e-${process.env.E2E_PORT ?? 4300}`,
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
        RATE_LIMITS: 'off',
        SEED_SAMPLE_DATA: 'true',
        APP_URL: base,
        RESERVATION_MINUTES: '0.1',
        ORDER_SWEEP_SECONDS: '1',
      },
      stdio: 'ignore',
    });
    await expect
      .poll(
        async () =>
          fetch(`${base}/api/health`).then(
            (r) => r.ok,
            () => false,
          ),
        { timeout: 100_000 },
      )
      .toBe(true);
  });

  test.afterAll(async () => {
    server?.kill('SIGTERM');
    await rm(dataDir, { recursive: true, force: true });
  });

  test('when the hold runs out the flow says so, the server released it, and it starts again', async ({
    browser,
    playwright,
  }) => {
    const request = await playwright.request.newContext({ baseURL: base });
    const context = await browser.newContext({ baseURL: base });
    const page = await context.newPage();
    const buyer = await newBuyer(request, 'Kemi');
    await useAccount(page, buyer);
    const eventId = await eventIdByName(request, AFROBEATS);
    await page.goto(`/get-tickets/${eventId}`);
    await choose(page, 'Regular', 1);
    await page.getByRole('button', { name: 'Proceed to Contact' }).click();
    await fillContact(page, buyer.user.email);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText(/Time left 0:0\d/)).toBeVisible();

    await expect(page.getByRole('heading', { name: 'Your reservation has expired' })).toBeVisible({
      timeout: 15_000,
    });
    const orders = await request.get('/api/orders/mine', {
      headers: { authorization: `Bearer ${buyer.token}` },
    });
    const { orders: mine } = (await orders.json()) as { orders: { status: string }[] };
    await expect
      .poll(async () => {
        const res = await request.get('/api/orders/mine', {
          headers: { authorization: `Bearer ${buyer.token}` },
        });
        return ((await res.json()) as { orders: { status: string }[] }).orders.map((o) => o.status);
      })
      .toEqual(['expired']);
    expect(mine).toHaveLength(1);

    await page.getByRole('button', { name: 'Start again' }).click();
    await expect(page).toHaveURL(`/get-tickets/${eventId}`);
    await expect(page.getByLabel('Quantity of Regular')).toHaveValue('1');
    await context.close();
    await request.dispose();
  });
});
