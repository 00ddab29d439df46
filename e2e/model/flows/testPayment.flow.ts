import { expect } from '@playwright/test';
import { formatNaira } from '../../../contract/money';
import { testPaymentMachine } from '../../../machines/testPayment.machine';
import { type Account, eventIdByName, newBuyer } from '../../support/checkout';
import { reserveOrder, startPayment, type UiFlow, type World } from '../harness';

/**
 * The test-mode provider's page (/pay/test/{reference}), where a tester approves or declines a
 * payment. Each path pays a fresh order of the sample event through the real API, so the page has
 * a pending payment of its own. Its answers are the real server's: a payment decided meanwhile
 * (in another tab, through the same API) is what makes the page's own decision refused (409) or
 * the page open on a settled payment. Only the not-found answer, which needs a reference the URL
 * does not have, is answered as the server answers an unknown reference.
 */
const EVENT = 'Afrobeats Under the Stars';
const DECIDED = 'This payment has already been decided.';
const NOT_FOUND = 'Payment not found';

type Data = {
  buyer: Account;
  eventId: string;
  ticketId: string;
  reference: string;
  amount: number;
  orderId: string;
};

// The model's stand-in for the payment the server shows (the screen shows the real one).
const payment = (status: 'pending' | 'success') => ({
  reference: 'ref',
  orderId: 'order',
  amount: 1,
  email: 'buyer@example.ng',
  eventName: EVENT,
  status,
  callbackUrl: '/',
});

const decide = (world: World<Data>, decision: 'approve' | 'decline') =>
  world.request.post(`/api/payments/test/${world.data.reference}/${decision}`);

export const testPaymentFlow: UiFlow<Data> = {
  name: 'testPayment',
  machine: testPaymentMachine,
  input: { reference: 'ref' },
  tours: true,
  events: (s) => {
    if (s.matches('loading'))
      return [
        { type: 'xstate.done.actor.fetchPayment', output: payment('pending') },
        { type: 'xstate.done.actor.fetchPayment', output: payment('success') },
        { type: 'xstate.error.actor.fetchPayment', error: { status: 404, serverMessage: NOT_FOUND } },
      ];
    if (s.matches('loadFailed')) return [{ type: 'load.retry' }];
    // After a refused decision the payment is decided: nothing the page offers changes that.
    if (s.matches('ready'))
      return s.context.error ? [] : [{ type: 'payment.approve' }, { type: 'payment.decline' }];
    if (s.matches('approving') || s.matches('declining'))
      return [
        { type: 'xstate.done.actor.decide', output: { status: 'success', callbackUrl: '/' } },
        { type: 'xstate.error.actor.decide', error: { status: 409, serverMessage: DECIDED } },
      ];
    return [];
  },
  key: (s) => [s.context.error, s.context.payment?.status ?? null],
  holdFromStart: true,
  heldCalls: {
    fetchPayment: { url: /\/api\/payments\/test\/[^/]+$/, method: 'GET' },
    decide: /\/api\/payments\/test\/[^/]+\/(approve|decline)$/,
  },
  prepare: async (request) => {
    const buyer = await newBuyer(request, 'Kemi');
    const eventId = await eventIdByName(request, EVENT);
    const types = (await (await request.get(`/api/tickets/event/${eventId}`)).json()) as {
      tickets: Array<{ _id: string; ticketPrice: number }>;
    };
    const paid = types.tickets.find((t) => t.ticketPrice > 0);
    expect(paid, 'a paid ticket type').toBeDefined();
    return { buyer, eventId, ticketId: paid?._id ?? '', reference: '', amount: 0, orderId: '' };
  },
  start: async ({ page, request, data }) => {
    // A fresh order paid by the buyer: the provider's page has a pending payment for it.
    data.orderId = await reserveOrder(request, data.buyer.token, {
      eventId: data.eventId,
      items: { [data.ticketId]: 1 },
      buyer: { firstName: 'Kemi', lastName: 'Okafor', email: data.buyer.user.email },
    });
    data.reference = (await startPayment(request, data.buyer.token, data.orderId)) ?? '';
    const shown = (await (await request.get(`/api/payments/test/${data.reference}`)).json()) as {
      amount: number;
    };
    data.amount = shown.amount;
    await page.goto(`/pay/test/${data.reference}`);
  },
  actions: {
    'xstate.done.actor.fetchPayment': async (world, event) => {
      // Settled: the tester decided it in another tab before this page asked.
      if (event.output.status !== 'pending') expect((await decide(world, 'approve')).ok()).toBe(true);
      await world.held.answer('fetchPayment', { server: true });
    },
    'xstate.error.actor.fetchPayment': ({ held }) =>
      held.answer('fetchPayment', { status: 404, json: { message: NOT_FOUND } }),
    'load.retry': async ({ page }) => {
      await page.getByRole('button', { name: 'Try again' }).click();
    },
    'payment.approve': async ({ page, data }) => {
      await page.getByRole('button', { name: `Pay ${formatNaira(data.amount)}` }).click();
    },
    'payment.decline': async ({ page }) => {
      await page.getByRole('button', { name: 'Decline' }).click();
    },
    'xstate.done.actor.decide': ({ held }) => held.answer('decide', { server: true }),
    'xstate.error.actor.decide': async (world, _e, before) => {
      // Decided the other way in another tab first: the server refuses this page's decision.
      expect((await decide(world, before.matches('approving') ? 'decline' : 'approve')).ok()).toBe(true);
      await world.held.answer('decide', { server: true });
    },
  },
  states: {
    loading: async ({ page }) => {
      await expect(page.getByRole('status').filter({ hasText: 'Loading the payment' })).toBeAttached();
    },
    loadFailed: async ({ page }, s) => {
      await expect(page.getByRole('alert')).toHaveText(s.context.error);
      await expect(page.getByRole('button', { name: 'Try again' })).toBeEnabled();
    },
    ready: async ({ page, data }, s) => {
      await expect(page.getByText(data.reference, { exact: true })).toBeVisible();
      await expect(page.getByRole('button', { name: `Pay ${formatNaira(data.amount)}` })).toBeEnabled();
      await expect(page.getByRole('button', { name: 'Decline' })).toBeEnabled();
      if (s.context.error) await expect(page.getByRole('alert')).toHaveText(s.context.error);
      else await expect(page.getByRole('alert')).toHaveCount(0);
    },
    approving: async ({ page, data }) => {
      await expect(page.getByRole('button', { name: `Pay ${formatNaira(data.amount)}` })).toBeDisabled();
      await expect(page.getByRole('button', { name: 'Decline' })).toBeDisabled();
    },
    declining: async ({ page, data }) => {
      await expect(page.getByRole('button', { name: 'Decline' })).toBeDisabled();
      await expect(page.getByRole('button', { name: `Pay ${formatNaira(data.amount)}` })).toBeDisabled();
    },
    // Back on Gatepass: the order's page, where the checkout picks the payment up.
    returning: async ({ page, data }) => {
      await expect(page).not.toHaveURL(/\/pay\/test\//);
      await expect(page).toHaveURL(new RegExp(data.orderId));
    },
    settled: async ({ page, data }) => {
      await expect(page.getByText(data.reference, { exact: true })).toBeVisible();
      await expect(
        page.getByRole('status').filter({ hasText: 'This payment was already approved.' }),
      ).toBeVisible();
      await expect(page.getByRole('link', { name: 'Back to your order' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Decline' })).toHaveCount(0);
    },
  },
};
