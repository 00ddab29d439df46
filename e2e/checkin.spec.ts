import AxeBuilder from '@axe-core/playwright';
import { request as apiRequest, type Browser, expect, type Page, test } from '@playwright/test';
import {
  buyTickets,
  doorEvent,
  openScanner as openScannerAs,
  organiserSession,
  type Session,
  scanByHand,
  scanResult,
} from './support/door';

/**
 * The door scanner end to end (decision 016): tickets bought through the real checkout API in test mode,
 * scanned by manual code online, then offline (context.setOffline) and synced when the network
 * returns; two devices scanning one ticket while offline see the conflict after syncing.
 */

let organiser: Session;
let eventId: string;
let codes: string[];

test.beforeAll(async ({ baseURL }) => {
  const api = await apiRequest.newContext({ baseURL });
  organiser = await organiserSession(api);
  eventId = await doorEvent(api, organiser);
  codes = (await buyTickets(api, organiser.token, eventId, 5)).map((t) => t.code);
  await api.dispose();
});

const openScanner = (browser: Browser) => openScannerAs(browser, organiser, eventId);
const result = scanResult;
const checkedIn = async (page: Page) =>
  Number(/^(\d+)/.exec((await page.getByTestId('checked-in-count').textContent()) ?? '')?.[1]);

test('scans a ticket by its code online: valid, then already checked in', async ({ browser }) => {
  const { context, page } = await openScanner(browser);
  const before = await checkedIn(page);
  await scanByHand(page, codes[0]!);
  await expect(result(page)).toContainText('Valid: let them in');
  await expect(result(page)).toContainText('Tunde Bakare');
  await expect(result(page)).toContainText('5 seats in the order');
  await expect(page.getByTestId('checked-in-count')).toContainText(`${before + 1} /`);
  await scanByHand(page, codes[0]!);
  await expect(result(page)).toContainText('Already checked in');
  await scanByHand(page, 'not-a-ticket');
  await expect(result(page)).toContainText('Unknown code');
  await context.close();
});

test('offline: two scans are judged on the device, queued, then synced and counted when back online', async ({
  browser,
}) => {
  const { context, page } = await openScanner(browser);
  const before = await checkedIn(page);
  await context.setOffline(true);
  await expect(page.getByTestId('network-state')).toHaveText('Offline');
  await scanByHand(page, codes[1]!);
  await expect(result(page)).toContainText('Valid: let them in');
  await expect(result(page)).toContainText('checked on this device');
  await scanByHand(page, codes[2]!);
  await expect(result(page)).toContainText('Valid: let them in');
  await expect(page.getByTestId('pending-count')).toHaveText('2 waiting to sync');
  await expect(page.getByTestId('checked-in-count')).toContainText(`${before + 2} /`);
  // A forged code is refused offline too: its signature does not match.
  const forged = `${codes[3]!.slice(0, 40)}${codes[3]![40] === 'A' ? 'B' : 'A'}${codes[3]!.slice(41)}`;
  await scanByHand(page, forged);
  await expect(result(page)).toContainText('Unknown code');

  await context.setOffline(false);
  await expect(page.getByTestId('network-state')).toHaveText('Online');
  await expect(page.getByTestId('pending-count')).toHaveText('0 waiting to sync', { timeout: 15_000 });
  await expect(page.getByTestId('checked-in-count')).toContainText(`${before + 2} /`);
  // The server has them: scanning one again online says so.
  await scanByHand(page, codes[1]!);
  await expect(result(page)).toContainText('Already checked in');
  await context.close();
});

test('a list stored by the previous scanner (with every code) is migrated: scanning offline works, no code is kept', async ({
  browser,
  baseURL,
}) => {
  const api = await apiRequest.newContext({ baseURL });
  const code = (await buyTickets(api, organiser.token, eventId, 1))[0]!.code;
  const res = await api.get(`/api/checkin/${eventId}/list`, {
    headers: { authorization: `Bearer ${organiser.token}` },
  });
  const current = await res.json();
  await api.dispose();
  expect(JSON.stringify(current)).not.toContain(code);
  // The shape version 1 kept: each ticket with its full signed code and order reference.
  const idOf = (c: string) => {
    const hex = Buffer.from(c, 'base64url').subarray(1, 17).toString('hex');
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  };
  const old = {
    ...current,
    tickets: current.tickets.map((t: { id: string }) => ({
      ...t,
      orderReference: 'GP-OLD',
      // Version 2 of the scanner kept contact details in clear too (decision 035, until 049).
      attendeeEmail: 'old.list@example.ng',
      ...(t.id === idOf(code!) ? { code } : { code: `${'A'.repeat(129)}Q` }),
    })),
  };

  const context = await browser.newContext();
  await context.addInitScript((s) => {
    localStorage.setItem('token', s.token);
    localStorage.setItem('user', JSON.stringify(s.user));
  }, organiser);
  const page = await context.newPage();
  await page.goto('/');
  // Version 1 of the scanner's database, as a phone that scanned before this change has it.
  await page.evaluate(
    ([id, list]) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('gatepass-checkin', 1);
        open.onupgradeneeded = () => {
          const db = open.result;
          db.createObjectStore('lists', { keyPath: 'eventId' });
          db.createObjectStore('queue', { keyPath: 'nonce' }).createIndex('byEvent', 'eventId');
          db.createObjectStore('settings');
        };
        open.onsuccess = () => {
          const tx = open.result.transaction('lists', 'readwrite');
          tx.objectStore('lists').put({ eventId: id, list, savedAt: new Date().toISOString() });
          tx.oncomplete = () => {
            open.result.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error);
        };
        open.onerror = () => reject(open.error);
      }),
    [eventId, old] as const,
  );
  // No network for the list: the scanner has only what the device stored.
  await page.route('**/api/checkin/*/list', (route) => route.abort('internetdisconnected'));
  await page.goto(`/checkin/${eventId}`);
  await expect(page.getByText(/tickets stored on this device/)).toBeVisible({ timeout: 15_000 });
  await context.setOffline(true);
  await expect(page.getByTestId('network-state')).toHaveText('Offline');
  await scanByHand(page, code!);
  await expect(result(page)).toContainText('Valid: let them in');
  await expect(result(page)).toContainText('Tunde Bakare');
  const stored = await page.evaluate(
    () =>
      new Promise<string>((resolve, reject) => {
        const open = indexedDB.open('gatepass-checkin');
        open.onsuccess = () => {
          const get = open.result.transaction('lists').objectStore('lists').getAll();
          get.onsuccess = () => resolve(`v${open.result.version} ${JSON.stringify(get.result)}`);
          get.onerror = () => reject(get.error);
        };
        open.onerror = () => reject(open.error);
      }),
  );
  expect(stored).toMatch(/^v3 /);
  expect(stored).toContain('Tunde Bakare');
  expect(stored).not.toContain(code!);
  expect(stored).not.toContain('"code"');
  // Nor order numbers or contact details in clear (decision 049): only their salted hashes.
  expect(stored).not.toContain('"orderReference"');
  expect(stored).not.toContain('old.list@example.ng');
  await context.setOffline(false);
  await expect(page.getByTestId('pending-count')).toHaveText('0 waiting to sync', { timeout: 15_000 });
  await context.close();
});

test('two devices scan one ticket while offline: after syncing, the conflict is shown', async ({
  browser,
}) => {
  const first = await openScanner(browser);
  const second = await openScanner(browser);
  await first.context.setOffline(true);
  await second.context.setOffline(true);
  await scanByHand(first.page, codes[4]!);
  await expect(result(first.page)).toContainText('Valid: let them in');
  await scanByHand(second.page, codes[4]!);
  await expect(result(second.page)).toContainText('Valid: let them in');

  await first.context.setOffline(false);
  await expect(first.page.getByTestId('pending-count')).toHaveText('0 waiting to sync', { timeout: 15_000 });
  await second.context.setOffline(false);
  await expect(second.page.getByTestId('pending-count')).toHaveText('0 waiting to sync', { timeout: 15_000 });
  const conflicts = second.page.getByTestId('conflicts');
  await expect(conflicts).toContainText('Scanned on two devices while offline');
  await expect(conflicts).toContainText('Tunde Bakare');
  await first.context.close();
  await second.context.close();
});

test('the organiser makes a door-staff link in the Check-in tab; staff open it with the PIN and scan', async ({
  browser,
}) => {
  // Two browsers and the tab's refreshes: more than the default on a busy machine.
  test.setTimeout(60_000);
  const context = await browser.newContext();
  await context.addInitScript((s) => {
    localStorage.setItem('token', s.token);
    localStorage.setItem('user', JSON.stringify(s.user));
  }, organiser);
  const page = await context.newPage();
  await page.goto(`/profile-event/Checkin/${eventId}`);
  await expect(page.getByTestId('tab-checked-in')).toContainText('/');
  await page.getByLabel('Label (e.g. Gate A)').fill('Gate C');
  await page.getByRole('button', { name: 'Create link with PIN' }).click();
  const created = page.getByTestId('new-link');
  await expect(created).toBeVisible();
  const url = (await created.locator('code').textContent()) ?? '';
  const pin = (await page.getByTestId('new-link-pin').textContent()) ?? '';
  expect(pin).toMatch(/^\d{6}$/);
  await expect(page.getByRole('cell', { name: 'Gate C', exact: true })).toBeVisible();

  // Door staff: no account, a fresh browser.
  const staff = await browser.newContext();
  const door = await staff.newPage();
  await door.goto(new URL(url).pathname + new URL(url).search);
  await expect(door.getByText(/Check-in link "Gate C"/)).toBeVisible();
  await door.getByLabel('6-digit PIN').fill(pin);
  await door.getByRole('button', { name: 'Open scanner' }).click();
  await expect(door.getByText('Check-in · Gate C')).toBeVisible();
  await expect(door.getByText(/tickets stored on this device/)).toBeVisible({ timeout: 15_000 });
  await scanByHand(door, codes[3]!);
  await expect(result(door)).toContainText('Valid: let them in');
  // The organiser sees it counted for the gate.
  await page.reload();
  await expect(page.getByText(/By gate:.*Gate C 1/)).toBeVisible();
  await staff.close();

  // The Guestlist tab shows the order's tickets as in, one through Gate C; the CSV has the times.
  await page.getByRole('tab', { name: 'Guestlist' }).click();
  await page.getByRole('button', { name: 'Checked in', exact: true }).click();
  await expect(page).toHaveURL(/checkin=in/);
  const line = page.getByRole('row').filter({ hasText: 'Gate C' });
  await expect(line).toContainText('Tunde Bakare');
  await expect(line.getByText(/^In\s\d\d:\d\d$/).first()).toBeVisible();
  const found = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(found.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export' }).click(),
  ]);
  const csv = await (await import('node:fs/promises')).readFile((await download.path())!, 'utf8');
  expect(csv.split('\r\n')[0]).toBe(
    '\uFEFFTicket Name,Quantity,Purchased By,Order Number,Order Date,Checked In At',
  );
  // The order's scanned tickets with their Lagos times ('; ' between them).
  const lagosDay = new Date(Date.now() + 3_600_000).toISOString().slice(0, 10);
  expect(csv).toMatch(new RegExp(`,5,Tunde Bakare,GP-[^,]+,[^,]+,(${lagosDay} \\d\\d:\\d\\d(; |\\r\\n))+`));
  await context.close();
});

for (const theme of ['light', 'dark'] as const) {
  test(`the scanner with a result passes axe (${theme}, 375 px)`, async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 375, height: 800 }, colorScheme: theme });
    await context.addInitScript(
      ([s, dark]) => {
        localStorage.setItem('token', s.token);
        localStorage.setItem('user', JSON.stringify(s.user));
        localStorage.setItem('dark-mode', dark);
      },
      [organiser, String(theme === 'dark')] as const,
    );
    const page = await context.newPage();
    await page.goto(`/checkin/${eventId}`);
    await expect(page.getByText(/tickets stored on this device/)).toBeVisible({ timeout: 15_000 });
    await scanByHand(page, codes[0]!);
    await expect(result(page).locator('h2')).toBeVisible();
    const found = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    const serious = found.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
    expect(serious).toEqual([]);
    await context.close();
  });
}
