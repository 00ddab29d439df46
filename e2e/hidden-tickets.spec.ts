import { expect, test } from '@playwright/test';
import { eventIdByName, fillContact, newBuyer, organiser, useAccount } from './support/checkout';

/**
 * Hidden ticket types and access codes (decision 036), on a phone: the organiser hides a type and
 * makes a code for it in the Tickets tab; a buyer does not see it, types the code on the selection,
 * sees it unlocked, and reserves it (the server sells it only with the code).
 */

const EVENT = 'Jollof & Suya Food Festival';
const phone = { width: 375, height: 812 };

test('an organiser hides a ticket behind an access code; a buyer unlocks it with the code and reserves', async ({
  browser,
  request,
}) => {
  const ada = await organiser(request);
  const eventId = await eventIdByName(request, EVENT);
  const headers = { authorization: `Bearer ${ada.token}` };
  const made = await request.post('/api/tickets/create', {
    headers,
    data: {
      eventId,
      ticketName: 'Vendors Table',
      ticketType: 'free',
      ticketStock: 'limited',
      availableTickets: 10,
      purchaseLimit: 2,
      benefits: 'A table for two and a stall',
      hidden: true,
    },
  });
  expect(made.status(), await made.text()).toBe(201);
  const code = `VENDORS${Date.now().toString(36).toUpperCase()}`;

  // The organiser makes the code in the Tickets tab (the hidden type is the one to tick).
  const org = await browser.newContext({ viewport: phone });
  const orgPage = await org.newPage();
  await useAccount(orgPage, ada);
  await orgPage.goto(`/profile-event/Tickets/${eventId}`);
  await expect(orgPage.getByText('Vendors Table · hidden (access code)')).toBeVisible();
  const card = orgPage.getByRole('region', { name: 'Access codes' });
  await card.getByRole('textbox', { name: 'Code' }).fill(code);
  await card.getByRole('button', { name: 'Create access code' }).click();
  await expect(card.getByText('Choose at least one hidden ticket type to unlock')).toBeVisible();
  await card.getByLabel('Vendors Table').check();
  await card.getByRole('button', { name: 'Create access code' }).click();
  await expect(card.getByRole('list', { name: 'Access codes' })).toContainText(code);
  expect(await orgPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await org.close();

  // A buyer sees the public tickets only, then unlocks the table with the code.
  const buyer = await newBuyer(request, 'Bisi');
  const context = await browser.newContext({ viewport: phone });
  const page = await context.newPage();
  await useAccount(page, buyer);
  await page.goto(`/get-tickets/${eventId}`);
  await expect(page.getByRole('heading', { name: 'Choose Tickets' })).toBeVisible();
  await expect(page.getByText('Vendors Table')).toHaveCount(0);
  await page.getByLabel('Have an access code?').fill('WRONG-CODE');
  await page.getByRole('button', { name: 'Unlock tickets' }).click();
  await expect(page.getByText('This access code is not valid for this event.')).toBeVisible();
  await page.getByLabel('Have an access code?').fill(code.toLowerCase());
  await page.getByRole('button', { name: 'Unlock tickets' }).click();
  await expect(page.getByRole('heading', { name: 'Vendors Table' })).toBeVisible();
  await expect(page.getByText('Unlocked by your access code')).toBeVisible();
  await expect(page.getByTestId('access-code-applied')).toContainText(code.toLowerCase());
  await page.getByLabel('Quantity of Vendors Table').selectOption('1');
  await page.getByRole('button', { name: 'Proceed to Contact' }).click();
  await fillContact(page, buyer.user.email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL('/get-tickets/checkout');
  await expect(page.getByText('1 x Vendors Table')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await context.close();
});
