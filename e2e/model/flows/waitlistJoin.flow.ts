import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import type { MyWaitlistResponse } from '../../../contract/waitlist';
import { waitlistJoinMachine } from '../../../machines/waitlistJoin.machine';
import { networkError } from '../../../test/helpers/callErrors';
import type { AnySnap } from '../../../test/model/graph';
import { type Account, eventIdByName, newBuyer, organiser, useAccount } from '../../support/checkout';
import type { UiFlow, World } from '../harness';

/**
 * Joining a sold-out type's waiting list on the ticket selection (decision 042) through the screen.
 * Per path a fresh paid type of two seats (purchase limit 2) on the seeded food festival, its seats
 * held through the API by another buyer, so it is sold out; the previous path's type is hidden, so
 * its list is not on the page. The visitor (made once) opens the selection signed in; what the
 * page's first load finds is made for real before the held call goes on: nothing (open to join),
 * the visitor already waiting (joined through the API), offered seats (joined, then the holder lets
 * the seats go, which offers them at once), or the list switched off by the organiser. Joining and
 * leaving are the real server's; a lost connection is an aborted call. After each step, where the
 * visitor stands on the server is checked against what the page shows.
 */

const EVENT = 'Jollof & Suya Food Festival';
const PHONE = '+2348031234567';
const LIMIT = 2;

type Data = {
  organiser: Account;
  eventId: string;
  waiter: Account;
  holder: Account;
  typeId: string;
  name: string;
  heldOrder: string;
};

/** The flow's types are named so (the seeded ones are not). */
const PREFIX = 'Waitlist path ';
const typeBody = (ticketName: string) => ({
  ticketName,
  ticketType: 'paid',
  ticketPrice: 5000,
  ticketStock: 'limited',
  // As many seats as the purchase limit, so the server's join limit (which also counts the stock,
  // decision 050) is the limit too: every choice the panel offers is one the server takes.
  availableTickets: LIMIT,
  purchaseLimit: LIMIT,
  benefits: 'A seat at the chef’s table',
});
const bearer = (a: Account) => ({ authorization: `Bearer ${a.token}` });
const panel = (page: Page, data: Data) => page.getByRole('region', { name: `Waiting list for ${data.name}` });

/** The model's answers: what routes the machine where the real answer routes it. */
const entry = (status: 'waiting' | 'offered', quantity = 1) => ({
  ticketTypeId: 'the-type',
  quantity,
  status,
  position: status === 'waiting' ? 1 : null,
  orderId: status === 'offered' ? 'the-order' : null,
  expiresAt: null,
});
const answer = (open: boolean, ...entries: ReturnType<typeof entry>[]) => ({
  open: open ? ['the-type'] : [],
  limits: open ? { 'the-type': LIMIT } : {},
  entries,
});

/** Where the visitor stands on the server, for this path's type. */
async function standing({ request, data }: World<Data>) {
  const res = await request.get(`/api/waitlist/event/${data.eventId}`, { headers: bearer(data.waiter) });
  expect(res.ok()).toBe(true);
  const body = (await res.json()) as MyWaitlistResponse;
  return {
    open: body.open.includes(data.typeId),
    entry: body.entries.find(
      (e) => e.ticketTypeId === data.typeId && ['waiting', 'offered'].includes(e.status),
    ),
  };
}

async function joinThroughApi(request: APIRequestContext, data: Data) {
  const res = await request.post('/api/waitlist', {
    headers: bearer(data.waiter),
    data: { ticketTypeId: data.typeId, quantity: 1 },
  });
  expect(res.ok(), await res.text()).toBe(true);
}

/** The holder lets the seat go: it is offered to the visitor at once (decision 042). */
async function releaseSeat(world: World<Data>) {
  const res = await world.request.delete(`/api/orders/${world.data.heldOrder}`, {
    headers: bearer(world.data.holder),
  });
  expect(res.status(), await res.text()).toBe(200);
  await expect.poll(async () => (await standing(world)).entry?.status).toBe('offered');
}

const loadOutcomes = [
  { type: 'xstate.done.actor.loadEntry', output: answer(true) },
  { type: 'xstate.done.actor.loadEntry', output: answer(true, entry('waiting')) },
  { type: 'xstate.done.actor.loadEntry', output: answer(false, entry('offered')) },
  { type: 'xstate.done.actor.loadEntry', output: answer(false) },
  { type: 'xstate.error.actor.loadEntry', error: networkError() },
];

const events = (s: AnySnap) => [
  ...loadOutcomes,
  { type: 'load.retry' },
  ...[1, 2]
    .filter((q) => q !== s.context.quantity)
    .map((quantity) => ({ type: 'quantity.change', quantity })),
  { type: 'join.submit' },
  { type: 'xstate.done.actor.join', output: answer(true, entry('waiting', s.context.quantity)) },
  { type: 'xstate.error.actor.join', error: networkError() },
  { type: 'leave' },
  // Leaving a wait leaves the list open to join; giving back offered seats ends the sell-out.
  {
    type: 'xstate.done.actor.leave',
    output: s.context.entry?.status === 'offered' ? answer(false) : answer(true),
  },
  { type: 'xstate.error.actor.leave', error: networkError() },
];

const seats = (n: number) => (n === 1 ? '1 seat' : `${n} seats`);

export const waitlistJoinFlow: UiFlow<Data> = {
  name: 'waitlistJoin',
  machine: waitlistJoinMachine,
  input: { eventId: 'the-event', ticketTypeId: 'the-type', limit: LIMIT },
  events,
  key: (s) => [s.context.quantity, s.context.entry?.status ?? null, s.context.open, s.context.error],
  heldCalls: {
    loadEntry: { url: '**/api/waitlist/event/*', method: 'GET' },
    join: '**/api/waitlist',
    leave: { url: '**/api/waitlist/*', method: 'DELETE' },
  },
  holdFromStart: true,
  prepare: async (request) => {
    const [ada, waiter, holder] = await Promise.all([
      organiser(request),
      newBuyer(request, 'Zainab'),
      newBuyer(request, 'Emeka'),
    ]);
    return {
      organiser: ada,
      eventId: await eventIdByName(request, EVENT),
      waiter,
      holder,
      typeId: '',
      name: '',
      heldOrder: '',
    };
  },
  start: async ({ page, request, data }) => {
    test.setTimeout(120_000);
    const headers = bearer(data.organiser);
    // Earlier paths' types leave the page (also those of a worker that restarted after a failure):
    // one panel, one first load to answer.
    const listed = (await (await request.get(`/api/tickets/event/${data.eventId}`)).json()) as {
      tickets: Array<{ _id: string; ticketName: string }>;
    };
    for (const earlier of listed.tickets.filter((t) => t.ticketName.startsWith(PREFIX))) {
      const hidden = await request.put(`/api/tickets/${earlier._id}`, {
        headers,
        data: { ...typeBody(earlier.ticketName), hidden: true },
      });
      expect(hidden.ok(), await hidden.text()).toBe(true);
    }
    data.name = `${PREFIX}${Date.now().toString(36)}`;
    const made = await request.post('/api/tickets/create', {
      headers,
      data: { eventId: data.eventId, ...typeBody(data.name) },
    });
    expect(made.status(), await made.text()).toBe(201);
    data.typeId = ((await made.json()).ticket as { _id: string })._id;
    const held = await request.post('/api/orders', {
      headers: bearer(data.holder),
      data: {
        eventId: data.eventId,
        items: { [data.typeId]: LIMIT },
        buyer: { firstName: 'Emeka', lastName: 'Obi', email: data.holder.user.email, phone: PHONE },
      },
    });
    expect(held.status(), await held.text()).toBe(201);
    data.heldOrder = (await held.json()).order._id as string;
    await useAccount(page, data.waiter);
    await page.goto(`/get-tickets/${data.eventId}`);
    await expect(page.getByText(data.name, { exact: true }).first()).toBeVisible({ timeout: 20_000 });
  },
  actions: {
    'xstate.done.actor.loadEntry': async (world, event) => {
      const { data, request } = world;
      const out = event.output as ReturnType<typeof answer>;
      const status = out.entries[0]?.status;
      if (status) await joinThroughApi(request, data);
      if (status === 'offered') await releaseSeat(world);
      if (!status && out.open.length === 0) {
        // The organiser switches the list off: not open to join, though still sold out.
        const off = await request.put(`/api/events/${data.eventId}/waitlist/${data.typeId}`, {
          headers: bearer(data.organiser),
          data: { enabled: false },
        });
        expect(off.ok(), await off.text()).toBe(true);
      }
      // Answered, and taken in: a page that shows nothing (closed) looks as it did while loading.
      const taken = world.page.waitForResponse(
        (r) => r.url().includes('/api/waitlist/event/') && r.request().method() === 'GET',
      );
      await world.held.answer('loadEntry', { server: true });
      await taken;
    },
    // The page's client tries a GET twice before it gives up (src/api/kyClient.ts): both fail.
    'xstate.error.actor.loadEntry': async ({ held }) => {
      await held.answer('loadEntry', { network: 'failed' });
      await held.answer('loadEntry', { network: 'failed' });
    },
    'load.retry': async ({ page, data }) => {
      await panel(page, data).getByRole('button', { name: 'Try again' }).click();
    },
    'quantity.change': async ({ page, data }, event) => {
      await panel(page, data).getByLabel(`Seats wanted of ${data.name}`).selectOption(String(event.quantity));
    },
    'join.submit': async ({ page, data }) => {
      await panel(page, data).getByRole('button', { name: 'Join the waiting list' }).click();
    },
    'xstate.done.actor.join': ({ held }) => held.answer('join', { server: true }),
    'xstate.error.actor.join': ({ held }) => held.answer('join', { network: 'failed' }),
    leave: async ({ page, data }) => {
      await panel(page, data).getByRole('button', { name: 'Leave the waiting list' }).click();
    },
    'xstate.done.actor.leave': ({ held }) => held.answer('leave', { server: true }),
    'xstate.error.actor.leave': ({ held }) => held.answer('leave', { network: 'failed' }),
  },
  states: {
    loading: async ({ page, data }) => {
      // Nothing under the type until the page knows where the visitor stands.
      await expect(panel(page, data)).toHaveCount(0);
    },
    loadFailed: async ({ page, data }) => {
      await expect(panel(page, data).getByRole('alert')).toHaveText(
        'Could not load the waiting list. Please try again.',
      );
      await expect(panel(page, data).getByRole('button', { name: 'Try again' })).toBeEnabled();
    },
    idle: async (world, s) => {
      const p = panel(world.page, world.data);
      await expect(
        p.getByText('Sold out. Join the waiting list and we will email you if seats come back.'),
      ).toBeVisible();
      await expect(p.getByLabel(`Seats wanted of ${world.data.name}`)).toHaveValue(
        String(s.context.quantity),
      );
      await expect(p.getByRole('button', { name: 'Join the waiting list' })).toBeEnabled();
      const alert = p.getByRole('alert');
      if (s.context.error === null) await expect(alert).toHaveCount(0);
      else await expect(alert).toHaveText('Could not join the waiting list. Please try again.');
      // The server: open to join, and the visitor not on the list.
      expect(await standing(world)).toEqual({ open: true, entry: undefined });
    },
    joining: async ({ page, data }) => {
      const p = panel(page, data);
      await expect(p.getByRole('button', { name: 'Join the waiting list' })).toHaveAttribute(
        'aria-busy',
        'true',
      );
      await expect(p.getByLabel(`Seats wanted of ${data.name}`)).toBeDisabled();
    },
    waiting: async (world, s) => {
      const p = panel(world.page, world.data);
      // The seats the visitor asked for: through the page (the model's choice) or the API (1).
      const quantity = s.context.entry?.quantity ?? 1;
      await expect(p.getByRole('status')).toHaveText(
        `You are number 1 on the waiting list for ${seats(quantity)}.`,
      );
      const { entry: onServer } = await standing(world);
      expect(onServer).toMatchObject({ status: 'waiting', position: 1, quantity });
      await expect(p.getByRole('button', { name: 'Leave the waiting list' })).toBeEnabled();
      const alert = p.getByRole('alert');
      if (s.context.error === null) await expect(alert).toHaveCount(0);
      else await expect(alert).toHaveText('Could not leave the waiting list. Please try again.');
    },
    offered: async (world, s) => {
      const p = panel(world.page, world.data);
      const { entry: onServer } = await standing(world);
      expect(onServer?.status).toBe('offered');
      await expect(p.getByRole('status')).toHaveText(/^1 seat held for you until \d\d:\d\d\.$/);
      await expect(p.getByRole('link', { name: 'Pay for your seats' })).toHaveAttribute(
        'href',
        `/orders/${onServer?.orderId}`,
      );
      await expect(p.getByRole('button', { name: 'Leave the waiting list' })).toBeEnabled();
      const alert = p.getByRole('alert');
      if (s.context.error === null) await expect(alert).toHaveCount(0);
      else await expect(alert).toHaveText('Could not leave the waiting list. Please try again.');
    },
    leaving: async ({ page, data }) => {
      await expect(panel(page, data).getByRole('button', { name: 'Leave the waiting list' })).toHaveAttribute(
        'aria-busy',
        'true',
      );
    },
    closed: async (world) => {
      // Not open to join (the list off, or the seat back on sale) and nothing to say: no panel.
      await expect(panel(world.page, world.data)).toHaveCount(0);
      const onServer = await standing(world);
      expect(onServer).toEqual({ open: false, entry: undefined });
    },
  },
};
