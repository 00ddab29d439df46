import { expect, test } from '@playwright/test';
import { freeTickets, newBuyer, useAccount } from './support/checkout';

/** Self-service on a phone (issue #23): tickets emailed again, a free order given back. */

test('a buyer has their tickets emailed again, then gives a free order back', async ({
  browser,
  request,
}) => {
  const buyer = await newBuyer(request, 'Kemi');
  const { orderId } = await freeTickets(request, buyer, 2);

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
  const after = (
    await (
      await request.get(`/api/orders/${orderId}`, { headers: { authorization: `Bearer ${buyer.token}` } })
    ).json()
  ).order;
  expect(after.status).toBe('cancelled');
  await context.close();
});
