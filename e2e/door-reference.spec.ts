import { request as apiRequest, expect, test } from '@playwright/test';
import { formatTicketReference } from '../contract/ticketReference';
import {
  type Bought,
  buyTickets,
  doorEvent,
  openScanner,
  organiserSession,
  type Session,
  scanByHand,
  scanResult,
} from './support/door';
import { picturesInThemes } from './support/shots';

/**
 * A door that never turns a paying guest away (decision 035), on phones: the holder reads the short
 * reference off their ticket page, door staff type it; a guest with no ticket to show is found by
 * name in the guest list, offline too, and admitted once.
 */

const phone = { width: 375, height: 812 };
let organiser: Session;
let eventId: string;
let tickets: Bought[];

test.beforeAll(async ({ baseURL }) => {
  const api = await apiRequest.newContext({ baseURL });
  organiser = await organiserSession(api);
  eventId = await doorEvent(api, organiser);
  tickets = await buyTickets(api, organiser.token, eventId, 2, {
    firstName: 'Chiamaka',
    lastName: `Okafor${Date.now().toString(36)}`,
    email: 'chiamaka.okafor@example.ng',
  });
  await api.dispose();
});

test('the reference on the ticket page, typed at the door, admits once', async ({ browser }) => {
  const holder = await browser.newContext({ viewport: phone });
  await holder.addInitScript((s) => {
    localStorage.setItem('token', s.token);
    localStorage.setItem('user', JSON.stringify(s.user));
  }, organiser);
  const ticketPage = await holder.newPage();
  await ticketPage.goto(`/tickets/${tickets[0]!.code}`);
  const shown = ticketPage.getByTestId('ticket-reference');
  await expect(shown).toContainText(/[A-Z2-9]{5}-[A-Z2-9]{5}/);
  const typed = /([A-Z2-9]{5}-[A-Z2-9]{5})/.exec((await shown.textContent()) ?? '')![1]!;
  expect(typed.replace('-', '')).toBe(tickets[0]!.reference);
  await holder.close();

  const { context, page } = await openScanner(browser, organiser, eventId, phone);
  // A signed-in scanner names the person, not a role they may not have.
  await expect(page.getByText(/^Check-in · .+ \(signed in\)$/)).toBeVisible();
  await expect(page.getByText('Check-in · Organiser')).toHaveCount(0);
  await scanByHand(page, typed.toLowerCase());
  await expect(scanResult(page)).toContainText('Valid: let them in');
  await expect(scanResult(page)).toContainText('Chiamaka');
  await expect(scanResult(page)).toContainText(`Ticket reference ${typed}`);
  await scanByHand(page, tickets[0]!.code);
  await expect(scanResult(page)).toContainText('Already checked in');
  await context.close();
});

test('offline, a guest is found by name and admitted; the admission syncs when back online', async ({
  browser,
}) => {
  const { context, page } = await openScanner(browser, organiser, eventId, phone);
  await context.setOffline(true);
  await expect(page.getByTestId('network-state')).toHaveText('Offline');
  const search = page.getByTestId('guest-search');
  await search.getByRole('searchbox').fill('chiamaka');
  await expect(search.getByRole('status')).toContainText('in the list on this device');
  const waiting = search.getByRole('listitem').filter({ hasText: 'Not yet in' });
  await expect(waiting).toHaveCount(1);
  await waiting.getByRole('button', { name: /^Admit Chiamaka/ }).click();
  await expect(scanResult(page)).toContainText('Valid: let them in');
  await expect(scanResult(page)).toContainText('checked on this device');
  await expect(page.getByTestId('pending-count')).toHaveText('1 waiting to sync');
  // The search was cleared: the next guest starts from an empty field.
  await expect(search.getByRole('searchbox')).toHaveValue('');
  // Still offline, the guest just admitted is in, not "Not yet in".
  await search.getByRole('searchbox').fill('chiamaka');
  await expect(search.getByRole('listitem')).toHaveCount(2);
  await expect(search.getByRole('listitem').filter({ hasText: 'Not yet in' })).toHaveCount(0);
  await expect(search.getByRole('listitem').filter({ hasText: /Checked in at/ })).toHaveCount(2);
  await picturesInThemes(page, 'test-results/door-offline-search-admitted-375', 500);
  // Part of a reference cannot match the hashed list: staff are told to type it whole.
  await search.getByRole('searchbox').fill(tickets[1]!.reference.slice(0, 6));
  await expect(search.getByRole('status')).toContainText(
    'Type the whole reference (10 characters) to find it offline',
  );
  await picturesInThemes(page, 'test-results/door-offline-partial-reference-375', 500);
  // The whole reference, typed any way, finds the guest offline.
  await search.getByRole('searchbox').fill(formatTicketReference(tickets[1]!.reference).toLowerCase());
  await expect(search.getByRole('listitem')).toHaveCount(1);
  await search.getByRole('searchbox').fill('');

  await context.setOffline(false);
  await expect(page.getByTestId('pending-count')).toHaveText('0 waiting to sync', { timeout: 15_000 });
  await search.getByRole('searchbox').fill('chiamaka');
  await expect(search.getByRole('listitem')).toHaveCount(2);
  await expect(search.getByRole('listitem').filter({ hasText: 'Not yet in' })).toHaveCount(0);
  await expect(search.getByRole('button', { name: /^Admit/ })).toHaveCount(0);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(375);
  await context.close();
});

test('a code replaced by a newer ticket is headlined as replaced, not as refunded', async ({
  browser,
  baseURL,
}) => {
  const api = await apiRequest.newContext({ baseURL });
  const [old] = await buyTickets(api, organiser.token, eventId, 1, {
    firstName: 'Bisi',
    lastName: `Adeyemi${Date.now().toString(36)}`,
    email: 'bisi.adeyemi@example.ng',
  });
  // The organiser corrects the attendee's name: the ticket is reissued and the old code replaced.
  const fixed = await api.patch(`/api/orders/${old!.orderId}/tickets/${old!.code}`, {
    headers: { authorization: `Bearer ${organiser.token}` },
    data: { firstName: 'Bisola', lastName: 'Adeyemi', email: 'bisi.adeyemi@example.ng' },
  });
  expect(fixed.ok(), await fixed.text()).toBe(true);
  await api.dispose();
  const { context, page } = await openScanner(browser, organiser, eventId, phone);
  await scanByHand(page, old!.code);
  await expect(scanResult(page).getByRole('heading')).toHaveText('Replaced by a newer ticket');
  await expect(scanResult(page)).toContainText('This code was replaced by a newer ticket.');
  await picturesInThemes(page, 'test-results/door-replaced-code-375');
  await context.close();
});
