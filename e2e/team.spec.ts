import { request as apiRequest, expect, type Page, test } from '@playwright/test';
import { mailTo, signInThroughUi, verifiedUser } from './support/auth';
import {
  buyTickets,
  doorEvent,
  organiserSession,
  type Session,
  scanByHand,
  scanResult,
} from './support/door';
import { picturesInThemes } from './support/shots';

/**
 * An event run by a team (decision 043): the owner invites a door supervisor on the Team tab, the
 * supervisor accepts from the emailed link (signing in on the way), opens the scanner and admits a
 * ticket; the supervisor gets no sales figures; the owner sees the member and what they did.
 */

let organiser: Session;
let eventId: string;

test.beforeAll(async ({ baseURL }) => {
  const api = await apiRequest.newContext({ baseURL });
  organiser = await organiserSession(api);
  eventId = await doorEvent(api, organiser);
  await api.dispose();
});

const shot = (page: Page, name: string) => picturesInThemes(page, `test-results/team-${name}`);

for (const viewport of [
  { width: 375, height: 812 },
  { width: 1280, height: 900 },
]) {
  test(`owner invites a door supervisor who accepts and scans (${viewport.width} px)`, async ({
    browser,
    request,
  }) => {
    // Two browsers, mail, sign-in and the scanner's download: more than the default on a busy machine.
    test.setTimeout(90_000);
    const [code] = (await buyTickets(request, organiser.token, eventId, 1)).map((t) => t.code);
    const door = await verifiedUser(request, 'Emeka');

    // The owner invites on the Team tab.
    const ownerContext = await browser.newContext({ viewport });
    await ownerContext.addInitScript((s) => {
      localStorage.setItem('token', s.token);
      localStorage.setItem('user', JSON.stringify(s.user));
    }, organiser);
    const owner = await ownerContext.newPage();
    await owner.goto(`/profile-event/Team/${eventId}`);
    const invite = owner.getByRole('form', { name: 'Invite to the team' });
    await invite.getByLabel('Email').fill(door.email);
    await invite.getByLabel('Role').selectOption('door');
    await invite.getByRole('button', { name: 'Send invitation' }).click();
    await expect(owner.getByRole('list', { name: 'Pending invitations' })).toContainText(door.email);
    await shot(owner, `owner-${viewport.width}`);

    // The supervisor opens the mailed link, signs in on the way, and lands on the accepted page.
    const mail = await mailTo(request, door.email, /help run/);
    const link = new URL(/https?:\/\/\S+\/team\/accept#token=[\w-]+/.exec(mail.text)![0]);
    const doorContext = await browser.newContext({ viewport });
    const page = await doorContext.newPage();
    await page.goto(`${link.pathname}${link.hash}`);
    await page.getByRole('link', { name: 'Sign in to accept' }).click();
    await signInThroughUi(page, door.email);
    await expect(page.getByRole('heading', { name: "You're on the team" })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByText(/ · Door supervisor$/)).toBeVisible();
    expect(page.url()).not.toContain('token');
    await shot(page, `accepted-${viewport.width}`);

    // The scanner admits the ticket.
    await page.getByRole('link', { name: 'Open the scanner' }).click();
    await expect(page.getByText(/tickets stored on this device/)).toBeVisible({ timeout: 15_000 });
    await scanByHand(page, code!);
    await expect(scanResult(page)).toContainText('Valid: let them in');
    await shot(page, `scanner-${viewport.width}`);

    // No money for the door: sales and the management page (it carries revenue) are refused.
    const token = await page.evaluate(() => localStorage.getItem('token'));
    const headers = { authorization: `Bearer ${token}` };
    expect((await request.get(`/api/events/${eventId}/sales`, { headers })).status()).toBe(403);
    expect((await request.get(`/api/events/${eventId}/manage`, { headers })).status()).toBe(403);
    expect((await request.get(`/api/events/${eventId}/guestlist`, { headers })).status()).toBe(200);
    // The management page's Sales tab is not theirs: the door's page is its own screen.
    await page.goto(`/profile-event/Sales/${eventId}`);
    await expect(page).toHaveURL(new RegExp(`/door/${eventId}`));
    await expect(page.getByRole('tab', { name: 'Sales' })).toHaveCount(0);
    // My profile lists the event they help run, with their role.
    await page.goto('/profile');
    const helping = page.getByRole('list', { name: 'Events I help run' });
    await expect(helping).toContainText('Door supervisor');
    await shot(page, `profile-${viewport.width}`);

    // The owner sees the member and what they did.
    await owner.reload();
    await expect(owner.getByRole('list', { name: 'Team members' })).toContainText(door.email);
    await expect(owner.getByRole('list', { name: 'Team activity' })).toContainText('Scanned a ticket');
    await shot(owner, `owner-after-${viewport.width}`);
    await ownerContext.close();
    await doorContext.close();
  });
}
