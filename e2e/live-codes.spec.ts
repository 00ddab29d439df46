import { expect, type Page, test } from '@playwright/test';
import { makeDeviceKeyPair, parseRotatingCode, signRotatingCode } from '../contract/rotatingCode';
import { freeTickets, newBuyer, TECH_MEETUP, useAccount } from './support/checkout';
import { organiserSession, scanByHand } from './support/door';
import { picturesInThemes } from './support/shots';

/**
 * Live codes (decision 058) on two phones: the holder opens the ticket, their browser makes its key
 * and links it, and the QR changes every 30 s (Playwright's clock moves the time); the door
 * downloads its list, goes offline, admits the live code and says it was one; 90 s later the same
 * code is an old code; a code made by another phone's key is refused. The check link tells a
 * would-be buyer the ticket is valid and unused without showing its code.
 */
const phone = { width: 375, height: 812 };
const liveCodeOf = (page: Page) => page.getByTestId('live-code').getAttribute('data-code');

test('a live code rotates on the holder’s phone and the offline door admits it, then refuses it as old', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const start = Date.now();
  const holder = await newBuyer(request, 'Kemi');
  const { tickets } = await freeTickets(request, holder);
  const ticket = tickets[0]!;

  // The holder's phone: the first open makes the key, links it, and shows a live code.
  const holderContext = await browser.newContext({ viewport: phone });
  const holderPage = await holderContext.newPage();
  await holderPage.clock.install({ time: start });
  await useAccount(holderPage, holder);
  await holderPage.goto(`/tickets/${ticket.code}`);
  await expect(holderPage.getByText('Live code', { exact: true })).toBeVisible({ timeout: 15_000 });
  const first = (await liveCodeOf(holderPage))!;
  expect(first).toHaveLength(114);
  await expect(holderPage.getByRole('img', { name: /Live QR code of the/ })).toBeVisible();
  await picturesInThemes(holderPage, 'test-results/live-code-ticket');
  // 30 seconds on, a new code.
  await holderPage.clock.fastForward(31_000);
  await expect.poll(() => liveCodeOf(holderPage)).not.toBe(first);
  const second = (await liveCodeOf(holderPage))!;
  const { ticketId, madeAt } = parseRotatingCode(second)!;
  expect(madeAt).toBeGreaterThanOrEqual(Math.floor((start + 30_000) / 1000));

  // The door: signed in as the organiser, its list downloaded, then the network goes.
  const organiser = await organiserSession(request);
  const doorContext = await browser.newContext();
  await doorContext.addInitScript((s) => {
    localStorage.setItem('token', s.token);
    localStorage.setItem('user', JSON.stringify(s.user));
  }, organiser);
  const door = await doorContext.newPage();
  await door.clock.install({ time: start + 32_000 });
  const events = (await (await request.get('/api/events')).json()) as { _id: string; eventName: string }[];
  const eventId = events.find((e) => e.eventName === TECH_MEETUP)!._id;
  await door.goto(`/checkin/${eventId}`);
  await expect(door.getByText(/tickets stored on this device/)).toBeVisible({ timeout: 15_000 });
  await doorContext.setOffline(true);
  await expect(door.getByTestId('network-state')).toHaveText('Offline');

  // A code another phone made for this ticket (a copied page, a forged QR): refused, offline.
  const otherPhone = await makeDeviceKeyPair();
  await scanByHand(door, await signRotatingCode(otherPhone.privateKey, ticketId, (start + 32_000) / 1000));
  const result = door.getByTestId('scan-result');
  await expect(result).toContainText('Not the holder’s phone');
  await expect(result).not.toContainText('Kemi');

  // The holder's live code: admitted offline, and the door says which kind.
  await scanByHand(door, second);
  await expect(result).toContainText('Valid: let them in');
  await expect(result).toContainText('Kemi Okafor');
  await expect(door.getByTestId('code-kind')).toHaveText('Live code from the holder’s phone');
  await expect(result).toContainText('checked on this device');

  // The same code 90 s later (a screenshot passed on): an old code.
  await door.clock.fastForward(90_000);
  await scanByHand(door, second);
  await expect(result).toContainText('Old code');
  await expect(result).toContainText('Old code — ask the guest to open the ticket live.');

  // The check link: valid, used now? Not yet synced: unused online, with no code anywhere on the page.
  const check = holderPage.getByTestId('check-link');
  const checkUrl = (await check.getAttribute('href'))!;
  const buyerContext = await browser.newContext({ viewport: phone });
  const buyerPage = await buyerContext.newPage();
  await buyerPage.goto(new URL(checkUrl).pathname + new URL(checkUrl).hash);
  await expect(buyerPage.getByRole('heading', { name: 'This ticket can be yours' })).toBeVisible();
  await expect(buyerPage.getByTestId('check-valid')).toHaveAttribute('data-ok', 'true');
  await expect(buyerPage.getByTestId('check-unused')).toHaveAttribute('data-ok', 'true');
  await expect(buyerPage.getByRole('img')).toHaveCount(0);
  expect(await buyerPage.content()).not.toContain(ticket.code);
  expect(await buyerPage.content()).not.toContain(ticket.reference);
  await picturesInThemes(buyerPage, 'test-results/live-code-check');

  // The holder's second phone sees the ticket is linked elsewhere, and offers the explicit move.
  const secondContext = await browser.newContext({ viewport: phone });
  const secondPage = await secondContext.newPage();
  await useAccount(secondPage, holder);
  await secondPage.goto(`/tickets/${ticket.code}`);
  await expect(secondPage.getByText(/shows its live code on another phone/)).toBeVisible({ timeout: 15_000 });
  await expect(secondPage.getByRole('button', { name: 'Move the ticket to this phone' })).toBeVisible();
  await picturesInThemes(secondPage, 'test-results/live-code-elsewhere');

  await Promise.all([holderContext, doorContext, buyerContext, secondContext].map((c) => c.close()));
});
