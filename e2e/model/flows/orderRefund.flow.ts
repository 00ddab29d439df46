import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { orderRefundMachine } from '../../../machines/orderRefund.machine';
import { httpError, networkError } from '../../../test/helpers/callErrors';
import { doorEvent, organiserSession, type Session } from '../../support/door';
import type { UiFlow, World } from '../harness';

/**
 * "Refund" on a Guestlist line (decision 044) through the screen: the sample organiser, a paid order
 * of two seats per path (bought and approved through the real test-mode API), found by the buyer's
 * unique surname. The refund is the real server's, and so is its refusal: an amount above what the
 * order paid gets the server's own 409. Only a lost connection is an aborted call. After a refund,
 * the order the server holds must show it (seats or amount, with the reason); after anything else,
 * none. These are written here from the decision, not read off the machine.
 */

const REASON = 'Row A was removed for the stage';
const FALLBACK = 'The refund could not be made. Please try again.';
const TOO_MUCH = 10_000_000;

/** `seatNaira`: the paid type's price, what refunding one of the two seats gives back (no discount). */
type Data = {
  organiser: Session;
  eventId: string;
  orderId: string;
  lastName: string;
  refunds: number;
  seatNaira: number;
};

const bearer = (s: Session) => ({ authorization: `Bearer ${s.token}` });

async function paidOrder(api: APIRequestContext, organiser: Session, eventId: string, lastName: string) {
  const headers = bearer(organiser);
  const types = (await (await api.get(`/api/tickets/event/${eventId}`, { headers })).json()).tickets as {
    _id: string;
    ticketPrice: number;
  }[];
  const paid = types.find((t) => t.ticketPrice > 0);
  const created = await api.post('/api/orders', {
    headers,
    data: {
      eventId,
      items: { [paid?._id ?? '']: 2 },
      buyer: {
        firstName: 'Bisi',
        lastName,
        email: `${lastName.toLowerCase()}@example.ng`,
        phone: '+2348031234567',
      },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const orderId = (await created.json()).order._id as string;
  const pay = await (
    await api.post(`/api/orders/${orderId}/pay`, {
      headers,
      data: { acceptTerms: true, emailUpdates: false },
    })
  ).json();
  if (pay.reference) expect((await api.post(`/api/payments/test/${pay.reference}/approve`)).ok()).toBe(true);
  return { orderId, seatNaira: paid?.ticketPrice ?? 0 };
}

const refundsOf = async ({ request, data }: World<Data>) =>
  (await (await request.get(`/api/orders/${data.orderId}`, { headers: bearer(data.organiser) })).json()).order
    .refunds as Array<{ amount: number; tickets: number; reason: string }>;

const line = (page: Page, data: Data) => page.getByRole('row').filter({ hasText: data.lastName });
const form = (page: Page) => page.getByRole('form', { name: /^Refund / });
const review = (page: Page) => page.getByRole('region', { name: /^Confirm the refund/ });

const refundEvents: Array<{ type: string; draft?: unknown; output?: unknown; error?: unknown }> = [
  { type: 'open' },
  { type: 'close' },
  { type: 'review', draft: { tickets: ['seat-1'], reason: REASON } },
  { type: 'review', draft: { amountNaira: 1000, reason: REASON } },
  { type: 'review', draft: { amountNaira: TOO_MUCH, reason: REASON } },
  { type: 'back' },
  { type: 'confirm' },
  { type: 'xstate.done.actor.refund', output: { amountNaira: 1 } },
  { type: 'xstate.error.actor.refund', error: httpError(409, 'too much') },
  { type: 'xstate.error.actor.refund', error: networkError() },
];

/** The server holds exactly the refunds this path made. */
async function expectRefunds(world: World<Data>) {
  const refunds = await refundsOf(world);
  expect(refunds).toHaveLength(world.data.refunds);
  for (const r of refunds) expect(r.reason).toBe(REASON);
}

export const orderRefundFlow: UiFlow<Data> = {
  name: 'orderRefund',
  machine: orderRefundMachine,
  input: { orderId: 'the-line' },
  // The server refuses only the amount above what was paid (409), and takes the others.
  events: (s) =>
    refundEvents.filter((e) =>
      e.type === 'xstate.done.actor.refund'
        ? s.context.draft?.amountNaira !== TOO_MUCH
        : e.type === 'xstate.error.actor.refund' &&
            (e.error as { status?: number } | undefined)?.status === 409
          ? s.context.draft?.amountNaira === TOO_MUCH
          : true,
    ),
  key: (s) => [s.context.draft, s.context.error !== null],
  heldCalls: { refund: '**/api/orders/*/refunds' },
  prepare: async (request) => {
    const organiser = await organiserSession(request);
    const eventId = await doorEvent(request, organiser);
    return { organiser, eventId, orderId: '', lastName: '', refunds: 0, seatNaira: 0 };
  },
  start: async ({ page, request, data }) => {
    test.setTimeout(120_000);
    data.lastName = `Refund${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
    ({ orderId: data.orderId, seatNaira: data.seatNaira } = await paidOrder(
      request,
      data.organiser,
      data.eventId,
      data.lastName,
    ));
    data.refunds = 0;
    await page.addInitScript((s) => {
      localStorage.setItem('token', s.token);
      localStorage.setItem('user', JSON.stringify(s.user));
    }, data.organiser);
    await page.goto(`/profile-event/Guestlist/${data.eventId}?q=${encodeURIComponent(data.lastName)}`);
    await expect(line(page, data)).toBeVisible({ timeout: 20_000 });
  },
  actions: {
    open: async ({ page, data }) => {
      await line(page, data)
        .getByRole('button', { name: /^Refund / })
        .click();
    },
    close: async ({ page }) => {
      // On the review, the line's own 'Refund' button closes it (it toggles); the form has 'Cancel'.
      if (await review(page).isVisible()) await page.getByRole('button', { name: /^Refund / }).click();
      else await form(page).getByRole('button', { name: 'Cancel' }).click();
    },
    review: async ({ page }, event) => {
      const f = form(page);
      if (event.draft.tickets) {
        await f.getByRole('radio', { name: 'Some tickets' }).check();
        await f.getByRole('checkbox').first().check();
      } else {
        await f.getByRole('radio', { name: 'An amount' }).check();
        await f.getByLabel('Amount (₦)').fill(String(event.draft.amountNaira));
      }
      await f.getByLabel('Reason (the buyer reads it)').fill(REASON);
      await f.getByRole('button', { name: 'Review refund' }).click();
    },
    back: async ({ page }) => {
      await review(page).getByRole('button', { name: 'Back' }).click();
    },
    confirm: async ({ page }) => {
      await review(page).getByRole('button', { name: 'Confirm refund' }).click();
    },
    'xstate.done.actor.refund': async (world, _event, before) => {
      await world.held.answer('refund', { server: true });
      world.data.refunds += 1;
      const draft = before.context.draft;
      const amount = draft.tickets ? /₦[\d,.]+/ : /₦1,000/;
      await expect(
        world.page.getByText(new RegExp(`Refund of ${amount.source} sent\\. The buyer is emailed\\.`)),
      ).toBeVisible();
      const [made] = await refundsOf(world);
      expect(made?.tickets).toBe(draft.tickets ? 1 : 0);
      if (!draft.tickets) expect(made?.amount).toBe(1000);
    },
    'xstate.error.actor.refund': async ({ held }, event) =>
      event.error.status === 409
        ? held.answer('refund', { server: true })
        : held.answer('refund', { network: 'failed' }),
  },
  states: {
    closed: async (world) => {
      const { page, data } = world;
      await expect(line(page, data).getByRole('button', { name: /^Refund / })).toHaveAttribute(
        'aria-expanded',
        'false',
      );
      await expect(form(page)).toHaveCount(0);
      await expect(review(page)).toHaveCount(0);
      await expectRefunds(world);
    },
    editing: async (world, s) => {
      const { page } = world;
      await expect(form(page)).toBeVisible();
      const alert = form(page).getByRole('alert');
      if (s.context.error === null) await expect(alert).toHaveCount(0);
      else if (s.context.draft?.amountNaira === TOO_MUCH)
        // The server's own words: how much of this order can still be refunded.
        await expect(alert).toHaveText(/^At most ₦[\d,.]+ of this order can still be refunded\.$/);
      else await expect(alert).toHaveText(FALLBACK);
      await expectRefunds(world);
    },
    confirming: async ({ page, data }, s) => {
      // Seats are named by the reference their holders read, with the amount the server quotes for
      // them: one seat's price, as nothing was discounted (decision 055).
      const what = s.context.draft.tickets
        ? new RegExp(
            `Refund 1 ticket \\([A-Z0-9-]+\\) to Bisi ${data.lastName}: ₦${data.seatNaira.toLocaleString('en-NG')}\\?`,
          )
        : `Refund ₦${s.context.draft.amountNaira.toLocaleString('en-NG')} to`;
      await expect(review(page)).toContainText(what);
      await expect(review(page)).toContainText(`“${REASON}”`);
      await expect(review(page).getByRole('button', { name: 'Confirm refund' })).toBeEnabled();
    },
    refunding: async ({ page }) => {
      await expect(review(page).getByRole('button', { name: 'Confirm refund' })).toHaveAttribute(
        'aria-busy',
        'true',
      );
      await expect(review(page).getByRole('button', { name: 'Back' })).toBeDisabled();
    },
  },
};
