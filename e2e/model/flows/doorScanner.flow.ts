import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { doorScannerMachine } from '../../../machines/doorScanner.machine';
import { RESULT_TEXT } from '../../../src/checkin/resultText';
import { type Account, eventIdByName, organiser, useAccount as signInAs } from '../../support/checkout';
import { openOnPausedClock, reserveOrder, startPayment, type UiFlow, type World } from '../harness';

/**
 * The door scanner as door staff use it: the organiser's scanner page for the sample event, codes
 * typed into the code field (what a USB scanner does), the network dropped and restored with
 * `context.setOffline`, and the page's timers (sync every 20 s, retry after 10 s) on Playwright's
 * clock. The tickets are bought through the real API once per flow; each valid scan takes a fresh
 * code. Every answer is the real server's or the real network's: a dropped request is the browser
 * going offline while the call is held (so the page learns it from the failure, as at a real door),
 * the event deleted meanwhile (the list or a scan answered 404, as the server does) is answered like
 * the server, and a conflict is the same ticket
 * checked in meanwhile by another door through the API while this device scanned it offline.
 */
const EVENT = 'Afrobeats Under the Stars';
const NAME = 'Tunde Bakare';
// The model's codes; the screen gets real ones.
const VALID = 'VALID';
const UNKNOWN = 'not-a-ticket';
const GONE = 'GONE';
const TWIN = 'TWIN';
// The server's answer once the event is gone (deleted by its organiser meanwhile).
const EVENT_GONE = 'Event not found';

type Data = {
  token: string;
  user: Account['user'];
  eventId: string;
  codes: string[];
  /** Shared by every path: the next unused code. */
  pool: { next: number };
  /** The real code behind the model's last valid or twin scan. */
  last: string;
};
// biome-ignore lint/suspicious/noExplicitAny: the scanner's snapshots
type Snap = any;

const result = (code: string, offline: boolean) => {
  const valid = code === VALID || code === TWIN;
  return {
    result: valid ? ('checked_in' as const) : ('unknown' as const),
    ...(valid ? { ticket: { code, attendeeName: NAME } } : {}),
    message: valid ? 'Valid ticket. Checked in.' : 'Unknown code',
    ...(offline && valid ? { nonce: 'n' } : {}),
  };
};
const CONFLICT = {
  reference: 'GP7-K2QX',
  attendeeName: NAME,
  ticketName: 'Regular',
  winner: {},
  loser: { nonce: 'n' },
};

const listLoading = (s: Snap) => s.matches({ list: 'loading' });
const twinStory = (s: Snap) => s.context.last?.code === TWIN || s.context.conflicts.length > 0;
/** No call in flight: the network may change, the list be refreshed, a sync asked for. */
const calm = (s: Snap) =>
  !listLoading(s) &&
  (s.matches({ scanner: 'ready' }) || s.matches({ scanner: 'showing' })) &&
  !s.matches({ sync: 'syncing' });

async function buy(request: APIRequestContext, token: string, eventId: string, quantity: number) {
  const headers = { authorization: `Bearer ${token}` };
  const types = (await (await request.get(`/api/tickets/event/${eventId}`)).json()) as {
    tickets: Array<{ _id: string }>;
  };
  const orderId = await reserveOrder(request, token, {
    eventId,
    items: { [types.tickets[0]?._id ?? '']: quantity },
    buyer: { firstName: 'Tunde', lastName: 'Bakare', email: 'tunde.bakare@example.ng' },
  });
  const reference = await startPayment(request, token, orderId);
  if (reference) expect((await request.post(`/api/payments/test/${reference}/approve`)).ok()).toBe(true);
  const order = (await (await request.get(`/api/orders/${orderId}`, { headers })).json()) as {
    order: { tickets: Array<{ code: string }> };
  };
  return order.order.tickets.map((t) => t.code);
}

/**
 * The network drops: the browser goes offline (the page hears it) and the held call fails. Offered
 * only while no other call is in flight: that one would fail too, and the list download retries
 * on the page's (paused) clock.
 */
async function dropNetwork({ context, held }: World<Data>, call: string) {
  await context.setOffline(true);
  await held.answer(call, { network: 'failed' });
}

export const doorScannerFlow: UiFlow<Data> = {
  name: 'doorScanner',
  machine: doorScannerMachine,
  input: { online: true },
  tours: true,
  events: (s) => {
    const c = s.context;
    const out: Snap[] = [];
    const story = twinStory(s);
    if (calm(s)) {
      out.push({ type: c.online ? 'network.offline' : 'network.online' });
      if (c.conflicts.length > 0) out.push({ type: 'conflicts.dismiss' });
    }
    // The conflict story ends when its conflict is dismissed (the server would show it again).
    if (story && c.conflicts.length === 0 && c.pending === 0 && !s.matches({ sync: 'syncing' })) return [];
    if (story)
      return [
        ...out.filter((e) => e.type !== 'network.offline'),
        ...(s.matches({ sync: 'syncing' })
          ? [
              {
                type: 'xstate.done.actor.syncQueue',
                output: { pending: 0, counts: null, conflicts: [CONFLICT] },
              },
            ]
          : []),
      ];
    // The list.
    if (listLoading(s))
      out.push(
        {
          type: 'xstate.done.actor.loadList',
          output: { counts: null, pending: c.pending, tickets: 1, generatedAt: '', eventName: EVENT },
        },
        ...(c.listTickets === null
          ? [{ type: 'xstate.error.actor.loadList', error: { status: 404, serverMessage: EVENT_GONE } }]
          : []),
      );
    if (calm(s) && c.online && (s.matches({ list: 'ready' }) || s.matches({ list: 'missing' })))
      out.push({ type: 'list.refresh' });
    // The scanner.
    if (s.matches({ scanner: 'ready' }) || s.matches({ scanner: 'showing' })) {
      if (c.online)
        out.push(
          { type: 'scan', code: VALID },
          { type: 'scan', code: UNKNOWN },
          { type: 'scan', code: GONE },
        );
      else if (c.pending === 0 && !listLoading(s)) {
        out.push({ type: 'scan', code: VALID });
        if (c.listTickets !== null) out.push({ type: 'scan', code: TWIN });
      }
    }
    if (s.matches({ scanner: 'showing' })) {
      out.push({ type: 'result.dismiss' });
      if (c.undoable && !c.last.offline && c.online) out.push({ type: 'undo' });
    }
    if (s.matches({ scanner: 'checkingOnline' }))
      out.push(
        c.scanning === GONE
          ? { type: 'xstate.error.actor.scanOnline', error: { status: 404, serverMessage: EVENT_GONE } }
          : { type: 'xstate.done.actor.scanOnline', output: { ...result(c.scanning, false), counts: null } },
        ...(c.scanning === VALID &&
        c.listTickets !== null &&
        !listLoading(s) &&
        !s.matches({ sync: 'syncing' })
          ? [{ type: 'xstate.error.actor.scanOnline', error: { network: 'failed' } }]
          : []),
      );
    if (s.matches({ scanner: 'checkingOffline' }))
      out.push(
        c.listTickets === null
          ? { type: 'xstate.error.actor.judgeOffline', error: new Error('no list') }
          : {
              type: 'xstate.done.actor.judgeOffline',
              output: { outcome: result(c.scanning, true), counts: null, pending: c.pending + 1 },
            },
      );
    if (s.matches({ scanner: 'undoing' }))
      out.push(
        {
          type: 'xstate.done.actor.undoCheckin',
          output: { counts: null, pending: c.pending, message: `Check-in of ${NAME} undone.` },
        },
        ...(!listLoading(s) && !s.matches({ sync: 'syncing' })
          ? [{ type: 'xstate.error.actor.undoCheckin', error: { network: 'failed' } }]
          : []),
      );
    // The sync.
    if (calm(s) && c.online && (s.matches({ sync: 'idle' }) || s.matches({ sync: 'waiting' })))
      out.push({ type: 'sync.now' });
    if (calm(s) && c.online && s.matches({ sync: 'idle' }))
      out.push({ type: 'xstate.after.syncInterval.doorScanner.sync.idle' });
    if (calm(s) && s.matches({ sync: 'waiting' }))
      out.push({ type: 'xstate.after.syncRetry.doorScanner.sync.waiting' });
    if (s.matches({ sync: 'syncing' }))
      out.push(
        { type: 'xstate.done.actor.syncQueue', output: { pending: 0, counts: null, conflicts: [] } },
        ...(!listLoading(s) && !s.matches({ scanner: 'checkingOnline' }) && !s.matches({ scanner: 'undoing' })
          ? [{ type: 'xstate.error.actor.syncQueue', error: { network: 'failed' } }]
          : []),
      );
    return out;
  },
  key: (s) => {
    const c = s.context;
    return [
      c.online,
      Math.min(c.pending, 2),
      c.last && [c.last.result, c.last.offline, c.last.code === TWIN],
      c.undoable,
      c.error,
      c.notice,
      c.syncError,
      c.conflicts.length,
      c.listTickets !== null,
      c.scanning === GONE || c.scanning === UNKNOWN ? c.scanning : '',
    ];
  },
  holdFromStart: true,
  heldCalls: {
    list: { url: /\/api\/checkin\/[0-9a-f-]{36}\/list$/, method: 'GET' },
    scan: { url: /\/api\/checkin\/[0-9a-f-]{36}$/, method: 'POST' },
    undo: { url: /\/api\/checkin\/[0-9a-f-]{36}\/[^/]+$/, method: 'DELETE' },
    sync: { url: /\/api\/checkin\/[0-9a-f-]{36}\/sync$/, method: 'POST' },
  },
  prepare: async (request) => {
    const { token, user } = await organiser(request);
    const eventId = await eventIdByName(request, EVENT);
    const codes = [
      ...(await buy(request, token, eventId, 4)),
      ...(await buy(request, token, eventId, 4)),
      ...(await buy(request, token, eventId, 4)),
      ...(await buy(request, token, eventId, 4)),
    ];
    return { token, user, eventId, codes, pool: { next: 0 }, last: '' };
  },
  start: async ({ page, data }) => {
    await signInAs(page, { token: data.token, user: data.user });
    await openOnPausedClock(page, `/checkin/${data.eventId}`);
  },
  actions: {
    'network.offline': ({ context }) => context.setOffline(true),
    'network.online': ({ context }) => context.setOffline(false),
    'conflicts.dismiss': async ({ page }) => {
      await page.getByTestId('conflicts').getByRole('button', { name: 'Dismiss' }).click();
    },
    'list.refresh': async ({ page }) => {
      await page.getByRole('button', { name: 'Refresh list' }).click();
    },
    'xstate.done.actor.loadList': ({ held }) => held.answer('list', { server: true }),
    'xstate.error.actor.loadList': ({ held }) =>
      held.answer('list', { status: 404, json: { message: EVENT_GONE } }),
    scan: async ({ page, data }, event) => {
      let code = event.code as string;
      if (code === VALID || code === TWIN) {
        code = data.codes[data.pool.next++] ?? '';
        expect(code, 'a fresh ticket code').not.toBe('');
        data.last = code;
      } else if (code === GONE) code = 'GP1.gone';
      const field = page.getByLabel(/Ticket code/);
      await field.fill(code);
      await field.press('Enter');
    },
    'xstate.done.actor.scanOnline': ({ held }) => held.answer('scan', { server: true }),
    'xstate.error.actor.scanOnline': (world, event) =>
      event.error.status
        ? world.held.answer('scan', { status: 404, json: { message: EVENT_GONE } })
        : dropNetwork(world, 'scan'),
    // Judged on the device (IndexedDB and the code's signature): the person only waits.
    'xstate.done.actor.judgeOffline': async ({ request, data }, _e, before) => {
      if (before.context.scanning !== TWIN) return;
      // Meanwhile another door, online, checks the same ticket in.
      const res = await request.post(`/api/checkin/${data.eventId}`, {
        headers: { authorization: `Bearer ${data.token}` },
        data: { code: data.last, deviceId: '0f0f0f0f-0b0b-4b0b-8b0b-0f0f0f0f0f0f', device: 'Gate B' },
      });
      expect(res.ok(), await res.text()).toBe(true);
    },
    'xstate.error.actor.judgeOffline': async () => {},
    'result.dismiss': async ({ page }) => {
      await page.getByRole('button', { name: 'Clear' }).click();
    },
    undo: async ({ page }) => {
      await page.getByRole('button', { name: 'Undo check-in' }).click();
    },
    'xstate.done.actor.undoCheckin': ({ held }) => held.answer('undo', { server: true }),
    'xstate.error.actor.undoCheckin': (world) => dropNetwork(world, 'undo'),
    'sync.now': async ({ page }) => {
      await page.getByRole('button', { name: 'Sync now' }).click();
    },
    'xstate.after.syncInterval.doorScanner.sync.idle': ({ page }) => page.clock.runFor(20_000),
    'xstate.after.syncRetry.doorScanner.sync.waiting': ({ page }) => page.clock.runFor(10_000),
    'xstate.done.actor.syncQueue': async ({ held }) => {
      await held.answer('sync', { server: true });
      // After the upload the page downloads a fresh list.
      await held.answer('list', { server: true });
    },
    'xstate.error.actor.syncQueue': (world) => dropNetwork(world, 'sync'),
  },
  states: {
    'list.loading': async ({ page }) => {
      await expect(page.getByText('Downloading the ticket list for offline use…')).toBeVisible();
    },
    'list.ready': async ({ page }) => {
      await expect(page.getByText(/tickets stored on this device/)).toBeVisible();
    },
    'list.missing': async ({ page }) => {
      await expect(page.getByText(/^No ticket list on this device yet/)).toBeVisible();
    },
    'scanner.ready': async ({ page }, s) => {
      await expect(page.getByTestId('scan-result').locator('section')).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Check', exact: true })).toBeEnabled();
      await expectCommon(page, s);
    },
    'scanner.checkingOnline': async ({ page }) => {
      await expect(page.getByTestId('scan-result').getByText('Checking…')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Check', exact: true })).toBeDisabled();
    },
    // Judged on the device in a moment (no request to hold): the field is cleared for the next code.
    'scanner.checkingOffline': async ({ page }) => {
      await expect(page.getByLabel(/Ticket code/)).toHaveValue('');
    },
    'scanner.showing': async ({ page }, s) => {
      const last = s.context.last;
      const shown = page.getByTestId('scan-result').locator('section');
      await expect(shown.getByRole('heading', { level: 2 })).toHaveText(
        RESULT_TEXT[last.result as 'unknown'].title,
      );
      if (last.offline) await expect(shown).toContainText('(checked on this device)');
      else await expect(shown).not.toContainText('(checked on this device)');
      await expect(shown.getByRole('button', { name: 'Undo check-in' })).toHaveCount(
        s.context.undoable ? 1 : 0,
      );
      await expectCommon(page, s);
    },
    'scanner.undoing': async ({ page }) => {
      await expect(page.getByRole('button', { name: 'Undo check-in' })).toBeDisabled();
    },
    'sync.idle': ({ page }, s) => expectPending(page, s),
    'sync.syncing': async ({ page }) => {
      await expect(page.getByTestId('pending-count')).toHaveText('Syncing…');
    },
    'sync.waiting': ({ page }, s) => expectPending(page, s),
  },
};

/** Scans waiting to sync; while the device judges a scan, that one may already be counted. */
async function expectPending(page: Page, s: Snap) {
  const n = s.context.pending;
  const judging = s.matches({ scanner: 'checkingOffline' });
  await expect(page.getByTestId('pending-count')).toHaveText(
    judging ? new RegExp(`^(${n}|${n + 1}) waiting to sync$`) : `${n} waiting to sync`,
  );
}

/** The network pill, the scanner's message and notice, and the conflicts panel. */
async function expectCommon(page: Page, s: Snap) {
  const c = s.context;
  await expect(page.getByTestId('network-state')).toHaveText(c.online ? 'Online' : 'Offline');
  if (c.error) await expect(page.getByRole('alert')).toHaveText(c.error);
  else await expect(page.getByRole('alert')).toHaveCount(0);
  if (c.notice) await expect(page.getByText(c.notice)).toBeVisible();
  const conflicts = page.getByTestId('conflicts');
  await expect(conflicts).toHaveCount(c.conflicts.length > 0 ? 1 : 0);
  if (c.conflicts.length > 0) await expect(conflicts).toContainText(NAME);
}
