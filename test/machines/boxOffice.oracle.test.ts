import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Allowance, DoorSale, SaleResult } from '../../contract/boxOffice';
import { saleDraft } from '../../contract/boxOffice';
import { boxOfficeMachine, draftOf, type Till } from '../../machines/boxOffice.machine';
import { driveMachine } from '../helpers/driveMachine';
import { httpError, networkError } from '../helpers/machineModel';
import { firstIssues } from '../helpers/tabOracle';

// Selling at the door (decision 062) step by step, each step compared with values written here from
// the decision, not read off the machine (decision 054): the state, the whole context and every
// call's input. The generated paths (boxOffice.model) walk every transition; this says what each one
// must leave behind, with the edges the paths do not reach (the seat cap, other fields, the failures'
// own words).

const REGULAR = '7c000000-0000-4000-8000-000000000001';
const VIP = '7c000000-0000-4000-8000-000000000002';
const allowance = (
  ticketTypeId: string,
  remaining: number,
  expiresAt = '2099-01-01T00:00:00.000Z',
): Allowance => ({
  ticketTypeId,
  ticketName: ticketTypeId === VIP ? 'VIP' : 'Regular',
  price: 5000,
  seats: 40,
  used: 40 - remaining,
  remaining,
  expiresAt,
});
const types = [
  { ticketTypeId: REGULAR, ticketName: 'Regular', price: 5000 },
  { ticketTypeId: VIP, ticketName: 'VIP', price: 20000 },
];
const till: Till = { types, allowances: [allowance(REGULAR, 30), allowance(VIP, 2)], queued: 0 };
const sale: DoorSale = {
  id: '7c000000-0000-4000-8000-0000000000aa',
  soldAt: '2026-11-27T21:00:00.000Z',
  guestName: 'Ada Obi',
  method: 'cash',
  lines: [{ ticketTypeId: VIP, quantity: 2 }],
};
const receipt: SaleResult = {
  id: sale.id,
  result: 'recorded',
  message: 'Sold and admitted.',
  orderReference: 'GP-DOOR1',
  tickets: [],
  emailed: false,
};
const emptyForm = { guestName: '', email: '', phone: '', method: 'cash', paymentNote: '' };
const blank = {
  types: [],
  allowances: [],
  queued: 0,
  cart: {},
  form: emptyForm,
  errors: {},
  problem: null,
  offline: false,
  lastSale: null,
  receipt: null,
};
const CALLS = ['loadTill', 'syncTill', 'saveSale', 'closeTill'] as const;
const start = async () => {
  const d = driveMachine(boxOfficeMachine, { input: undefined, calls: CALLS, recorded: [] });
  await vi.advanceTimersByTimeAsync(0);
  return d;
};
/** A device that read its till and synced. */
const ready = async (t: Till = till) => {
  const d = await start();
  await d.resolve('loadTill', t);
  await d.resolve('syncTill', { ...t, results: [] });
  return d;
};

beforeEach(() => void vi.useFakeTimers({ now: new Date('2026-11-27T21:00:00Z') }));

describe('opening the till', () => {
  it('reads what the device kept, then syncs, keeping only the till of each answer', async () => {
    const d = await start();
    expect(d.snap().value).toBe('starting');
    expect(d.context()).toEqual(blank);
    expect(d.calls.loadTill).toHaveLength(1);
    await d.resolve('loadTill', { ...till, queued: 3 });
    expect(d.snap().value).toBe('syncing');
    expect(d.context()).toEqual({ ...blank, ...till, queued: 3 });
    expect(d.calls.syncTill).toHaveLength(1);
    await d.resolve('syncTill', { ...till, queued: 0, results: [receipt] });
    expect(d.snap().value).toBe('ready');
    expect(d.context()).toEqual({ ...blank, ...till });
    d.actor.stop();
  });

  it("says why it could not read or sync: the server's words, else its own; offline it sells what it holds", async () => {
    const d = await start();
    await d.reject('loadTill', new Error('IndexedDB blocked'));
    expect(d.context()).toEqual({ ...blank, problem: 'This device could not read its till.' });
    await d.reject('syncTill', networkError());
    expect(d.snap().value).toBe('ready');
    expect(d.context()).toEqual({
      ...blank,
      offline: true,
      problem: 'No network: selling from the seats this device holds.',
    });
    d.send({ type: 'sync' });
    await d.reject('syncTill', httpError(403, 'Not allowed to sell.'));
    expect(d.context().problem).toBe('Not allowed to sell.');
    d.send({ type: 'sync' });
    await d.resolve('syncTill', { ...till, results: [] });
    expect(d.context()).toEqual({ ...blank, ...till });
    const e = await start();
    await e.reject('loadTill', httpError(500, 'Storage is full.'));
    expect(e.context().problem).toBe('Storage is full.');
    d.actor.stop();
    e.actor.stop();
  });
});

describe('the cart', () => {
  it('holds no more of a type than the device holds, nor than one sale may, and never below none', async () => {
    const d = await ready({ ...till, allowances: [allowance(REGULAR, 30), allowance(VIP, 2)] });
    for (let i = 0; i < 25; i++) d.send({ type: 'cart.add', ticketTypeId: REGULAR });
    expect(d.context().cart).toEqual({ [REGULAR]: 20 });
    for (let i = 0; i < 3; i++) d.send({ type: 'cart.add', ticketTypeId: VIP });
    expect(d.context().cart).toEqual({ [REGULAR]: 20, [VIP]: 2 });
    d.send({ type: 'cart.add', ticketTypeId: '7c000000-0000-4000-8000-000000000099' });
    expect(d.context().cart).toEqual({ [REGULAR]: 20, [VIP]: 2 });
    d.send({ type: 'cart.remove', ticketTypeId: VIP });
    expect(d.context().cart).toEqual({ [REGULAR]: 20, [VIP]: 1 });
    d.send({ type: 'cart.remove', ticketTypeId: VIP });
    d.send({ type: 'cart.remove', ticketTypeId: VIP });
    expect(d.context().cart).toEqual({ [REGULAR]: 20 });
    d.actor.stop();
  });

  it('a change to the cart clears the last problem', async () => {
    const d = await ready({ ...till, allowances: [allowance(REGULAR, 3, '2020-01-01T00:00:00.000Z')] });
    d.send({ type: 'cart.add', ticketTypeId: REGULAR });
    d.send({ type: 'field.change', field: 'guestName', value: 'Ada Obi' });
    d.send({ type: 'sell' });
    expect(d.context().problem).toBe("This device's seats have expired. Connect and sync before selling.");
    d.send({ type: 'cart.remove', ticketTypeId: REGULAR });
    expect(d.context().problem).toBeNull();
    d.send({ type: 'cart.add', ticketTypeId: REGULAR });
    d.send({ type: 'sell' });
    d.send({ type: 'cart.add', ticketTypeId: REGULAR });
    expect(d.context().problem).toBeNull();
    d.actor.stop();
  });
});

describe('the form and the sale', () => {
  it("refuses what the contract refuses, in its words; an edit clears only that field's words", async () => {
    const d = await ready();
    d.send({ type: 'method.pick', method: 'transfer' });
    d.send({ type: 'sell' });
    const expected = firstIssues(
      saleDraft.safeParse({ guestName: '', method: 'transfer', paymentNote: '', lines: [] }),
    );
    expect(Object.keys(expected).sort()).toEqual(['guestName', 'lines', 'paymentNote']);
    expect(d.snap().value).toBe('ready');
    expect(d.context().errors).toEqual(expected);
    d.send({ type: 'field.change', field: 'guestName', value: 'Ada Obi' });
    const { guestName: _g, ...withoutName } = expected;
    expect(d.context().errors).toEqual(withoutName);
    expect(d.context().form).toEqual({ ...emptyForm, method: 'transfer', guestName: 'Ada Obi' });
    d.send({ type: 'method.pick', method: 'pos' });
    const { paymentNote: _p, ...onlyLines } = withoutName;
    expect(d.context().errors).toEqual(onlyLines);
    expect(d.calls.saveSale).toEqual([]);
    d.actor.stop();
  });

  it('sends the name, the filled contact fields, the note only when not cash, and the lines in the cart', async () => {
    const d = await ready();
    d.send({ type: 'cart.add', ticketTypeId: VIP });
    d.send({ type: 'cart.add', ticketTypeId: VIP });
    d.send({ type: 'cart.add', ticketTypeId: REGULAR });
    d.send({ type: 'cart.remove', ticketTypeId: REGULAR });
    for (const [field, value] of [
      ['guestName', 'Ada Obi'],
      ['email', 'ada@example.ng'],
      ['phone', '  '],
      ['paymentNote', 'kept but not sent for cash'],
    ])
      d.send({ type: 'field.change', field, value });
    d.send({ type: 'sell' });
    expect(d.snap().value).toBe('saving');
    expect(d.calls.saveSale).toEqual([
      {
        draft: {
          guestName: 'Ada Obi',
          method: 'cash',
          email: 'ada@example.ng',
          lines: [{ ticketTypeId: VIP, quantity: 2 }],
        },
      },
    ]);
    await d.reject('saveSale', new Error('Quota exceeded'));
    expect(d.snap().value).toBe('ready');
    expect(d.context().problem).toBe('The sale could not be saved on this device.');
    d.send({ type: 'field.change', field: 'phone', value: '0803 000 0000' });
    d.send({ type: 'method.pick', method: 'pos' });
    d.send({ type: 'sell' });
    expect(d.context().problem).toBeNull();
    expect(d.calls.saveSale?.[1]).toEqual({
      draft: {
        guestName: 'Ada Obi',
        method: 'pos',
        email: 'ada@example.ng',
        phone: '0803 000 0000',
        paymentNote: 'kept but not sent for cash',
        lines: [{ ticketTypeId: VIP, quantity: 2 }],
      },
    });
    await d.reject('saveSale', httpError(409, 'This device is full.'));
    expect(d.context().problem).toBe('This device is full.');
    d.actor.stop();
  });

  it('refuses a cart beyond the seats held, in the words of the seat rules', async () => {
    const d = await ready({ ...till, allowances: [allowance(REGULAR, 1)] });
    d.send({ type: 'field.change', field: 'guestName', value: 'Ada Obi' });
    d.send({ type: 'cart.add', ticketTypeId: REGULAR });
    // The device synced again and now holds none.
    d.send({ type: 'sync' });
    await d.resolve('syncTill', { ...till, allowances: [], results: [] });
    d.send({ type: 'sell' });
    expect(d.snap().value).toBe('ready');
    expect(d.context().problem).toBe(
      'This device holds no seats of that type. Connect and sync to get some.',
    );
    expect(d.context().errors).toEqual({});
    d.actor.stop();
  });

  it('a sale made: the guest is in, uploaded at once, or queued offline; Next empties the form', async () => {
    const d = await ready();
    d.send({ type: 'cart.add', ticketTypeId: VIP });
    d.send({ type: 'cart.add', ticketTypeId: VIP });
    d.send({ type: 'field.change', field: 'guestName', value: 'Ada Obi' });
    d.send({ type: 'sell' });
    const after = { ...till, allowances: [allowance(REGULAR, 30), allowance(VIP, 0)], queued: 1 };
    await d.resolve('saveSale', { ...after, sale });
    expect(d.snap().value).toEqual({ sold: 'uploading' });
    expect(d.context()).toEqual({
      ...blank,
      ...after,
      cart: { [VIP]: 2 },
      form: { ...emptyForm, guestName: 'Ada Obi' },
      lastSale: sale,
    });
    expect(d.calls.syncTill).toHaveLength(2);
    const other = { ...receipt, id: '7c000000-0000-4000-8000-0000000000bb' };
    await d.resolve('syncTill', { ...after, queued: 0, results: [other, receipt] });
    expect(d.snap().value).toEqual({ sold: 'uploaded' });
    expect(d.context()).toMatchObject({ queued: 0, offline: false, receipt });
    expect(d.context()).not.toHaveProperty('results');
    d.send({ type: 'next' });
    expect(d.snap().value).toBe('ready');
    expect(d.context()).toEqual({ ...blank, ...after, queued: 0 });
    // The next one, offline; its upload answers for other sales only.
    d.send({ type: 'cart.add', ticketTypeId: REGULAR });
    d.send({ type: 'field.change', field: 'guestName', value: 'Tobi' });
    d.send({ type: 'sell' });
    await d.resolve('saveSale', { ...after, queued: 1, sale: { ...sale, id: other.id } });
    await d.reject('syncTill', networkError());
    expect(d.snap().value).toEqual({ sold: 'queued' });
    expect(d.context()).toMatchObject({ offline: true, receipt: null, queued: 1 });
    d.send({ type: 'next' });
    expect(d.context()).toMatchObject({
      cart: {},
      form: emptyForm,
      lastSale: null,
      receipt: null,
      offline: true,
    });
    d.actor.stop();
    const e = await ready();
    e.send({ type: 'cart.add', ticketTypeId: VIP });
    e.send({ type: 'field.change', field: 'guestName', value: 'Ada Obi' });
    e.send({ type: 'sell' });
    await e.resolve('saveSale', { ...after, sale });
    await e.resolve('syncTill', { ...after, results: [other] });
    expect(e.context().receipt).toBeNull();
    e.actor.stop();
  });
});

describe('closing the till', () => {
  it('gives the seats back online; offline it says so; closed, it reopens by syncing', async () => {
    const d = await ready();
    d.send({ type: 'close' });
    expect(d.snap().value).toBe('closing');
    await d.reject('closeTill', networkError());
    expect(d.snap().value).toBe('ready');
    expect(d.context().problem).toBe('The till could not be closed. Try again online.');
    d.send({ type: 'close' });
    await d.reject('closeTill', httpError(403, 'Only the owner may close.'));
    expect(d.context().problem).toBe('Only the owner may close.');
    d.send({ type: 'close' });
    await d.resolve('closeTill', { ...till, allowances: [] });
    expect(d.snap().value).toBe('closed');
    expect(d.context()).toEqual({ ...blank, ...till, allowances: [] });
    d.send({ type: 'reopen' });
    expect(d.snap().value).toBe('syncing');
    expect(d.calls.syncTill).toHaveLength(2);
    expect(d.calls.closeTill).toHaveLength(3);
    d.actor.stop();
  });
});

it('the draft leaves out blank contact fields and empty lines', () => {
  expect(
    draftOf({
      form: { guestName: 'Ada', email: ' ', phone: '', method: 'transfer', paymentNote: 'ref 1' },
      cart: { [REGULAR]: 0, [VIP]: 1 },
    }),
  ).toEqual({
    guestName: 'Ada',
    method: 'transfer',
    paymentNote: 'ref 1',
    lines: [{ ticketTypeId: VIP, quantity: 1 }],
  });
});
