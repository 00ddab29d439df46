import { expect, test } from '@playwright/test';
import { eventIdByName, newBuyer, organiser, useAccount } from './support/checkout';

/**
 * The waiting-list panel offers only the seats the server lets anyone wait for (issue #32, found by
 * the waitlistJoin flow through the screens, decision 057): a sold-out type with one seat in stock
 * and a purchase limit of 2 offered "2", which the server refused ("You can wait for at most 1 …").
 * On a phone, as the visitor sees it.
 */
test.use({ viewport: { width: 375, height: 812 } });

test('a one-seat type offers to wait for one seat, and the join goes through', async ({ page, request }) => {
  const ada = await organiser(request);
  const eventId = await eventIdByName(request, 'Jollof & Suya Food Festival');
  const name = `Chef's Counter ${Date.now().toString(36)}`;
  const made = await request.post('/api/tickets/create', {
    headers: { authorization: `Bearer ${ada.token}` },
    data: {
      eventId,
      ticketName: name,
      ticketType: 'paid',
      ticketPrice: 5000,
      ticketStock: 'limited',
      availableTickets: 1,
      purchaseLimit: 2,
      benefits: 'A seat at the counter',
    },
  });
  expect(made.status(), await made.text()).toBe(201);
  const typeId = ((await made.json()).ticket as { _id: string })._id;
  const holder = await newBuyer(request, 'Emeka');
  const held = await request.post('/api/orders', {
    headers: { authorization: `Bearer ${holder.token}` },
    data: {
      eventId,
      items: { [typeId]: 1 },
      buyer: { firstName: 'Emeka', lastName: 'Obi', email: holder.user.email, phone: '+2348031234567' },
    },
  });
  expect(held.status(), await held.text()).toBe(201);

  const waiter = await newBuyer(request, 'Zainab');
  await useAccount(page, waiter);
  await page.goto(`/get-tickets/${eventId}`);
  const panel = page.getByRole('region', { name: `Waiting list for ${name}` });
  const seats = panel.getByLabel(`Seats wanted of ${name}`);
  await expect(seats).toBeVisible();
  await expect(seats.getByRole('option')).toHaveText(['1']);
  await panel.getByRole('button', { name: 'Join the waiting list' }).click();
  await expect(panel.getByRole('status')).toHaveText('You are number 1 on the waiting list for 1 seat.');
  await expect(panel.getByRole('alert')).toHaveCount(0);
});
