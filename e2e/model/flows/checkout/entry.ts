import { expect } from '@playwright/test';
import { checkoutMachine } from '../../../../machines/checkout.machine';
import { key, buyer as modelBuyer } from '../../../../test/helpers/checkoutModel';
import {
  type Account,
  eventIdByName,
  newBuyer,
  organiser,
  useAccount as signInAs,
} from '../../../support/checkout';
import { openOnPausedClock, type UiFlow, uiPaths, type World } from '../../harness';
import { actions, reserve } from './actions';
import { CODE, type Data, EVENT, QUESTION } from './model';
import { states } from './screens';

/**
 * The checkout (machines/checkout.machine.ts) through its four screens, in four entry flows that
 * share one mapping: a first visit (the whole purchase), the return from the provider on
 * /orders/{id}, and reloads of the contact and selection steps with a live hold. The seeded
 * 'Afrobeats Under the Stars' and one discount code made once through the organiser's API are
 * shared; each path has a fresh buyer (all signed up at once), and orders are made and paid
 * through the real API ("another tab") so the page's own calls get the server's real answers.
 * Answered like the server: a sold-out reservation (409), an unknown code (400), a pay call refused
 * because the hold ended (409), the event gone (404), and an order the sweeper expired or the
 * provider refunded (the real order with that status). Network failures are the call aborted.
 *
 * One flow file per entry (checkout, checkoutReturn, checkoutReload .flow.ts); what they share is
 * here and beside it: the model's data and events (model.ts), the person's actions and the
 * server's answers (actions.ts), what each state shows (screens.ts).
 *
 * The hold counts down on Playwright's clock. The model holds for 2 seconds; 2 stands for "more than
 * one second left", so the tick to 1 runs the page's real countdown (from the server's deadline) to
 * its last second, and the tick to 0 runs that second: the screen takes every second in between.
 */
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
    const headers = { authorization: `Bearer ${org.token}` };
    const made = await request.post(`/api/events/${eventId}/discounts`, {
      headers,
      data: { code: CODE, kind: 'percent', percentOff: 10 },
    });
    // Made once per run; a retried worker finds it there already.
    expect([201, 409], await made.text()).toContain(made.status());
    // One optional question, asked once per order, so the contact step has an answer to give
    // (the model's answer.change); made once per run, like the code.
    const asked = await request.get(`/api/events/${eventId}/questions`, { headers });
    expect(asked.status(), await asked.text()).toBe(200);
    const { questions } = (await asked.json()) as { questions: Array<{ label: string }> };
    if (!questions.some((q) => q.label === QUESTION)) {
      const added = await request.post(`/api/events/${eventId}/questions`, {
        headers,
        data: { label: QUESTION, kind: 'text', scope: 'order', required: false },
      });
      expect(added.status(), await added.text()).toBe(201);
    }
    const types = (await (await request.get(`/api/tickets/event/${eventId}`)).json()) as {
      tickets: Array<{ _id: string; ticketName: string }>;
    };
    const ticketId = types.tickets.find((t) => t.ticketName === 'Regular')?._id ?? '';
    return { eventId, ticketId, buyer: null as never, buyers: [] as Account[], orderId: '', reference: '' };
  },
} satisfies Partial<UiFlow<Data>>;

/** Signed in as a fresh buyer (with a live hold the page finds stored, when asked). */
export async function arrive(world: World<Data>, stored?: 'contact' | 'selection') {
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
}

/** The page's clock stands still once it is open: only the model's ticks move it. */
export const open = (world: World<Data>, url: string) => openOnPausedClock(world.page, url);

/**
 * One way into the checkout: the shared mapping, the model's buyer, and for data the shared data
 * with a buyer for each of the flow's paths, signed up side by side.
 */
export function entryFlow(entry: Pick<UiFlow<Data>, 'name' | 'events' | 'start'> & { input: object }) {
  const flow: UiFlow<Data> = {
    ...shared,
    ...entry,
    input: { ...entry.input, buyer: modelBuyer },
    prepare: async (request) => {
      const data = await shared.prepare(request);
      const count = uiPaths(flow as unknown as UiFlow<never>).length;
      data.buyers = await Promise.all(Array.from({ length: count }, () => newBuyer(request, 'Ngozi')));
      return data;
    },
  };
  return flow;
}
