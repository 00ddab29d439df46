import { expect } from '@playwright/test';
import { PAID_ID } from '../../../../test/helpers/checkoutFixtures';
import type { UiFlow, World } from '../../harness';
import { CODE, type Data, REFUNDED } from './model';

/** What the person sees in each of the checkout's states (all four entry flows). */

const heading = (world: World<Data>, name: string | RegExp) =>
  expect(world.page.getByRole('heading', { name })).toBeVisible();
const banner = (world: World<Data>) => world.page.getByText("We've reserved your tickets.", { exact: false });
const alertSays = async (world: World<Data>, message: string | null) => {
  const alert = world.page.locator('main').getByRole('alert').filter({ hasText: /\S/ });
  if (message) await expect(alert.first()).toHaveText(message);
  else await expect(alert).toHaveCount(0);
};
const confirming = async (world: World<Data>) => {
  await expect(world.page).toHaveURL(/\/orders\/[0-9a-f-]{36}$/);
  await heading(world, 'Confirming your payment…');
};

export const states: UiFlow<Data>['states'] = {
  'flow.loading': ({ page }) => expect(page.getByText('Loading your checkout…')).toBeVisible(),
  'flow.loadFailed': async (world, s) => {
    await heading(world, 'Something went wrong');
    await alertSays(world, s.context.error);
    await expect(world.page.getByRole('button', { name: 'Try again' })).toBeEnabled();
  },
  'flow.selection': async (world, s) => {
    await expect(world.page).toHaveURL(`/get-tickets/${world.data.eventId}`);
    await heading(world, 'Choose Tickets');
    const quantity = s.context.quantities[PAID_ID] ?? 0;
    await expect(world.page.getByLabel('Quantity of Regular')).toHaveValue(String(quantity));
    const proceed = world.page.getByRole('button', { name: 'Proceed to Contact' });
    if (quantity > 0) await expect(proceed).toBeEnabled();
    else await expect(proceed).toBeDisabled();
  },
  'flow.contact': async (world, s) => {
    const { page } = world;
    await expect(page).toHaveURL('/get-tickets/contact');
    await heading(world, 'Contact information');
    await alertSays(world, s.context.error);
    const form = page.locator('form', { has: page.getByRole('heading', { name: 'Contact information' }) });
    await expect(form.locator('[aria-invalid="true"]')).toHaveCount(
      Object.keys(s.context.contactErrors).length,
    );
    await expect(page.getByRole('group', { name: 'Ticket 1: Regular' })).toHaveCount(
      s.context.sendToOthers ? 1 : 0,
    );
    await expect(page.getByRole('button', { name: 'Continue' })).toBeEnabled();
  },
  'flow.reserving': ({ page }) => expect(page.getByRole('button', { name: 'Continue' })).toBeDisabled(),
  'flow.payment.idle': async (world, s) => {
    const { page } = world;
    const c = s.context;
    await expect(page).toHaveURL('/get-tickets/checkout');
    await heading(world, 'Payment');
    await alertSays(world, c.error);
    for (const message of [c.termsError, c.discountError])
      if (message) await expect(page.getByText(message)).toBeVisible();
    if (!c.termsError) await expect(page.getByText(/^Please accept the terms/)).toHaveCount(0);
    await expect(page.getByLabel('I accept the terms and conditions, refund and privacy policy')).toBeChecked(
      {
        checked: c.acceptTerms,
      },
    );
    await expect(page.getByLabel('Discount code')).toHaveValue(c.discountCode ? CODE : '');
    await expect(page.getByRole('button', { name: `Remove code ${CODE}` })).toHaveCount(
      c.order?.discountCode ? 1 : 0,
    );
    const notice = page
      .getByRole('status')
      .filter({ hasText: /^(Code .* applied\.|Discount code removed\.)$/ });
    if (c.discountNotice) await expect(notice).toHaveText(c.discountNotice);
    else await expect(notice).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Continue' })).toBeEnabled();
  },
  'flow.payment.applyingDiscount': ({ page }) =>
    expect(page.getByRole('button', { name: 'Apply' })).toBeDisabled(),
  'flow.payment.removingDiscount': ({ page }) =>
    expect(page.getByRole('button', { name: `Remove code ${CODE}` })).toBeDisabled(),
  'flow.paying': ({ page }) => expect(page.getByRole('button', { name: 'Continue' })).toBeDisabled(),
  'flow.redirecting': async ({ page }) => {
    await expect(page).toHaveURL(/\/pay\/test\/[\w.=-]+$/);
    await expect(page.getByText('TEST MODE')).toBeVisible();
  },
  // The screen shows the same while it waits and while it asks: the spinner and the order's URL.
  'flow.processing': confirming,
  'flow.verifying': confirming,
  'flow.confirmed': (world) => heading(world, "You're going! Your tickets are confirmed."),
  'flow.failed': async (world) => {
    await heading(world, 'Payment not completed');
    await expect(world.page.getByRole('button', { name: 'Try payment again' })).toBeEnabled();
  },
  'flow.expired': async (world) => {
    await heading(world, 'Your reservation has expired');
    await expect(world.page.getByRole('button', { name: 'Start again' })).toBeEnabled();
  },
  'flow.ended': async (world, s) => {
    await heading(world, s.context.order?.status === 'refunded' ? 'Payment refunded' : 'Refund on its way');
    await expect(world.page.getByText(REFUNDED)).toBeVisible();
  },
  'hold.idle': (world) => expect(banner(world)).toHaveCount(0),
  // On the provider's page the countdown is not on screen (the machine no longer runs there).
  'hold.counting': (world, s) =>
    s.matches({ flow: 'redirecting' })
      ? expect(banner(world)).toHaveCount(0)
      : expect(banner(world)).toBeVisible(),
  // Run out while the payment call is still out: no countdown, and its answer decides.
  'hold.over': (world) => expect(banner(world)).toHaveCount(0),
};
