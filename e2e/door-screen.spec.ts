import AxeBuilder from '@axe-core/playwright';
import { request as apiRequest, expect, type Page, test } from '@playwright/test';
import { formatTicketReference } from '../contract/ticketReference';
import { mailTo, signInThroughUi, uniqueEmail, verifiedUser } from './support/auth';
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
 * The door's own screen (decision 043 amendment). The owner invites a door supervisor on the Team
 * tab to all their events; the supervisor accepts, finds the event under "Events I help run", opens
 * the door screen on a phone, creates a gate link with a PIN, admits one guest from the guest search
 * and scans another at the scanner. No money anywhere on the screen. The owner sees the member,
 * marked "All my events", on another event's Team tab.
 */

let organiser: Session;
let eventId: string;
let otherEventId: string;

test.beforeAll(async ({ baseURL }) => {
  const api = await apiRequest.newContext({ baseURL });
  organiser = await organiserSession(api);
  eventId = await doorEvent(api, organiser);
  const events = await (await api.get(`/api/events/user/${organiser.user.id}`)).json();
  const list = (Array.isArray(events) ? events : events.events) as { _id: string }[];
  otherEventId = list.find((e) => e._id !== eventId)!._id;
  await api.dispose();
});

// Buttons fade between themes: each picture waits for them to finish.
const shot = (page: Page, name: string) => picturesInThemes(page, `test-results/door-${name}`, 400);

for (const viewport of [
  { width: 375, height: 812 },
  { width: 1280, height: 900 },
]) {
  test(`a door supervisor for all the owner's events runs the door from their screen (${viewport.width} px)`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    const surname = `Doorscreen${Date.now().toString(36)}`;
    const buyer = { firstName: 'Zainab', lastName: surname, email: uniqueEmail('zainab') };
    const [searched, scanned] = await buyTickets(request, organiser.token, eventId, 2, buyer);
    const door = await verifiedUser(request, 'Bisi');

    // The owner invites to all their events on the Team tab.
    const ownerContext = await browser.newContext({ viewport });
    await ownerContext.addInitScript((s) => {
      localStorage.setItem('token', s.token);
      localStorage.setItem('user', JSON.stringify(s.user));
    }, organiser);
    const owner = await ownerContext.newPage();
    await owner.goto(`/profile-event/Team/${eventId}`);
    const invite = owner.getByRole('form', { name: 'Invite to the team' });
    await invite.getByLabel('Email').fill(door.email);
    await invite.getByLabel('Invite to').selectOption('all');
    await invite.getByLabel('Role').selectOption('door');
    await expect(invite).toContainText('those you create later too');
    await invite.getByRole('button', { name: 'Send invitation' }).click();
    await expect(owner.getByRole('list', { name: 'Pending invitations' })).toContainText(door.email);
    await expect(owner.getByRole('list', { name: 'Pending invitations' })).toContainText('All my events');

    // The owner reaches the door screen too, from the Check-in tab.
    await owner.goto(`/profile-event/Checkin/${eventId}`);
    await owner.getByRole('link', { name: 'Door screen' }).click();
    await expect(owner.getByText('Owner · door screen')).toBeVisible();

    // The supervisor accepts from the mail, signing in on the way.
    const mail = await mailTo(request, door.email, /help run all events by/);
    const link = new URL(/https?:\/\/\S+\/team\/accept#token=[\w-]+/.exec(mail.text)![0]);
    const doorContext = await browser.newContext({ viewport });
    // A phone's share sheet, as the page sees it: what was shared is kept to be read back.
    await doorContext.addInitScript(() => {
      const shared: unknown[] = [];
      Object.assign(window, { shared });
      Object.assign(navigator, { share: async (data: unknown) => void shared.push(data) });
    });
    const page = await doorContext.newPage();
    await page.goto(`${link.pathname}${link.hash}`);
    await page.getByRole('link', { name: 'Sign in to accept' }).click();
    await signInThroughUi(page, door.email);
    await expect(page.getByRole('heading', { name: "You're on the team" })).toBeVisible({ timeout: 15_000 });

    // Their profile lists the owner's events; the event opens the door screen.
    await page.getByRole('link', { name: 'See the events' }).click();
    const helping = page.getByRole('list', { name: 'Events I help run' });
    await expect(helping).toContainText('Door supervisor · all their events');
    await helping.getByRole('link', { name: 'Afrobeats Under the Stars' }).click();
    await expect(page).toHaveURL(new RegExp(`/door/${eventId}`));
    await expect(page.getByRole('heading', { name: 'Afrobeats Under the Stars' })).toBeVisible();
    await expect(page.getByTestId('tab-checked-in')).not.toHaveText('…');

    // A gate link with its PIN, shown once, listed as active.
    await page.getByLabel('Label (e.g. Gate A)').fill('Gate B');
    await page.getByRole('button', { name: 'Create link with PIN' }).click();
    await expect(page.getByTestId('new-link-pin')).toHaveText(/^\d{6}$/);
    await expect(page.getByTestId('new-link')).toContainText(`/checkin/${eventId}?link=`);
    await expect(page.getByRole('button', { name: 'Revoke Gate B' }).first()).toBeVisible();
    const pin = await page.getByTestId('new-link-pin').textContent();
    await page.getByRole('button', { name: 'Share' }).click();
    const shared = await page.evaluate(() => (window as unknown as { shared: { text: string }[] }).shared);
    expect(shared.at(-1)?.text).toMatch(new RegExp(`/checkin/${eventId}\\?link=\\S+\\nPIN: ${pin}$`));

    // The guest search admits one ticket, by the scanner's rule.
    await page.getByLabel(/QR will not scan/).fill(surname);
    const found = page.getByRole('list', { name: 'Guests found' });
    await expect(found.getByRole('listitem')).toHaveCount(2);
    // The whole reference finds its one ticket (the list shows no references: decision 049).
    await page.getByLabel(/QR will not scan/).fill(formatTicketReference(searched!.reference));
    await expect(found.getByRole('listitem')).toHaveCount(1);
    await found.getByRole('button', { name: /^Admit Zainab/ }).click();
    await expect(page.getByTestId('door-admit-result')).toContainText('Valid ticket. Checked in.');
    // The counts follow at once: the tab refreshes after an admission, not at its next 15 s tick.
    const inside = /· (\d+) \/ \d+ in/.exec(
      (await page.getByTestId('door-admit-result').textContent()) ?? '',
    )![1];
    await expect(page.getByTestId('tab-checked-in')).toHaveText(new RegExp(`^${inside} / `));
    // No money anywhere on the door's screen.
    await expect(page.locator('main')).not.toContainText('₦');
    await expect(page.locator('main')).not.toContainText(/revenue|payout/i);
    await shot(page, `screen-${viewport.width}`);
    // One h1, and no serious or critical axe violation on the door's screen.
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    const axe = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    const serious = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`)).toEqual([]);

    // The scanner admits the other ticket.
    await page.getByRole('link', { name: 'Open scanner' }).click();
    await expect(page.getByText(/tickets stored on this device/)).toBeVisible({ timeout: 15_000 });
    await scanByHand(page, scanned!.code);
    await expect(scanResult(page)).toContainText('Valid: let them in');
    // The one admitted from the search is not admitted twice.
    await scanByHand(page, searched!.code);
    await expect(scanResult(page)).not.toContainText('Valid: let them in');

    // The owner sees the member, marked, on another of their events' Team tab.
    await owner.goto(`/profile-event/Team/${otherEventId}`);
    const members = owner.getByRole('list', { name: 'Team members' });
    await expect(members).toContainText(door.email);
    await expect(members).toContainText('All my events');
    await shot(owner, `owner-team-${viewport.width}`);
    // The owner ends it, so the next run starts from a team without this member.
    await owner.getByRole('button', { name: `Remove ${door.email}` }).click();
    await expect(owner.getByText(door.email)).toHaveCount(0);
    await ownerContext.close();
    await doorContext.close();
  });
}
