import { request as apiRequest, expect, type Page, test } from '@playwright/test';
import { mailTo, uniqueEmail } from './support/auth';
import { buyTickets, doorEvent, organiserSession, type Session } from './support/door';
import { picturesInThemes } from './support/shots';

/**
 * A word to every guest (decision 063), on a phone and a desktop: the owner writes on the Messages
 * tab, previews (how many guests, the text), sends a test to themselves, sends, and sees the counts;
 * a guest opening their ticket by its own link then finds the message under the ticket.
 */

let organiser: Session;
let eventId: string;

test.beforeAll(async ({ baseURL }) => {
  const api = await apiRequest.newContext({ baseURL });
  organiser = await organiserSession(api);
  eventId = await doorEvent(api, organiser);
  await api.dispose();
});

const shot = (page: Page, name: string) => picturesInThemes(page, `test-results/messages-${name}`);

for (const viewport of [
  { width: 375, height: 812 },
  { width: 1280, height: 900 },
]) {
  test(`owner writes, previews, tests and sends; the guest's ticket shows it (${viewport.width} px)`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(90_000);
    const guest = { firstName: 'Ifeoma', lastName: 'Nwosu', email: uniqueEmail('guest') };
    // Two tickets for one guest: one email.
    await buyTickets(request, organiser.token, eventId, 2, guest);
    const ticketMail = await mailTo(request, guest.email, /ticket/i);
    const link = /https?:\/\/[^\s]+\/t#[A-Za-z0-9]+/.exec(ticketMail.text)?.[0];
    expect(link, 'the ticket mail has the ticket link').toBeTruthy();

    const context = await browser.newContext({ viewport });
    await context.addInitScript((s) => {
      localStorage.setItem('token', s.token);
      localStorage.setItem('user', JSON.stringify(s.user));
    }, organiser);
    const owner = await context.newPage();
    await owner.goto(`/profile-event/Messages/${eventId}`);
    const form = owner.getByRole('form', { name: 'Write a message' });
    const subject = `Gates open at 6 (${viewport.width})`;
    await form.getByLabel('Subject').fill(subject);
    await form.getByLabel('Message').fill('Bring a photo ID.\nBags are checked at gate B.');
    await form.getByRole('button', { name: 'Preview' }).click();
    const preview = owner.getByRole('region', { name: 'Preview' });
    await expect(preview).toContainText(/Goes to \d+ guests?/);
    await expect(preview).toContainText('Bags are checked at gate B.');
    const reach = Number(/Goes to (\d+)/.exec((await preview.textContent()) ?? '')?.[1]);
    expect(reach).toBeGreaterThan(0);
    await shot(owner, `preview-${viewport.width}`);

    await preview.getByRole('button', { name: 'Send me a test' }).click();
    await expect(preview).toContainText('Test sent to ada@gatepass.ng');
    await mailTo(request, 'ada@gatepass.ng', new RegExp(`^\\[Test\\] ${subject.replace(/[()]/g, '\\$&')}$`));

    await preview.getByRole('button', { name: `Send to ${reach} guest` }).click();
    const sent = owner
      .getByRole('list', { name: 'Sent messages' })
      .getByRole('listitem')
      .filter({ hasText: subject });
    await expect(sent).toContainText('by Ada');
    // Handed to the outbox in the background; the list reads itself again until all are out.
    await expect(sent).toContainText(`${reach} sent`, { timeout: 15_000 });
    await expect(form.getByLabel('Subject')).toHaveValue('');
    await shot(owner, `sent-${viewport.width}`);
    await mailTo(request, guest.email, new RegExp(`^${subject.replace(/[()]/g, '\\$&')}$`));

    // The guest opens their ticket by its own link, without an account.
    const guestContext = await browser.newContext({ viewport });
    const guestPage = await guestContext.newPage();
    await guestPage.goto(link!);
    const note = guestPage.getByRole('region', { name: subject });
    await expect(note).toContainText('Bags are checked at gate B.');
    await expect(note).toContainText('From the organiser');
    await shot(guestPage, `ticket-${viewport.width}`);
    await guestContext.close();
    await context.close();
  });
}
