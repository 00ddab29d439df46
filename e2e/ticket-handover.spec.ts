import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { mailTo, signInThroughUi } from './support/auth';
import { type Account, freeTickets, newBuyer, PASSWORD, TECH_MEETUP, useAccount } from './support/checkout';

/**
 * A ticket changing hands on a phone (issue #23, decision 040): the buyer corrects a name, sends
 * the ticket on WhatsApp (a link, never the code), then transfers it; the friend opens the emailed
 * link signed out, sees the QR, signs in and finds it theirs. The old copy is no longer valid.
 */

const phone = { viewport: { width: 375, height: 812 } };
/** Nothing scrolls sideways on the phone. */
const fitsPhone = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

async function freeTicket(request: APIRequestContext, buyer: Account) {
  return (await freeTickets(request, buyer)).tickets[0]!;
}

test('a buyer corrects a name, sends the ticket on WhatsApp, transfers it; the friend opens it signed out, then keeps it', async ({
  browser,
  request,
}) => {
  const buyer = await newBuyer(request, 'Kemi');
  const friend = await newBuyer(request, 'Tobi');
  const ticket = await freeTicket(request, buyer);

  const context = await browser.newContext(phone);
  const page = await context.newPage();
  await useAccount(page, buyer);
  await page.goto(`/tickets/${ticket.code}`);
  await expect(page.getByRole('heading', { name: 'Change this ticket' })).toBeVisible();
  await fitsPhone(page);

  // A surname to complete: corrected, a new code (the address changes), the new name on the card.
  await page.getByRole('button', { name: 'Correct the name' }).click();
  await expect(page.getByLabel('First name')).toHaveValue('Kemi');
  await page.getByLabel('Last name').fill('Okafor-Bello');
  await page.getByRole('button', { name: 'Save the name' }).click();
  await expect(page.getByText('Name corrected. The new ticket is on its way by email.')).toBeVisible();
  await expect(page).not.toHaveURL(`/tickets/${ticket.code}`);
  await expect(page.getByRole('listitem').getByText('Kemi Okafor-Bello')).toBeVisible();
  const renamedCode = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);

  // WhatsApp gets the ticket's link, never its code.
  const whatsapp = page.getByRole('link', { name: 'Send on WhatsApp' });
  const href = (await whatsapp.getAttribute('href'))!;
  expect(href).toMatch(/^https:\/\/wa\.me\/\?text=/);
  const message = decodeURIComponent(href.split('text=')[1]!);
  expect(message).toMatch(/\/t#[0-9a-f]{64}$/);
  expect(message).not.toContain(renamedCode);

  // Transfer: a form, then a confirmation, since this copy stops working at once.
  await page.getByRole('button', { name: 'Transfer to someone else' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('First name is required')).toBeVisible();
  await page.getByLabel('First name').fill('Tobi');
  await page.getByLabel('Last name').fill('Adeyemi');
  await page.getByLabel('Their email').fill(friend.user.email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await fitsPhone(page);
  await expect(page.getByRole('alertdialog')).toContainText(
    `Send this ticket to Tobi Adeyemi (${friend.user.email})?`,
  );
  await page.getByRole('button', { name: 'Send the ticket' }).click();
  await expect(page).toHaveURL('/profile');
  await expect(page.getByText(/Ticket sent to Tobi Adeyemi/)).toBeVisible();
  await page.goto(`/tickets/${renamedCode}`);
  await expect(page.getByText('No longer valid')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Transfer to someone else' })).toHaveCount(0);
  await context.close();

  // The friend's email carries the ticket's own link; signed out, it opens the ticket with its QR.
  const mail = await mailTo(request, friend.user.email, /Your ticket for/);
  const link = /https?:\/\/[^\s]+\/t#[0-9a-f]{64}/.exec(mail.text)?.[0];
  expect(link, 'the mail has the ticket link').toBeDefined();
  const path = new URL(link!).pathname + new URL(link!).hash;
  const friendContext = await browser.newContext(phone);
  const friendPage = await friendContext.newPage();
  await friendPage.goto(path);
  await expect(friendPage.getByRole('heading', { name: TECH_MEETUP })).toBeVisible();
  await expect(friendPage.getByText('Ticket for Tobi Adeyemi')).toBeVisible();
  await expect(friendPage.getByRole('img', { name: /QR code of the/ })).toBeVisible();
  await expect(friendPage.getByRole('button', { name: 'Download PDF' })).toHaveCount(0);
  await fitsPhone(friendPage);

  // Signing in comes back to the ticket, which is theirs already (sent to their address).
  await friendPage.getByRole('link', { name: 'Sign in to keep it' }).click();
  await signInThroughUi(friendPage, friend.user.email, PASSWORD);
  await expect(friendPage).toHaveURL(/\/t#[0-9a-f]{64}$/);
  await expect(friendPage.getByText('This ticket is yours')).toBeVisible();
  await friendContext.close();

  // The old link is gone.
  const gone = await browser.newContext(phone);
  const gonePage = await gone.newPage();
  await gonePage.goto(`/t#${ticket.shareToken}`);
  await expect(gonePage.getByRole('heading', { name: 'This ticket link does not work' })).toBeVisible();
  await gone.close();
});

test('someone signed in claims a ticket from its link into their own account', async ({
  browser,
  request,
}) => {
  const buyer = await newBuyer(request, 'Bisi');
  const friend = await newBuyer(request, 'Femi');
  const ticket = await freeTicket(request, buyer);
  const context = await browser.newContext(phone);
  const page = await context.newPage();
  await useAccount(page, friend);
  await page.goto(`/t#${ticket.shareToken}`);
  await expect(page.getByText(`Add it to your account (${friend.user.email})`)).toBeVisible();
  await page.getByRole('button', { name: 'Add to My Tickets' }).click();
  await expect(page).toHaveURL(/\/tickets\//);
  await expect(page.getByText('The ticket is now in My Tickets.')).toBeVisible();
  await expect(page.getByRole('listitem').getByText('Femi Okafor')).toBeVisible();
  await context.close();
});
