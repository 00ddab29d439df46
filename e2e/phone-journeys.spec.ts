import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { eventIdByName, newBuyer, PASSWORD, TECH_MEETUP, useAccount } from './support/checkout';
import { organiserSession, type Session } from './support/door';
import { picturesInThemes, takingShots } from './support/shots';

/**
 * The small things a first walk on a 375 px phone tripped over: where the no-account path is, what a
 * returning buyer types again, how buttons look, the shared ticket's WhatsApp button, the hero's
 * price, the wizard's ticket table and what the organiser sees after publishing.
 */
test.use({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });

const shots = (page: Page, name: string) => picturesInThemes(page, `test-results/phone-${name}`);
/** The same screen at 1280 px too, for the screens whose layout changed. */
async function wideShots(page: Page, name: string) {
  if (!takingShots) return;
  await page.setViewportSize({ width: 1280, height: 900 });
  await picturesInThemes(page, `test-results/wide-${name}`);
  await page.setViewportSize({ width: 375, height: 740 });
}

/** A button that looks like one: outlined or filled, and a thumb's height. */
async function expectTappable(button: Locator) {
  await expect(button).toBeVisible();
  const look = await button.evaluate((el) => {
    const s = getComputedStyle(el);
    return { height: el.getBoundingClientRect().height, border: s.borderTopColor, fill: s.backgroundColor };
  });
  expect(look.height).toBeGreaterThanOrEqual(44);
  expect([look.border, look.fill], 'an outline or a fill').not.toEqual([
    'rgba(0, 0, 0, 0)',
    'rgba(0, 0, 0, 0)',
  ]);
}

test('a new buyer: the no-account path first, tappable choices, WhatsApp on the shared ticket, details kept for next time', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(takingShots ? 600_000 : 180_000);
  // The home hero's drawn ticket is priced as every price is shown.
  await page.goto('/');
  await expect(page.locator('svg text', { hasText: '₦10,000.00' })).toBeAttached();
  await expect(page.locator('svg text', { hasText: '₦10.50' })).toHaveCount(0);

  const eventId = await eventIdByName(request, TECH_MEETUP);
  const email = `amaka.${Date.now().toString(36)}@example.ng`;
  await page.goto(`/event-details/${eventId}`);
  await page.getByRole('link', { name: 'Get Tickets' }).first().click();
  await expect(page).toHaveURL(/\/login\?from=/);
  await expect(page.getByRole('heading', { level: 1, name: 'Get your tickets' })).toBeVisible();
  const quick = page.getByRole('form', { name: 'Quick checkout' });
  // On the first screen of a phone, not below the sign-in form.
  await expect(quick.getByRole('button', { name: 'Continue with your email' })).toBeInViewport({ ratio: 1 });
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  await shots(page, 'get-tickets-signed-out');
  await wideShots(page, 'get-tickets-signed-out');
  await quick.getByLabel('First name').fill('Amaka');
  await quick.getByLabel('Last name').fill('Obi');
  await quick.getByLabel('Where should we send the tickets?').fill(email);
  await quick.getByRole('button', { name: 'Continue with your email' }).click();

  // The first checkout on this phone confirms the email and takes the phone number.
  await expect(page).toHaveURL(new RegExp(`/get-tickets/${eventId}$`));
  await page.getByLabel('Quantity of Free RSVP').selectOption('1');
  await page.getByRole('button', { name: 'Proceed to Contact' }).click();
  await expect(page.getByLabel('Confirm Email address')).toHaveValue('');
  await expect(page.getByLabel('Phone number')).toHaveValue('');
  await page.getByLabel('Confirm Email address').fill(email);
  await page.getByLabel('Country code').selectOption('+234');
  await page.getByLabel('Phone number').fill('0803 123 4567');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expectTappable(page.getByRole('button', { name: 'Change tickets' }));
  await shots(page, 'payment-step');
  await page.getByLabel('I accept the terms and conditions, refund and privacy policy').check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: "You're going! Your tickets are confirmed." })).toBeVisible({
    timeout: 20_000,
  });
  const orderId = /\/orders\/([\w-]+)/.exec(page.url())?.[1] ?? '';
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const order = (
    await (
      await request.get(`/api/orders/${orderId}`, { headers: { authorization: `Bearer ${token}` } })
    ).json()
  ).order as { tickets: { code: string; shareToken: string }[] };
  const ticket = order.tickets[0]!;

  // The ticket page's choices look like buttons.
  await page.goto(`/tickets/${ticket.code}`);
  await expectTappable(page.getByRole('button', { name: 'Print ticket' }));
  await expectTappable(page.getByRole('button', { name: 'Correct the name' }));
  await shots(page, 'ticket-page');

  // Whoever is sent the ticket's link can pass it on by WhatsApp: the link, never the code.
  const visitor = await browser.newContext({ viewport: { width: 375, height: 740 }, isMobile: true });
  const shared = await visitor.newPage();
  await shared.goto(`/t#${ticket.shareToken}`);
  const whatsapp = shared.getByRole('link', { name: 'Send on WhatsApp' });
  await expect(whatsapp).toBeVisible();
  const message = decodeURIComponent(
    new URL((await whatsapp.getAttribute('href')) ?? '').searchParams.get('text') ?? '',
  );
  expect(message).toContain(`/t#${ticket.shareToken}`);
  expect(message).not.toContain(ticket.code);
  await expectTappable(shared.getByRole('button', { name: 'Print ticket' }));
  await shots(shared, 'shared-ticket');
  await visitor.close();

  // Next time on this phone, the confirmed email and the phone are there already.
  await page.goto(`/get-tickets/${eventId}`);
  await page.getByLabel('Quantity of Free RSVP').selectOption('1');
  await page.getByRole('button', { name: 'Proceed to Contact' }).click();
  await expect(page.getByLabel('Confirm Email address')).toHaveValue(email);
  await expect(page.getByLabel('Country code')).toHaveValue('+234');
  await expect(page.getByLabel('Phone number')).toHaveValue('0803 123 4567');
  await shots(page, 'contact-returning');
});

const poster = () =>
  sharp({ create: { width: 320, height: 200, channels: 3, background: '#046c4e' } })
    .png()
    .toBuffer();

/** A draft of the sample organiser with one paid type whose name and price are long-ish. */
async function draftWithPaidTicket(api: APIRequestContext, organiser: Session) {
  const headers = { authorization: `Bearer ${organiser.token}` };
  const made = await api.post('/api/events/create', {
    headers,
    data: {
      eventName: `Phone Fit Fest ${Date.now().toString(36)}`,
      category: 'Music',
      description: 'A night of highlife, tested on a phone.',
      startDate: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
      endDate: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
      startTime: '19:00',
      endTime: '23:00',
      eventLocation: 'physical',
      country: 'Nigeria',
      state: 'Lagos',
      location: '12 Allen Ave, Ikeja, Lagos',
    },
  });
  expect(made.status(), await made.text()).toBe(201);
  const eventId = (await made.json()).event._id as string;
  const ticket = await api.post('/api/tickets/create', {
    headers,
    data: {
      eventId,
      ticketName: 'Early Bird Regular',
      ticketDescription: 'Standing',
      ticketType: 'paid',
      ticketStock: 'limited',
      availableTickets: 250,
      purchaseLimit: 4,
      benefits: 'Entry',
      ticketPrice: 10000,
    },
  });
  expect(ticket.status(), await ticket.text()).toBe(201);
  return eventId;
}

let made: { eventId: string; organiser: Session } | null = null;
// The event leaves the public pages when done: site.spec expects the seeded events on the home page.
test.afterAll(async ({ playwright, baseURL }) => {
  if (!made) return;
  const api = await playwright.request.newContext({ baseURL });
  await api.post(`/api/events/${made.eventId}/unpublish`, {
    headers: { authorization: `Bearer ${made.organiser.token}` },
  });
  await api.dispose();
});

test('an organiser on a phone: the whole ticket row on screen, then "Your event is live" first after publishing', async ({
  page,
  request,
}) => {
  test.setTimeout(takingShots ? 600_000 : 120_000);
  const organiser = await organiserSession(request);
  const eventId = await draftWithPaidTicket(request, organiser);
  made = { eventId, organiser };
  await page.addInitScript((s) => {
    localStorage.setItem('token', s.token);
    localStorage.setItem('user', JSON.stringify(s.user));
  }, organiser);

  await page.goto(`/events/preview/${eventId}`);
  const price = page.getByRole('cell', { name: '₦10,000.00' });
  await expect(price).toBeInViewport({ ratio: 1 });
  const box = await price.boundingBox();
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(375);
  await expect(page.getByRole('button', { name: 'Delete Early Bird Regular' })).toBeInViewport({ ratio: 1 });
  await shots(page, 'wizard-tickets');
  await wideShots(page, 'wizard-tickets');

  await page.getByRole('button', { name: 'Proceed' }).click();
  await expect(page).toHaveURL(/\/events\/create\/3\//);
  await page
    .getByTestId('poster-input')
    .setInputFiles({ name: 'poster.png', mimeType: 'image/png', buffer: await poster() });
  await page.getByRole('button', { name: 'Upload and publish' }).click();
  // The toast and the note say what happened to the event, not to the file.
  await expect(page.getByText('Your event is live!').first()).toBeVisible();
  await expect(page.getByText('Image uploaded successfully!')).toHaveCount(0);
  await expect(page).toHaveURL(/\/events\/all\?published=/, { timeout: 6_000 });
  const live = page.getByTestId('event-live');
  await expect(live).toContainText('Your event is live');
  await expect(live.getByRole('button', { name: 'Copy link' })).toBeInViewport({ ratio: 1 });
  const search = await page.getByRole('heading', { name: 'What event are you looking for?' }).boundingBox();
  expect((await live.boundingBox())!.y).toBeLessThan(search!.y);
  await shots(page, 'published');
  await wideShots(page, 'published');
});

test('a password set in another browser: this one is told why it was signed out', async ({
  page,
  request,
}) => {
  test.setTimeout(takingShots ? 600_000 : 120_000);
  const buyer = await newBuyer(request, 'Tunde');
  await useAccount(page, buyer);
  await page.goto('/profile');
  await expect(page.getByRole('region', { name: 'My Tickets' })).toBeVisible();
  // The other browser: its own sign-in, then a new password.
  const other = (await (
    await request.post('/api/users/login', { data: { email: buyer.user.email, password: PASSWORD } })
  ).json()) as { token: string };
  const changed = await request.post('/api/users/change-password', {
    headers: { authorization: `Bearer ${other.token}` },
    data: { currentPassword: PASSWORD, newPassword: 'Ibadan#2027', confirmPassword: 'Ibadan#2027' },
  });
  expect(changed.ok(), await changed.text()).toBe(true);
  await page.reload();
  await expect(page).toHaveURL(/\/login/);
  await expect(
    page.getByText('You were signed out because your password was changed. Sign in with the new password.'),
  ).toBeVisible();
  await shots(page, 'signed-out-by-password');
});
