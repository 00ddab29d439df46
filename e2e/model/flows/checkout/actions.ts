import { expect } from '@playwright/test';
import { reserveOrder, startPayment, type UiFlow, type World } from '../../harness';
import { BAD_CODE, CODE, type Data, EVENT_GONE, SOLD_OUT } from './model';

/** The checkout's events as the person's actions and the server's answers (all four entry flows). */

/** A live hold of one Regular for this path's buyer, made through the API. */
export async function reserve({ request, data }: World<Data>) {
  data.orderId = await reserveOrder(request, data.buyer.token, {
    eventId: data.eventId,
    items: { [data.ticketId]: 1 },
    buyer: { firstName: data.buyer.user.firstName, lastName: 'Okafor', email: data.buyer.user.email },
  });
}

/** The order's payment brought to `want` in "another tab" (the API and the test provider's page). */
async function payElsewhere(world: World<Data>, want: 'pending' | 'failed' | 'paid') {
  const { request, data } = world;
  if (!data.reference) data.reference = (await startPayment(request, data.buyer.token, data.orderId)) ?? '';
  if (want === 'pending') return;
  const decided = await request.post(
    `/api/payments/test/${data.reference}/${want === 'paid' ? 'approve' : 'decline'}`,
  );
  expect(decided.ok(), await decided.text()).toBe(true);
  data.reference = '';
}

/**
 * The server's answer about the order made real first: a payment state through the API, or (what
 * only time or the provider could do) the real answer with the order expired or refunded.
 */
async function answerOrder(
  world: World<Data>,
  name: string,
  order: { status: string; payment: string; statusMessage?: string | null },
) {
  if (order.status === 'expired' || order.status === 'refunded' || order.status === 'refund_due') {
    await world.held.answer(name, {
      server: true,
      edit: (body: { order: Record<string, unknown> }) => ({
        order: { ...body.order, status: order.status, statusMessage: order.statusMessage ?? null },
      }),
    } as never);
    return;
  }
  if (order.status === 'paid') await payElsewhere(world, 'paid');
  else if (order.payment === 'failed') await payElsewhere(world, 'failed');
  else if (order.payment === 'pending') await payElsewhere(world, 'pending');
  await world.held.answer(name, { server: true });
}

/** The page's countdown, read from the screen (mm:ss). */
async function secondsShown(world: World<Data>) {
  const text = await world.page.getByText(/^Time left \d+:\d\d$/).textContent();
  const [, m, s] = /(\d+):(\d\d)/.exec(text ?? '') ?? [];
  return Number(m) * 60 + Number(s);
}

export const actions: UiFlow<Data>['actions'] = {
  'xstate.done.actor.loadCheckout': async (world, event, before) => {
    // On /orders/{id} the order is verified first; then the event it belongs to is read.
    if (before.context.requested === 'confirmation') await answerOrder(world, 'verify', event.output.order);
    await world.held.answer('loadEvent', { server: true });
  },
  'xstate.error.actor.loadCheckout': async (world, _event, before) => {
    if (before.context.requested === 'confirmation')
      await world.held.answer('verify', { status: 404, json: { message: 'Order not found' } });
    else await world.held.answer('loadEvent', { status: 404, json: { message: EVENT_GONE } });
  },
  'load.retry': ({ page }) => page.getByRole('button', { name: 'Try again' }).click(),
  'quantity.change': async ({ page }, event) => {
    await page.getByLabel('Quantity of Regular').selectOption(String(event.quantity));
  },
  'selection.proceed': ({ page }) => page.getByRole('button', { name: 'Proceed to Contact' }).click(),
  'contact.change': async ({ page, data }, event) => {
    const form = page.locator('form', { has: page.getByRole('heading', { name: 'Contact information' }) });
    if (event.field === 'confirmEmail')
      await form.getByLabel('Confirm Email address').first().fill(data.buyer.user.email);
    else await form.getByLabel('Phone number').fill(event.value);
  },
  'contact.sendToOthers': ({ page }, event) =>
    page.getByRole('radio', { name: event.value ? 'Yes' : 'No' }).check(),
  'attendee.change': ({ page }, event) =>
    page.getByRole('group', { name: 'Ticket 1: Regular' }).getByLabel('First name').fill(event.value),
  // An answer to the organiser's checkout question, typed into the field its label names: the flows
  // add one optional per-order question to the seeded event (entry.ts); the required, per-attendee
  // and choice kinds are walked in e2e/checkout-questions.spec.ts.
  'answer.change': ({ page }, event) => page.getByLabel(event.label).fill(event.value),
  'contact.submit': ({ page }) => page.getByRole('button', { name: 'Continue' }).click(),
  // From the payment step the tickets are a step further back: 'Change tickets' goes there.
  'step.back': ({ page }, event, before) =>
    page
      .getByRole('button', {
        name: event.to === 'selection' && before.matches({ flow: 'payment' }) ? 'Change tickets' : 'Back',
      })
      .click(),
  'xstate.done.actor.reserveOrder': ({ held }) => held.answer('reserve', { server: true }),
  'xstate.error.actor.reserveOrder': ({ held }) =>
    held.answer('reserve', { status: 409, json: { message: SOLD_OUT } }),
  'discount.change': ({ page }) => page.getByLabel('Discount code').fill(CODE),
  'discount.apply': ({ page }) => page.getByRole('button', { name: 'Apply' }).click(),
  'discount.remove': ({ page }) => page.getByRole('button', { name: `Remove code ${CODE}` }).click(),
  'xstate.done.actor.applyDiscount': ({ held }) => held.answer('applyDiscount', { server: true }),
  'xstate.error.actor.applyDiscount': ({ held }) =>
    held.answer('applyDiscount', { status: 400, json: { message: BAD_CODE } }),
  'xstate.done.actor.removeDiscount': ({ held }) => held.answer('removeDiscount', { server: true }),
  'xstate.error.actor.removeDiscount': ({ held }) => held.answer('removeDiscount', { network: 'failed' }),
  'terms.change': ({ page }, event) =>
    page
      .getByLabel('I accept the terms and conditions, refund and privacy policy')
      .setChecked(event.accepted),
  'updates.change': ({ page }, event) =>
    page.getByLabel('Send me email updates about events like this one').setChecked(event.accepted),
  'payment.submit': ({ page }) => page.getByRole('button', { name: 'Continue' }).click(),
  'xstate.done.actor.payOrder': async (world, event) => {
    // Paid in another tab meanwhile: the server answers this page's call with the paid order.
    if ('order' in event.output) {
      const stored = await world.page.evaluate(() => sessionStorage.getItem('gatepass.checkout'));
      world.data.orderId = (JSON.parse(stored ?? '{}') as { orderId: string }).orderId;
      await payElsewhere(world, 'paid');
    }
    await world.held.answer('pay', { server: true });
  },
  'xstate.error.actor.payOrder': async ({ held }, event) => {
    if (event.error?.status === 409)
      await held.answer('pay', { status: 409, json: { message: event.error.serverMessage } });
    else await held.answer('pay', { network: 'failed' });
  },
  'payment.retry': ({ page }) => page.getByRole('button', { name: 'Try payment again' }).click(),
  'checkout.restart': ({ page }) => page.getByRole('button', { name: 'Start again' }).click(),
  'xstate.after.second.checkout.hold.counting': async (world, _event, before) => {
    // Model 2 → 1: run the real countdown to its last second; 1 → 0: run that second.
    // The person stays at the page: a key press every two minutes, or the app's inactivity sign-out
    // (5 minutes for this account) would end the session before the hold ends.
    let left = before.context.secondsLeft > 1 ? (await secondsShown(world)) - 1 : 1;
    while (left > 0) {
      const run = Math.min(left, 120);
      await world.page.clock.runFor(run * 1000);
      await world.page.keyboard.press('Shift');
      left -= run;
    }
  },
  // Processing and verifying look the same, so the page may still be taking the last answer in
  // when this runs: run the clock on until its poll goes out (it is held, so nothing else moves).
  'xstate.after.poll.checkout.flow.processing': async ({ page }) => {
    let sent = false;
    const polled = page.waitForRequest(/\/api\/orders\/[^/]+\/verify$/).then(() => {
      sent = true;
    });
    await page.clock.runFor(2000);
    while (!sent) await page.clock.runFor(250);
    await polled;
  },
  'xstate.done.actor.verifyOrder': (world, event) => answerOrder(world, 'verify', event.output.order),
  'xstate.error.actor.verifyOrder': ({ held }) => held.answer('verify', { network: 'failed' }),
};
