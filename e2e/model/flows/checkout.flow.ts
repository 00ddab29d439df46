import { expect } from '@playwright/test';
import { checkoutMachine } from '../../../machines/checkout.machine';
import { httpError, networkError } from '../../../test/helpers/callErrors';
import { PAID_ID } from '../../../test/helpers/checkoutFixtures';
import {
  key,
  load,
  buyer as modelBuyer,
  events as modelEvents,
  withClock,
} from '../../../test/helpers/checkoutModel';
import type { AnySnap } from '../../../test/model/graph';
import {
  type Account,
  eventIdByName,
  newBuyer,
  organiser,
  useAccount as signInAs,
} from '../../support/checkout';
import { type UiFlow, uiPaths, type World } from '../harness';

/**
 * The checkout (machines/checkout.machine.ts) through its four screens, in four entry flows that
 * share one mapping: a first visit (the whole purchase), the return from the provider on
 * /orders/{id}, and reloads of the contact and selection steps with a live hold. The seeded
 * 'Afrobeats Under the Stars' and one discount code made once through the organiser's API are
 * shared; each path has a fresh buyer (all signed up at once), and orders are made and paid
 * through the real API ("another tab") so the page's own calls get the server's real answers. Answered like the server: a sold-out
 * reservation (409), an unknown code (400), a pay call refused because the hold ended (409), the
 * event gone (404), and an order the sweeper expired or the provider refunded (the real order with
 * that status). Network failures are the call aborted.
 *
 * The hold counts down on Playwright's clock. The model holds for 2 seconds; 2 stands for "more than
 * one second left", so the tick to 1 runs the page's real countdown (from the server's deadline) to
 * its last second, and the tick to 0 runs that second: the screen takes every second in between.
 */
const EVENT = 'Afrobeats Under the Stars';
const CODE = 'MODELPATH10';
const SOLD_OUT = '"Regular" is sold out.';
const BAD_CODE = 'This discount code is not valid for this event.';
const EVENT_GONE = 'Event not found';
const HOLD_ENDED = 'Your reservation has ended. Please choose your tickets again.';
const REFUNDED = 'Your payment arrived after your reservation had ended. We are refunding it in full.';

type Data = {
  /** A fresh buyer per path (a buyer's new hold replaces the live one, payment state and all). */
  buyers: Account[];
  eventId: string;
  ticketId: string;
  buyer: Account;
  orderId: string;
  reference: string;
};

const ev = (type: string) => modelEvents.filter((e) => e.type === type);
const tick = { type: 'xstate.after.second.checkout.hold.counting' };
const poll = { type: 'xstate.after.poll.checkout.flow.processing' };
const loadDone = (over: Parameters<typeof load>[0]) => ({
  type: 'xstate.done.actor.loadCheckout',
  output: load(over),
});
const eventGone = { type: 'xstate.error.actor.loadCheckout', error: httpError(404, EVENT_GONE) };

/** A tick only while no call is in flight (the page's 15 s request timeout runs on the same clock). */
function ticks(s: AnySnap): AnySnap[] {
  if (!s.matches({ hold: 'counting' })) return [];
  const busy = ['loading', 'reserving', 'verifying'].some((f) => s.matches({ flow: f }));
  if (
    busy ||
    s.matches({ flow: { payment: 'applyingDiscount' } }) ||
    s.matches({ flow: { payment: 'removingDiscount' } })
  )
    return [];
  if (s.matches({ flow: 'paying' }) && s.context.secondsLeft > 1) return [];
  return [tick];
}

const payEvents = [
  {
    type: 'xstate.done.actor.payOrder',
    output: { order: withClock({ status: 'paid', payment: 'success' }).order },
  },
  {
    type: 'xstate.done.actor.payOrder',
    output: { authorizationUrl: '/pay/test/GP-1-a', reference: 'GP-1-a' },
  },
  { type: 'xstate.error.actor.payOrder', error: httpError(409, HOLD_ENDED) },
  { type: 'xstate.error.actor.payOrder', error: networkError() },
];

/** The purchase from a first visit: every step, every call's outcomes, the hold running out. */
function purchaseEvents(s: AnySnap): readonly AnySnap[] {
  const c = s.context;
  if (s.matches({ flow: 'loading' }))
    // After a refused payment the page asks the server where the order stands: still payable.
    return c.requested === 'confirmation' ? [loadDone({})] : [loadDone(null), eventGone];
  if (s.matches({ flow: 'loadFailed' })) return ev('load.retry');
  if (s.matches({ flow: 'selection' }))
    return [...ev('quantity.change'), ...ev('selection.proceed'), ...ticks(s)];
  if (s.matches({ flow: 'contact' })) {
    const attendee = c.sendToOthers
      ? modelEvents.filter((e) => e.type === 'attendee.change').slice(0, 1)
      : [];
    return [
      ...modelEvents.filter(
        (e) =>
          e.type === 'contact.change' || e.type === 'contact.sendToOthers' || e.type === 'contact.submit',
      ),
      ...attendee,
      { type: 'step.back', to: 'selection' },
      ...ticks(s),
    ];
  }
  if (s.matches({ flow: 'reserving' }))
    return [
      { type: 'xstate.done.actor.reserveOrder', output: withClock() },
      { type: 'xstate.error.actor.reserveOrder', error: httpError(409, SOLD_OUT) },
    ];
  if (s.matches({ flow: { payment: 'idle' } }))
    return [
      ...modelEvents.filter((e) =>
        [
          'discount.change',
          'discount.apply',
          'discount.remove',
          'terms.change',
          'updates.change',
          'payment.submit',
        ].includes(e.type),
      ),
      { type: 'step.back', to: 'selection' },
      { type: 'step.back', to: 'contact' },
      ...ticks(s),
    ];
  if (s.matches({ flow: { payment: 'applyingDiscount' } }))
    return [
      {
        type: 'xstate.done.actor.applyDiscount',
        output: withClock({ discountCode: CODE, discount: 105, total: 965 }),
      },
      { type: 'xstate.error.actor.applyDiscount', error: httpError(400, BAD_CODE) },
    ];
  if (s.matches({ flow: { payment: 'removingDiscount' } }))
    return [
      { type: 'xstate.done.actor.removeDiscount', output: withClock() },
      { type: 'xstate.error.actor.removeDiscount', error: networkError() },
    ];
  if (s.matches({ flow: 'paying' })) return [...payEvents, ...ticks(s)];
  if (s.matches({ flow: 'expired' })) return ev('checkout.restart');
  return [];
}

/** Back from the provider on /orders/{id}: every way the verified order can stand. */
const verifyOutcomes = [
  { type: 'xstate.done.actor.verifyOrder', output: withClock({ status: 'paid', payment: 'success' }) },
  { type: 'xstate.done.actor.verifyOrder', output: withClock({ payment: 'failed' }) },
  { type: 'xstate.done.actor.verifyOrder', output: withClock({ payment: 'pending' }) },
  { type: 'xstate.done.actor.verifyOrder', output: withClock({ status: 'expired' }) },
  {
    type: 'xstate.done.actor.verifyOrder',
    output: withClock({ status: 'refund_due', statusMessage: REFUNDED }),
  },
  { type: 'xstate.error.actor.verifyOrder', error: networkError() },
];
function returnEvents(s: AnySnap): readonly AnySnap[] {
  if (s.matches({ flow: 'loading' }))
    return [
      loadDone({}),
      loadDone({ payment: 'pending' }),
      loadDone({ payment: 'failed' }),
      loadDone({ status: 'paid', payment: 'success' }),
      loadDone({ status: 'expired' }),
      loadDone({ status: 'refunded', statusMessage: REFUNDED }),
      { type: 'xstate.error.actor.loadCheckout', error: httpError(404, 'Order not found') },
    ];
  if (s.matches({ flow: 'loadFailed' })) return ev('load.retry');
  if (s.matches({ flow: 'processing' })) return [poll];
  if (s.matches({ flow: 'verifying' })) return verifyOutcomes;
  if (s.matches({ flow: 'failed' })) return [...ev('payment.retry'), ...ticks(s)];
  return [];
}

/** A reload of a step with a live hold: it resumes there, and the hold can still run out. */
function reloadEvents(s: AnySnap): readonly AnySnap[] {
  if (s.matches({ flow: 'loading' })) return [loadDone({})];
  if (s.matches({ flow: 'selection' }) || s.matches({ flow: 'contact' })) return ticks(s);
  return [];
}

// ---- the person's actions and the server's answers --------------------------------------------

const auth = (data: Data) => ({ authorization: `Bearer ${data.buyer.token}` });

/** A live hold of one Regular for this path's buyer, made through the API. */
async function reserve({ request, data }: World<Data>) {
  const created = await request.post('/api/orders', {
    headers: auth(data),
    data: {
      eventId: data.eventId,
      items: { [data.ticketId]: 1 },
      buyer: {
        firstName: data.buyer.user.firstName,
        lastName: 'Okafor',
        email: data.buyer.user.email,
        phone: '+2348031234567',
      },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  data.orderId = ((await created.json()) as { order: { _id: string } }).order._id;
}

/** The order's payment brought to `want` in "another tab" (the API and the test provider's page). */
async function payElsewhere(world: World<Data>, want: 'pending' | 'failed' | 'paid') {
  const { request, data } = world;
  if (!data.reference) {
    const pay = await request.post(`/api/orders/${data.orderId}/pay`, {
      headers: auth(data),
      data: { acceptTerms: true, emailUpdates: false },
    });
    expect(pay.ok(), await pay.text()).toBe(true);
    data.reference = ((await pay.json()) as { reference: string }).reference;
  }
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

const actions: UiFlow<Data>['actions'] = {
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

// ---- what the person sees ---------------------------------------------------------------------

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

const states: UiFlow<Data>['states'] = {
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

// ---- the four entry flows ---------------------------------------------------------------------

const shared = {
  machine: checkoutMachine,
  raised: ['hold.start', 'hold.stop', 'hold.ended'],
  tours: true,
  holdFromStart: true,
  key,
  actions,
  states,
  heldCalls: {
    loadEvent: { url: /\/api\/events\/[0-9a-f-]{36}$/, method: 'GET' },
    reserve: /\/api\/orders$/,
    applyDiscount: { url: /\/api\/orders\/[^/]+\/discount$/, method: 'POST' },
    removeDiscount: { url: /\/api\/orders\/[^/]+\/discount$/, method: 'DELETE' },
    pay: /\/api\/orders\/[^/]+\/pay$/,
    verify: /\/api\/orders\/[^/]+\/verify$/,
  },
  prepare: async (request: Parameters<NonNullable<UiFlow<Data>['prepare']>>[0]) => {
    const eventId = await eventIdByName(request, EVENT);
    const org = await organiser(request);
    const made = await request.post(`/api/events/${eventId}/discounts`, {
      headers: { authorization: `Bearer ${org.token}` },
      data: { code: CODE, kind: 'percent', percentOff: 10 },
    });
    // Made once per run; a retried worker finds it there already.
    expect([201, 409], await made.text()).toContain(made.status());
    const types = (await (await request.get(`/api/tickets/event/${eventId}`)).json()) as {
      tickets: Array<{ _id: string; ticketName: string }>;
    };
    const ticketId = types.tickets.find((t) => t.ticketName === 'Regular')?._id ?? '';
    return { eventId, ticketId, buyer: null as never, buyers: [] as Account[], orderId: '', reference: '' };
  },
} satisfies Partial<UiFlow<Data>>;

/** Signed in as a fresh buyer, the page's clock under the test's control. */
async function arrive(world: World<Data>, stored?: 'contact' | 'selection') {
  world.data.buyer = world.data.buyers.shift() ?? (await newBuyer(world.request, 'Ngozi'));
  await signInAs(world.page, world.data.buyer);
  if (stored) {
    await reserve(world);
    const value = JSON.stringify({
      eventId: world.data.eventId,
      orderId: world.data.orderId,
      quantities: { [world.data.ticketId]: 1 },
    });
    await world.page.addInitScript((v) => sessionStorage.setItem('gatepass.checkout', v), value);
  }
  await world.page.clock.install();
}

/** The page's clock stands still once it is open: only the model's ticks move it. */
async function open(world: World<Data>, url: string) {
  await world.page.goto(url);
  await world.page.clock.pauseAt((await world.page.evaluate(() => Date.now())) + 1000);
}

/** The shared data, and a buyer for each of the flow's paths, signed up side by side. */
const prepareFor =
  (flow: () => UiFlow<Data>) => async (request: Parameters<NonNullable<UiFlow<Data>['prepare']>>[0]) => {
    const data = await shared.prepare(request);
    const count = uiPaths(flow() as unknown as UiFlow<never>).length;
    data.buyers = await Promise.all(Array.from({ length: count }, () => newBuyer(request, 'Ngozi')));
    return data;
  };

export const checkoutFlow: UiFlow<Data> = {
  ...shared,
  prepare: prepareFor(() => checkoutFlow),
  name: 'checkout',
  input: { eventId: 'event', step: 'selection', buyer: modelBuyer },
  events: purchaseEvents,
  start: async (world) => {
    await arrive(world);
    await open(world, `/get-tickets/${world.data.eventId}`);
  },
};

export const checkoutReturnFlow: UiFlow<Data> = {
  ...shared,
  prepare: prepareFor(() => checkoutReturnFlow),
  name: 'checkoutReturn',
  input: { orderId: 'order', step: 'confirmation', buyer: modelBuyer },
  events: returnEvents,
  start: async (world) => {
    await arrive(world);
    await reserve(world);
    await open(world, `/orders/${world.data.orderId}`);
  },
};

export const checkoutReloadContactFlow: UiFlow<Data> = {
  ...shared,
  prepare: prepareFor(() => checkoutReloadContactFlow),
  name: 'checkoutReloadContact',
  input: { eventId: 'event', orderId: 'order', step: 'contact', buyer: modelBuyer },
  events: reloadEvents,
  start: async (world) => {
    await arrive(world, 'contact');
    await open(world, '/get-tickets/contact');
  },
};

export const checkoutReloadSelectionFlow: UiFlow<Data> = {
  ...shared,
  prepare: prepareFor(() => checkoutReloadSelectionFlow),
  name: 'checkoutReloadSelection',
  input: { eventId: 'event', orderId: 'order', step: 'selection', buyer: modelBuyer },
  events: reloadEvents,
  start: async (world) => {
    await arrive(world, 'selection');
    await open(world, `/get-tickets/${world.data.eventId}`);
  },
};
