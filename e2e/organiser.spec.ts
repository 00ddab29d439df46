import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';

/**
 * The organiser's screens end to end against the real server (test-mode payments, mail outbox):
 * a free and a paid event created through the wizard, published with a poster, found on the home
 * page and in search, then managed (details edit, unknown tab, CSV export). Each test signs up its
 * own organiser, so no payout account is saved yet and the bank look-up runs (saved with the password).
 */

const PASSWORD = 'Lagos#2025';
// Each test is a whole organiser journey (sign-up, three steps, search, management, axe scans).
test.describe.configure({ timeout: 180_000 });
type Mail = { to: string; subject: string; text: string };

async function organiser(request: APIRequestContext) {
  const tag = `${Date.now()}${Math.random().toString(36).slice(2, 6)}`;
  const email = `organiser.${tag}@example.ng`;
  const res = await request.post('/api/users/register', {
    data: {
      firstName: 'Tunde',
      lastName: 'Bello',
      username: `tunde${tag}`,
      email,
      password: PASSWORD,
      confirmPassword: PASSWORD,
    },
  });
  expect(res.status()).toBe(201);
  let link = '';
  await expect
    .poll(async () => {
      const mails = (await (await request.get('/api/dev/outbox')).json()) as Mail[];
      link = /\/verify-email\?token=[\w-]+/.exec(mails.find((m) => m.to === email)?.text ?? '')?.[0] ?? '';
      return link;
    })
    .not.toBe('');
  expect((await request.get(`/api${link.replace('/verify-email', '/users/verify-email')}`)).ok()).toBe(true);
  return email;
}

async function signIn(page: Page, email: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

/** A small real PNG made for the test (the server checks content, not the name). */
const poster = () =>
  sharp({ create: { width: 320, height: 200, channels: 3, background: '#046c4e' } })
    .png()
    .toBuffer();

async function fillDetails(page: Page, name: string, online = false) {
  await page.getByLabel('Event Name').fill(name);
  await page.getByLabel('Category').selectOption('Music');
  await page.getByLabel('Description').fill(`${name}: live music on the island, all night.`);
  await page.getByLabel('Start Date').fill('2027-05-14');
  await page.getByLabel('Start Time').fill('18:00');
  await page.getByLabel('End Date').fill('2027-05-14');
  await page.getByLabel('End Time').fill('23:30');
  if (online) {
    await page.getByLabel('Online Event').check();
    await page.getByLabel('Event URL').fill('https://meet.example.com/gatepass-live');
  } else {
    await page.getByLabel('Physical Event').check();
    await page.getByLabel('State').selectOption('Lagos');
    await page.getByLabel('Address').fill('12 Awolowo Road, Ikoyi');
  }
}

async function finishWithPoster(page: Page) {
  await expect(page).toHaveURL(/\/events\/preview\//);
  await page.getByRole('button', { name: 'Proceed' }).click();
  await expect(page).toHaveURL(/\/events\/create\/3\//);
  await page.getByRole('button', { name: 'Upload and publish' }).click();
  await expect(page.getByText('Please select an image first!')).toBeVisible();
  await page
    .getByTestId('poster-input')
    .setInputFiles({ name: 'poster.png', mimeType: 'image/png', buffer: await poster() });
  await expect(page.getByAltText('Selected poster preview')).toBeVisible();
  await page.getByRole('button', { name: 'Upload and publish' }).click();
  await expect(page.getByText('Your event is live!').first()).toBeVisible();
  await expect(page).toHaveURL(/\/events\/all/, { timeout: 6_000 });
}

async function findEverywhere(page: Page, name: string) {
  await page.locator('#listing-q').fill(name);
  await page.locator('#listing-q').press('Enter');
  await expect(page.getByRole('link', { name: new RegExp(name) }).first()).toBeVisible();
  await page.goto('/');
  await expect(page.getByText(name).first()).toBeAttached();
}

test('a free event: details, a free ticket, poster, published, then found and managed', async ({
  page,
  request,
}) => {
  const name = `Campus Quiz ${Date.now()}`;
  await signIn(page, await organiser(request));
  await page.goto('/events/create');
  await page.getByRole('button', { name: 'Proceed' }).click();
  await expect(page.getByText('Event name is required')).toBeVisible();
  await expect(page.getByText('Description is required')).toBeVisible();
  await fillDetails(page, name);
  await page.getByRole('button', { name: 'Proceed' }).click();
  await expect(page.getByText('Event created successfully!').first()).toBeVisible();
  await expect(page).toHaveURL(/\/events\/create\/2\//);
  const eventId = page.url().split('/').at(-1) ?? '';

  // A later step's URL before the event has tickets goes back to the tickets step.
  await page.goto(`/events/create/3/${eventId}`);
  await expect(page).toHaveURL(new RegExp(`/events/create/2/${eventId}$`));

  await page.getByRole('button', { name: 'Add ticket' }).click();
  await page.getByRole('button', { name: /Free ticket/ }).click();
  await page.getByLabel('Ticket Name').fill('Regular');
  await page.getByLabel('Available Tickets').fill('200');
  await page.getByLabel('Benefits').fill('Entry and quiz sheet');
  await page.getByRole('button', { name: 'Create ticket' }).click();
  await expect(page.getByText('Ticket created successfully!').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add ticket' })).toBeVisible();
  await page.getByLabel('Website').fill('https://quiz.example.ng');
  await page.getByRole('button', { name: 'Proceed' }).click();
  await expect(page.getByRole('cell', { name: 'Regular', exact: true })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Free', exact: true })).toBeVisible();
  await finishWithPoster(page);
  // The listing says the event is live, lists it first, and offers its link and the way back.
  const live = page.getByTestId('event-live');
  await expect(live).toContainText('Your event is live');
  await expect(live).toContainText(name);
  await expect(page.getByRole('heading', { level: 3 }).first()).toContainText(name);
  const eventUrl = `${new URL(page.url()).origin}/event-details/${eventId}`;
  await expect(live.getByRole('link', { name: 'Share on WhatsApp' })).toHaveAttribute(
    'href',
    `https://wa.me/?text=${encodeURIComponent(`${name} on Gatepass: ${eventUrl}`)}`,
  );
  await expect(live.getByRole('link', { name: 'Manage' })).toHaveAttribute(
    'href',
    `/profile-event/Details/${eventId}`,
  );
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await live.getByRole('button', { name: 'Copy link' }).click();
  await expect(page.getByText('Link copied')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(eventUrl);
  await live.getByRole('button', { name: 'Dismiss' }).click();
  await expect(live).toHaveCount(0);
  await expect(page).toHaveURL(/\/events\/all$/);
  await findEverywhere(page, name);

  // Managed from My Events.
  await page.goto('/profile');
  await page.getByRole('link', { name: new RegExp(name) }).click();
  await expect(page).toHaveURL(new RegExp(`/profile-event/Details/${eventId}$`));
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByLabel('Publish your event')).toBeChecked();
  await page.getByLabel('Event Name').fill(`${name} (edited)`);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Event details saved').first()).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: `${name} (edited)` })).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Event Name')).toHaveValue(`${name} (edited)`);

  // An unknown tab falls back to Details.
  await page.goto(`/profile-event/Nonsense/${eventId}`);
  await expect(page).toHaveURL(new RegExp(`/profile-event/Details/${eventId}$`));

  // The guestlist exports guestlist.csv with the spec's columns.
  await page.getByRole('tab', { name: 'Guestlist' }).click();
  await expect(page).toHaveURL(new RegExp(`/profile-event/Guestlist/${eventId}$`));
  await expect(page.getByText('No orders yet')).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('guestlist.csv');
  const csv = (await import('node:fs')).readFileSync((await file.path()) ?? '', 'utf8');
  expect(csv.replace(/^\uFEFF/, '').split(/\r?\n/)[0]).toBe(
    'Ticket Name,Quantity,Purchased By,Order Number,Order Date,Checked In At',
  );

  await page.getByRole('tab', { name: 'Sales' }).click();
  await expect(page.getByRole('cell', { name: 'Regular', exact: true })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await page.getByRole('tab', { name: 'Tickets' }).click();
  await expect(page.getByRole('columnheader', { name: 'Ticket Name' })).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  // Discount codes: create, edit, delete.
  const codes = page.getByRole('region', { name: 'Discount codes' });
  await codes.getByRole('textbox', { name: 'Code', exact: true }).fill('EARLY10');
  await codes.getByLabel('Percent off').fill('10');
  await codes.getByRole('button', { name: 'Create code' }).click();
  await expect(codes.getByRole('cell', { name: '10% off' })).toBeVisible();
  await codes.getByRole('button', { name: 'Edit EARLY10' }).click();
  await codes.getByLabel('Percent off').fill('15');
  await codes.getByRole('button', { name: 'Save code' }).click();
  await expect(codes.getByRole('cell', { name: '15% off' })).toBeVisible();
  await codes.getByRole('button', { name: 'Delete EARLY10' }).click();
  await expect(codes.getByText('No codes yet.')).toBeVisible();
});

async function expectNoSeriousAxeViolations(page: Page) {
  await page.waitForLoadState('networkidle');
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`)).toEqual([]);
}

test('a paid event: bank and resolved account name in test mode, then published', async ({
  page,
  request,
}) => {
  const name = `Afrobeats Night ${Date.now()}`;
  await signIn(page, await organiser(request));
  await page.goto('/events/create');
  await fillDetails(page, name, true);
  await page.getByRole('button', { name: 'Proceed' }).click();
  await expect(page).toHaveURL(/\/events\/create\/2\//);

  await page.getByRole('button', { name: 'Add ticket' }).click();
  await page.getByRole('button', { name: /Paid ticket/ }).click();
  await expectNoSeriousAxeViolations(page);
  await page.getByLabel('Ticket Name').fill('VIP');
  await page.getByLabel('Available Tickets').fill('50');
  await page.getByLabel('Price (₦)').fill('15000');
  await page.getByLabel('Benefits').fill('Front row and a drink');
  await expect(page.getByText('Test mode')).toBeVisible();
  await page.getByLabel('Bank').selectOption({ label: 'Access Bank' });
  // A number that does not resolve blocks saving with a clear message.
  await page.getByLabel('Account Number').fill('0000000000');
  await expect(
    page
      .getByRole('alert')
      .filter({ hasText: /account/i })
      .first(),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Create ticket' }).click();
  await expect(page.getByText('Ticket created successfully!')).toHaveCount(0);
  await page.getByLabel('Account Number').fill('0123456789');
  await expect(page.locator('output')).not.toHaveText(/—|Checking/);
  // The account is saved through the payout settings, which ask for the password (decision 053).
  await page.getByLabel('Your password, to confirm the payout account').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create ticket' }).click();
  await expect(page.getByText('Ticket created successfully!').first()).toBeVisible();
  await page.getByRole('button', { name: 'Proceed' }).click();
  await expect(page.getByRole('cell', { name: '₦15,000.00' })).toBeVisible();
  await finishWithPoster(page);
  await findEverywhere(page, name);

  // The account the ticket resolved is now the organiser's payout account, shown in Settings.
  await page.getByRole('button', { name: /Account menu for/ }).click();
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Account settings' });
  await dialog.getByRole('tab', { name: 'Payouts' }).click();
  await expect(dialog.getByText(/Paid-ticket money goes to .*Access Bank ••••••6789/)).toBeVisible();
  await expect(dialog.getByText('Test mode')).toBeVisible();
  await expect(dialog.getByTestId('payout-changed-at')).toContainText('Last changed');

  // Changing it needs the password: a wrong one is refused and nothing changes.
  await dialog.getByLabel('Bank').selectOption({ label: 'Zenith Bank' });
  await dialog.getByLabel('Account number').fill('1234567890');
  await expect(dialog.locator('output')).not.toHaveText(/—|Checking/);
  await dialog.getByRole('button', { name: 'Save payout account' }).click();
  await expect(dialog.getByText('Enter your password to confirm the change.')).toBeVisible();
  await dialog.getByLabel('Your password, to confirm').fill('Wrong#2026');
  await dialog.getByRole('button', { name: 'Save payout account' }).click();
  await expect(dialog.getByText('Password is incorrect.')).toBeVisible();
  await expect(dialog.getByText(/Paid-ticket money goes to .*Access Bank ••••••6789/)).toBeVisible();
  await dialog.getByLabel('Your password, to confirm').fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Save payout account' }).click();
  await expect(dialog.getByText(/Paid-ticket money goes to .*Zenith Bank ••••••7890/)).toBeVisible();
});
