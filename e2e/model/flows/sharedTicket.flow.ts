import { type APIRequestContext, expect, test } from '@playwright/test';
import { sharedTicketMachine } from '../../../machines/sharedTicket.machine';
import { httpError, networkError } from '../../../test/helpers/callErrors';
import { type Account, freeTickets, newBuyer, TECH_MEETUP, useAccount } from '../../support/checkout';
import type { UiFlow, World } from '../harness';

/**
 * /t#token (decision 040) through the screen: a ticket bought through the API for each path (a
 * claim uses its link up), opened by a signed-in friend. Every answer is the real server's: a link
 * that "stopped working" stopped for real (another account claimed the ticket through the API just
 * before the page's call went on); only a lost connection is an aborted call. What each state must
 * show, and what the server must hold after a claim, is written here from the decision, not read
 * off the machine.
 */

/** The server's sentence for a link that no longer opens a ticket (server/modules/issued-tickets). */
const LINK_GONE =
  'This ticket link no longer works: the ticket was transferred, renamed or cancelled. Ask the person who sent it for a new link.';
const LOAD_FAILED = 'The ticket could not be loaded. Check your connection and try again.';
const CLAIM_FAILED = 'The ticket could not be added to your account. Please try again.';
const CLAIMED = 'The ticket is now in My Tickets.';

type Data = { buyer: Account; friend: Account; other: Account; token: string };

const bearer = (a: Account) => ({ authorization: `Bearer ${a.token}` });
const opens = async (request: APIRequestContext, token: string) =>
  (await request.post('/api/tickets/shared', { data: { token } })).status();
/** Someone else claims the ticket through the API: its link really stops working. */
async function claimedElsewhere({ request, data }: World<Data>) {
  const res = await request.post('/api/tickets/shared/claim', {
    headers: bearer(data.other),
    data: { token: data.token },
  });
  expect(res.ok(), await res.text()).toBe(true);
}

export const sharedTicketFlow: UiFlow<Data> = {
  name: 'sharedTicket',
  machine: sharedTicketMachine,
  // The model's token only has to look like one; each path opens its own real one.
  input: { token: 'a'.repeat(64) },
  events: [
    { type: 'xstate.done.actor.open', output: { ticket: 'shown' } },
    { type: 'xstate.error.actor.open', error: httpError(404, LINK_GONE) },
    { type: 'xstate.error.actor.open', error: networkError() },
    { type: 'retry' },
    { type: 'claim' },
    { type: 'xstate.done.actor.claim', output: { code: 'new-code', message: CLAIMED } },
    { type: 'xstate.error.actor.claim', error: httpError(404, LINK_GONE) },
    { type: 'xstate.error.actor.claim', error: networkError() },
  ],
  key: (s) => [s.context.ticket !== null, s.context.error],
  heldCalls: { open: '**/api/tickets/shared', claim: '**/api/tickets/shared/claim' },
  holdFromStart: true,
  prepare: async (request) => {
    const [buyer, friend, other] = await Promise.all([
      newBuyer(request, 'Bisi'),
      newBuyer(request, 'Femi'),
      newBuyer(request, 'Kunle'),
    ]);
    return { buyer, friend, other, token: '' };
  },
  start: async (world) => {
    // A ticket bought and a claim checked on the server per path: more than the harness's default
    // on a loaded machine (three paths ran out of it beside a mutation run).
    test.setTimeout(120_000);
    const { page, request, data } = world;
    data.token = (await freeTickets(request, data.buyer)).tickets[0]?.shareToken ?? '';
    await useAccount(page, data.friend);
    await page.goto(`/t#${data.token}`);
  },
  actions: {
    'xstate.done.actor.open': ({ held }) => held.answer('open', { server: true }),
    'xstate.error.actor.open': async (world, event) => {
      if (event.error.status === 404) {
        await claimedElsewhere(world);
        await world.held.answer('open', { server: true });
      } else await world.held.answer('open', { network: 'failed' });
    },
    retry: async ({ page }) => {
      await page.getByRole('button', { name: 'Try again' }).click();
    },
    claim: async ({ page }) => {
      await page.getByRole('button', { name: 'Add to My Tickets' }).click();
    },
    'xstate.done.actor.claim': ({ held }) => held.answer('claim', { server: true }),
    'xstate.error.actor.claim': async (world, event) => {
      if (event.error.status === 404) {
        await claimedElsewhere(world);
        await world.held.answer('claim', { server: true });
      } else await world.held.answer('claim', { network: 'failed' });
    },
  },
  states: {
    loading: async ({ page }) => {
      await expect(page.getByRole('heading', { name: 'Opening your ticket…' })).toBeVisible();
    },
    failed: async ({ page }) => {
      await expect(page.getByRole('heading', { name: 'Could not load the ticket' })).toBeVisible();
      await expect(page.getByText(LOAD_FAILED)).toBeVisible();
      await expect(page.getByRole('button', { name: 'Try again' })).toBeEnabled();
    },
    gone: async ({ page, request, data }) => {
      await expect(page.getByRole('heading', { name: 'This ticket link does not work' })).toBeVisible();
      await expect(page.getByText(LINK_GONE)).toBeVisible();
      await expect(page.getByRole('link', { name: 'Browse events' })).toBeVisible();
      expect(await opens(request, data.token)).toBe(404);
    },
    shown: async ({ page, data }, s) => {
      await expect(page.getByRole('heading', { name: TECH_MEETUP })).toBeVisible();
      await expect(page.getByText(`Ticket for ${data.buyer.user.firstName} Okafor`)).toBeVisible();
      await expect(page.getByRole('img', { name: /QR code of the/ })).toBeVisible();
      await expect(page.getByText(`Add it to your account (${data.friend.user.email})`)).toBeVisible();
      await expect(page.getByRole('button', { name: 'Add to My Tickets' })).toBeEnabled();
      // Coming back from a claim that failed, the sentence says why; on first showing, nothing.
      const alert = page.getByRole('alert');
      if (s.context.error === null) await expect(alert).toHaveCount(0);
      else await expect(alert).toHaveText(s.context.error === LINK_GONE ? LINK_GONE : CLAIM_FAILED);
    },
    claiming: async ({ page }) => {
      await expect(page.getByRole('button', { name: 'Add to My Tickets' })).toBeDisabled();
      await expect(page.getByRole('button', { name: 'Add to My Tickets' })).toHaveAttribute(
        'aria-busy',
        'true',
      );
    },
    claimed: async ({ page, request, data }) => {
      await expect(page).toHaveURL(/\/tickets\/[^/]+$/);
      await expect(page.getByText(CLAIMED)).toBeVisible();
      await expect(
        page.getByRole('listitem').getByText(`${data.friend.user.firstName} Okafor`),
      ).toBeVisible();
      // The server: the ticket is the friend's, under a new code, and the link it came by is spent.
      const code = decodeURIComponent(new URL(page.url()).pathname.split('/').pop() ?? '');
      const mine = (await (
        await request.get('/api/tickets/mine', { headers: bearer(data.friend) })
      ).json()) as {
        upcoming: Array<{ code: string; attendeeEmail: string }>;
      };
      expect(mine.upcoming.find((t) => t.code === code)?.attendeeEmail).toBe(data.friend.user.email);
      expect(await opens(request, data.token)).toBe(404);
    },
  },
};
