import { expect, test } from '@playwright/test';
import { eventIdByName } from './support/checkout';

/**
 * Quick checkout on a phone (decision 038): a signed-out visitor picks an event, goes on with a name
 * and an email, gets free tickets, and sets a password from the ticket email's link.
 */
test.use({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });

const EVENT = 'Abuja Tech Meetup: Building for the Naira Economy';
type Mail = { to: string; subject: string; text: string };

test('signed out → event → continue with an email → free tickets → set a password from the ticket email', async ({
  page,
  request,
}) => {
  const eventId = await eventIdByName(request, EVENT);
  const email = `ngozi.${Date.now().toString(36)}@example.ng`;
  await page.goto(`/event-details/${eventId}`);
  await page.getByRole('link', { name: 'Get Tickets' }).first().click();
  await expect(page).toHaveURL(/\/login\?from=/);
  const quick = page.getByRole('form', { name: 'Quick checkout' });
  await quick.getByRole('button', { name: 'Continue with your email' }).click();
  await expect(quick.getByText('First name is required')).toBeVisible();
  await quick.getByLabel('First name').fill('Ngozi');
  await quick.getByLabel('Last name').fill('Eze');
  await quick.getByLabel('Where should we send the tickets?').fill(email);
  await quick.getByRole('button', { name: 'Continue with your email' }).click();

  await expect(page).toHaveURL(new RegExp(`/get-tickets/${eventId}$`));
  await page.getByLabel('Quantity of Free RSVP').selectOption('1');
  await page.getByRole('button', { name: 'Proceed to Contact' }).click();
  await expect(page.locator('input[type=email]').first()).toHaveValue(email);
  await page.getByLabel('Confirm Email address').fill(email);
  await page.getByLabel('Country code').selectOption('+234');
  await page.getByLabel('Phone number').fill('0803 123 4567');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('I accept the terms and conditions, refund and privacy policy').check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(
    page.getByRole('heading', { name: "You're going! Your tickets are confirmed." }),
  ).toBeVisible();

  // The ticket email carries the set-password link (its token in the fragment).
  let link = '';
  await expect
    .poll(async () => {
      const mails = (await (await request.get('/api/dev/outbox')).json()) as Mail[];
      const mail = mails.find((m) => m.to === email && /ticket/i.test(m.subject));
      link = /\/set-password#token=[\w-]+/.exec(mail?.text ?? '')?.[0] ?? '';
      return link;
    })
    .not.toBe('');
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Set your password' })).toBeVisible();
  await expect(page).toHaveURL(/\/set-password$/);
  await page.getByLabel('New password').fill('Lagos#2026!');
  await page.getByLabel('Confirm password').fill('Lagos#2026!');
  await page.getByRole('button', { name: 'Set password and sign in' }).click();
  await expect(page).toHaveURL('/profile');
  await expect(page.getByRole('region', { name: 'My Tickets' })).toContainText(EVENT.split(':')[0]!);
  const login = await request.post('/api/users/login', { data: { email, password: 'Lagos#2026!' } });
  expect(login.status()).toBe(200);
});
