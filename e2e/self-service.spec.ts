import { expect, test } from '@playwright/test';
import { eventIdByName, newBuyer, useAccount } from './support/checkout';

/** Self-service on a phone (issue #23): tickets emailed again, a free order given back. */

const TECH_MEETUP = 'Abuja Tech Meetup: Building for the Naira Economy';

test('a buyer has their tickets emailed again, then gives a free order back', async ({
  browser,
  request,
}) => {
  const buyer = await newBuyer(request, 'Kemi');
  const eventId = await eventIdByName(request, TECH_MEETUP);
  const headers = { authorization: `Bearer ${buyer.token}` };
  const types = (await (await request.get(`/api/tickets/event/${eventId}`)).json()).tickets as {
    _id: string;
    ticketPrice: number;
  }[];
  const free = types.find((t) => t.ticketPrice === 0)!;
  const made = await request.post('/api/orders', {
    headers,
    data: {
      eventId,
      items: { [free._id]: 2 },
      buyer: { firstName: 'Kemi', lastName: 'Okafor', email: buyer.user.email, phone: '+2348031234567' },
    },
  });
  const orderId = (await made.json()).order._id as string;
  expect(
    (
      await request.post(`/api/orders/${orderId}/pay`, {
        headers,
        data: { acceptTerms: true, emailUpdates: false },
      })
    ).ok(),
  ).toBe(true);

  const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
  const page = await context.newPage();
  await useAccount(page, buyer);
  await page.goto(`/orders/${orderId}`);
  await expect(
    page.getByRole('heading', { name: "You're going! Your tickets are confirmed." }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Email my tickets again' }).click();
  await expect(page.getByText(`Tickets sent to 1 email address.`)).toBeVisible();

  await page.getByRole('button', { name: 'Give my tickets back' }).click();
  await expect(page.getByRole('alertdialog')).toContainText('Give back these 2 tickets?');
  await page.getByRole('button', { name: 'Keep my tickets' }).click();
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await page.getByRole('button', { name: 'Give my tickets back' }).click();
  await page.getByRole('button', { name: 'Give them back' }).click();
  await expect(page).toHaveURL('/profile');
  await expect(page.getByText('Tickets given back. The seats are on sale again.')).toBeVisible();
  const after = (await (await request.get(`/api/orders/${orderId}`, { headers })).json()).order;
  expect(after.status).toBe('cancelled');
  await context.close();
});
