import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import type { Allowance, DoorSale, SaleResult } from '../../contract/boxOffice';
import { boxOfficeMachine, type Synced, type Till } from '../../machines/boxOffice.machine';
import { runFlowPath } from '../helpers/flowPath';
import { expectFullCoverage, flowModel, httpError, networkError } from '../helpers/machineModel';

/**
 * The Sell flow at the door (decision 062), walked over every state and transition. The rules are
 * written here apart from the machine: what staff must fill in, that a device sells only seats it
 * holds (not from an expired allowance), what is recorded, and what the upload answers.
 */
const REGULAR = '7c000000-0000-4000-8000-000000000001';
const SALE_ID = '7c000000-0000-4000-8000-0000000000aa';
const allowance = (expiresAt: string): Allowance => ({
  ticketTypeId: REGULAR,
  ticketName: 'Regular',
  price: 5000,
  seats: 20,
  used: 19,
  remaining: 1,
  expiresAt,
});
const types = [{ ticketTypeId: REGULAR, ticketName: 'Regular', price: 5000 }];
const fresh: Till = { types, allowances: [allowance('2099-01-01T00:00:00.000Z')], queued: 0 };
const expired: Till = { types, allowances: [allowance('2020-01-01T00:00:00.000Z')], queued: 1 };
const closed: Till = { types, allowances: [], queued: 0 };
const recorded: SaleResult = {
  id: SALE_ID,
  result: 'recorded',
  message: 'Sold and admitted.',
  orderReference: 'GP-DOOR1',
  tickets: [],
  emailed: false,
};
const synced: Synced = { ...fresh, results: [recorded] };
const syncedExpired: Synced = { ...expired, results: [] };
const sale: DoorSale = {
  id: SALE_ID,
  soldAt: '2026-11-27T21:00:00.000Z',
  guestName: 'Ada Obi',
  method: 'pos',
  paymentNote: 'POS 00412',
  lines: [{ ticketTypeId: REGULAR, quantity: 1 }],
};
const saved = { ...fresh, queued: 1, sale };
const offline = networkError();
const NOT_ALLOWED = 'The organiser has not allowed this check-in link to sell tickets.';
const refused = httpError(403, NOT_ALLOWED);

const events = [
  { type: 'cart.add', ticketTypeId: REGULAR },
  { type: 'cart.remove', ticketTypeId: REGULAR },
  { type: 'field.change', field: 'guestName', value: 'Ada Obi' },
  { type: 'field.change', field: 'paymentNote', value: 'POS 00412' },
  { type: 'method.pick', method: 'pos' },
  { type: 'method.pick', method: 'cash' },
  { type: 'sell' },
  { type: 'sync' },
  { type: 'next' },
  { type: 'close' },
  { type: 'reopen' },
  { type: 'xstate.done.actor.loadTill', output: fresh },
  { type: 'xstate.error.actor.loadTill', error: new Error('IndexedDB blocked') },
  { type: 'xstate.done.actor.syncTill', output: synced },
  { type: 'xstate.done.actor.syncTill', output: syncedExpired },
  { type: 'xstate.error.actor.syncTill', error: offline },
  { type: 'xstate.error.actor.syncTill', error: refused },
  { type: 'xstate.done.actor.saveSale', output: saved },
  { type: 'xstate.error.actor.saveSale', error: new Error('Quota exceeded') },
  { type: 'xstate.done.actor.closeTill', output: closed },
  { type: 'xstate.error.actor.closeTill', error: offline },
];

type Snap = SnapshotFrom<typeof boxOfficeMachine>;
const tillKind = (s: Snap) =>
  s.context.allowances.length === 0
    ? 'none'
    : s.context.allowances[0]!.expiresAt < '2026'
      ? 'expired'
      : 'fresh';
/** What changes what the flow may do: a ticket picked, a name, how it is paid, and the seats held. */
const key = (s: Snap) => [
  (s.context.cart[REGULAR] ?? 0) > 0,
  s.context.form.guestName !== '',
  s.context.form.method === 'cash' ? 'cash' : s.context.form.paymentNote ? 'pos+note' : 'pos',
  tillKind(s),
];
const paths = flowModel(boxOfficeMachine, { events, key }).getShortestPaths();

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2026-11-27T21:00:00Z') });
});

describe('box office paths', () => {
  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_, path) => {
    await runFlowPath(path, {
      machine: boxOfficeMachine.provide({}),
      actorNames: ['loadTill', 'syncTill', 'saveSale', 'closeTill'],
      view: key,
      check: ({ event, real, before, calls, entered }) => {
        const c = real.context;
        const b = before?.context;
        if (!b) {
          expect(real.value).toBe('starting');
          return;
        }
        if (event.type === 'sell' && before?.matches('ready')) {
          const expectedErrors: string[] = [];
          if (!b.form.guestName) expectedErrors.push('guestName');
          if (b.form.method === 'pos' && !b.form.paymentNote) expectedErrors.push('paymentNote');
          if (!(b.cart[REGULAR] ?? 0)) expectedErrors.push('lines');
          const heldFresh = tillKind(before) === 'fresh';
          if (expectedErrors.length > 0) {
            expect(Object.keys(c.errors).sort()).toEqual(expectedErrors.sort());
            expect(real.value).toBe('ready');
          } else if (!heldFresh) {
            // Offline it may sell only seats it holds, and not from an allowance about to expire.
            expect(real.value).toBe('ready');
            expect(c.problem).toMatch(/expired|holds no seats/);
          } else {
            expect(real.value).toBe('saving');
            // What is recorded: the name, one Regular, how it was paid (a note only for POS/transfer).
            expect(calls.saveSale?.at(-1)).toEqual({
              draft: {
                guestName: 'Ada Obi',
                method: b.form.method,
                ...(b.form.method === 'pos' ? { paymentNote: 'POS 00412' } : {}),
                lines: [{ ticketTypeId: REGULAR, quantity: 1 }],
              },
            });
          }
        }
        if (event.type === 'cart.add' && before?.matches('ready')) {
          // Never more in the cart than the device holds.
          const held = b.allowances[0]?.remaining ?? 0;
          expect(c.cart[REGULAR] ?? 0).toBe(Math.min(held, (b.cart[REGULAR] ?? 0) + 1));
        }
        if (event.type === 'xstate.done.actor.saveSale') {
          expect(real.matches({ sold: 'uploading' })).toBe(true);
          expect(c.lastSale).toEqual(sale);
          expect(c.queued).toBe(1);
        }
        if (event.type === 'xstate.done.actor.syncTill' && before?.matches('sold')) {
          // The server's word on the sale just made (none when the upload answered for other sales only).
          const mine = (event.output as Synced).results.find((r) => r.id === SALE_ID) ?? null;
          expect(c.receipt).toEqual(mine);
          expect(c.offline).toBe(false);
        }
        if (event.type === 'xstate.error.actor.syncTill' && before?.matches('sold')) {
          // Offline: the guest is in, the sale waits on the device.
          expect(real.matches({ sold: 'queued' })).toBe(true);
          expect([c.offline, c.lastSale]).toEqual([true, sale]);
        }
        if (event.type === 'xstate.error.actor.syncTill' && before?.matches('syncing')) {
          expect(c.offline).toBe(true);
          expect(c.problem).toBe(
            event.error === refused ? NOT_ALLOWED : 'No network: selling from the seats this device holds.',
          );
        }
        if (event.type === 'xstate.done.actor.syncTill' && before?.matches('syncing')) {
          expect([c.offline, c.problem, c.allowances]).toEqual([false, null, event.output.allowances]);
        }
        if (event.type === 'next') {
          expect([c.cart, c.form.guestName, c.form.method, c.lastSale, c.receipt]).toEqual([
            {},
            '',
            'cash',
            null,
            null,
          ]);
        }
        if (event.type === 'xstate.done.actor.closeTill') expect(c.allowances).toEqual([]);
        // One call per entry into a calling state: never a second upload for one click.
        expect(calls.syncTill?.length ?? 0).toBe(entered('syncing', { sold: 'uploading' }));
        expect(calls.saveSale?.length ?? 0).toBe(entered('saving'));
        expect(calls.closeTill?.length ?? 0).toBe(entered('closing'));
      },
    });
  });
});

describe('box office coverage', () => {
  it('covers every state and transition', () => expectFullCoverage(boxOfficeMachine, paths));
  it('walks a bounded number of paths', () => expect(paths.length).toBeLessThan(3000));
});
