import { expect, test } from '@playwright/test';
import { TEAM_MESSAGES } from '../../../contract/team';
import { teamAcceptMachine } from '../../../machines/teamAccept.machine';
import { httpError, networkError } from '../../../test/helpers/callErrors';
import { mailTo, signInThroughUi, verifiedUser } from '../../support/auth';
import { doorEvent, organiserSession, type Session } from '../../support/door';
import type { UiFlow, World } from '../harness';

/**
 * /team/accept#token=… (decision 043) through the screen, in two entries that the coverage report
 * unions under the machine: the emailed link opened signed out (sign in on the way, then the accept
 * call), and the link opened with its token cut off. The sample organiser invites a fresh door
 * supervisor per path through the real API; the accept is the real server's, and a withdrawn
 * invitation is withdrawn for real (the organiser revokes it through the API before the page's call
 * goes on). Only a lost connection is an aborted call. What each screen must show, and the team the
 * server holds once accepted, are written here, not read off the machine.
 */

const FALLBACK = 'The invitation could not be accepted.';
const ROLE = 'Door supervisor';

type Data = {
  organiser: Session;
  eventId: string;
  eventName: string;
  invitee: { email: string; firstName: string };
  revoked: boolean;
};

const bearer = (s: Session) => ({ authorization: `Bearer ${s.token}` });
const teamOf = async ({ request, data }: World<Data>) =>
  (await (
    await request.get(`/api/events/${data.eventId}/team`, { headers: bearer(data.organiser) })
  ).json()) as {
    invitations: Array<{ id: string; email: string }>;
    members: Array<{ email: string; role: string }>;
  };

/** The organiser withdraws the invitation through the API (once): the server's real 410 follows. */
async function revoke(world: World<Data>) {
  if (world.data.revoked) return;
  const pending = (await teamOf(world)).invitations.find((i) => i.email === world.data.invitee.email);
  expect(pending, 'the invitation is pending').toBeDefined();
  const res = await world.request.delete(`/api/events/${world.data.eventId}/team/${pending?.id}`, {
    headers: bearer(world.data.organiser),
  });
  expect(res.ok(), await res.text()).toBe(true);
  world.data.revoked = true;
}

const withdrawn = httpError(410, TEAM_MESSAGES.invitationRevoked);

const shared: Pick<UiFlow<Data>, 'machine' | 'key' | 'heldCalls' | 'prepare' | 'actions' | 'states'> = {
  machine: teamAcceptMachine,
  key: (s) => [s.context.error],
  heldCalls: { accept: '**/api/team/accept' },
  prepare: async (request) => {
    const organiser = await organiserSession(request);
    const eventId = await doorEvent(request, organiser);
    const listed = await (await request.get(`/api/events/user/${organiser.user.id}`)).json();
    const events = (Array.isArray(listed) ? listed : listed.events) as { _id: string; eventName: string }[];
    const eventName = events.find((e) => e._id === eventId)?.eventName ?? '';
    return { organiser, eventId, eventName, invitee: { email: '', firstName: '' }, revoked: false };
  },
  actions: {
    signedIn: async ({ page, data }) => {
      await page.getByRole('link', { name: 'Sign in to accept' }).click();
      await signInThroughUi(page, data.invitee.email);
      await expect(page).toHaveURL(/\/team\/accept$/, { timeout: 20_000 });
    },
    'xstate.done.actor.accept': ({ held }) => held.answer('accept', { server: true }),
    'xstate.error.actor.accept': async (world, event) => {
      if (event.error.status === 410) {
        await revoke(world);
        await world.held.answer('accept', { server: true });
      } else await world.held.answer('accept', { network: 'failed' });
    },
    retry: async ({ page }) => {
      await page.getByRole('button', { name: 'Try again' }).click();
    },
  },
  states: {
    noToken: async ({ page }) => {
      await expect(page.getByRole('heading', { name: 'Join the event team' })).toBeVisible();
      await expect(
        page.getByText('This link is incomplete: open it again from your invitation email.'),
      ).toBeVisible();
      await expect(page.getByRole('link', { name: 'Sign in to accept' })).toHaveCount(0);
    },
    signIn: async ({ page }) => {
      await expect(page.getByRole('link', { name: 'Sign in to accept' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Create an account' })).toBeVisible();
      // The token waits in the tab, never in an address a server sees.
      expect(page.url()).not.toContain('token');
    },
    accepting: async ({ page }) => {
      await expect(page).toHaveURL(/\/team\/accept$/);
      await expect(page.getByRole('status').filter({ hasText: 'Accepting the invitation…' })).toBeVisible();
    },
    failed: async (world, s) => {
      const { page } = world;
      const words = s.context.error === withdrawn.serverMessage ? TEAM_MESSAGES.invitationRevoked : FALLBACK;
      await expect(page.getByRole('alert')).toHaveText(words);
      await expect(page.getByRole('button', { name: 'Try again' })).toBeEnabled();
      // The server: nobody joined.
      const team = await teamOf(world);
      expect(team.members.map((m) => m.email)).not.toContain(world.data.invitee.email);
    },
    accepted: async (world) => {
      const { page, data } = world;
      await expect(page.getByRole('heading', { name: "You're on the team" })).toBeVisible();
      await expect(page.getByText(`${data.eventName} · ${ROLE}`)).toBeVisible();
      await expect(page.getByRole('link', { name: 'Open the scanner' })).toHaveAttribute(
        'href',
        new RegExp(`/checkin/${data.eventId}`),
      );
      // The server: the invitee is on the team as a door supervisor, and no invitation is left.
      const team = await teamOf(world);
      expect(team.members.find((m) => m.email === data.invitee.email)?.role).toBe('door');
      expect(team.invitations.map((i) => i.email)).not.toContain(data.invitee.email);
    },
  },
};

const acceptEvents: Array<{ type: string; error?: unknown; output?: unknown }> = [
  { type: 'signedIn' },
  { type: 'xstate.done.actor.accept', output: { eventId: 'e', eventName: 'e', role: 'door', message: 'ok' } },
  { type: 'xstate.error.actor.accept', error: withdrawn },
  { type: 'xstate.error.actor.accept', error: networkError() },
  { type: 'retry' },
];

/** The emailed link, opened signed out. */
export const teamAcceptFlow: UiFlow<Data> = {
  ...shared,
  name: 'teamAccept',
  input: { token: 'from-the-link', signedIn: false },
  // Once withdrawn, the server says so on every try.
  events: (s) =>
    s.context.error === withdrawn.serverMessage
      ? acceptEvents.filter((e) => e.type === 'retry' || e.error === withdrawn)
      : acceptEvents,
  start: async ({ page, request, data }) => {
    // An account, an invitation, two mails and a sign-in on the way: more than the harness's default.
    test.setTimeout(120_000);
    const invitee = await verifiedUser(request, 'Emeka');
    data.invitee = invitee;
    data.revoked = false;
    const invited = await request.post(`/api/events/${data.eventId}/team/invitations`, {
      headers: bearer(data.organiser),
      data: { email: invitee.email, role: 'door' },
    });
    expect(invited.status(), await invited.text()).toBe(201);
    const mail = await mailTo(request, invitee.email, /help run/);
    const link = new URL(/https?:\/\/\S+\/team\/accept#token=[\w-]+/.exec(mail.text)?.[0] ?? '');
    await page.goto(`${link.pathname}${link.hash}`);
  },
};

/** The link with its token cut off (a mail client that broke it). */
export const teamAcceptNoTokenFlow: UiFlow<Data> = {
  ...shared,
  name: 'teamAcceptNoToken',
  input: { token: '', signedIn: false },
  events: acceptEvents,
  start: async ({ page }) => {
    await page.goto('/team/accept');
  },
};
