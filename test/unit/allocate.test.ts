import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Allocation, allocate, type Stock, takenByType } from '../../server/modules/orders/allocate';

/**
 * The batch's seat allocation (decision 017) must answer exactly as if every reservation of the
 * batch had run alone, one after the other, in arrival order. The model here is that sequence,
 * written the plain way: for each ask, look at what is left now, take everything or nothing.
 */
const TYPES = ['a', 'b', 'c'];

const stockArb = fc.tuple(
  ...TYPES.map(() =>
    fc.record({
      capacity: fc.option(fc.integer({ min: 0, max: 12 }), { nil: null }),
      sold: fc.integer({ min: 0, max: 6 }),
    }),
  ),
);
const askArb = fc
  .uniqueArray(fc.constantFrom(...TYPES, 'gone'), { minLength: 1, maxLength: 3 })
  .chain((ids) =>
    fc.tuple(
      ...ids.map((id) =>
        fc.record({ ticketTypeId: fc.constant(id), quantity: fc.integer({ min: 1, max: 4 }) }),
      ),
    ),
  );

function oneAfterAnother(
  asks: { ticketTypeId: string; quantity: number }[][],
  stock: Map<string, Stock>,
  eventLeft: number | null,
) {
  const sold = new Map([...stock].map(([k, v]) => [k, v.sold]));
  let event = eventLeft;
  return asks.map((ask) => {
    const fits = ask.every((i) => {
      const s = stock.get(i.ticketTypeId);
      return (
        s !== undefined && (s.capacity === null || (sold.get(i.ticketTypeId) ?? 0) + i.quantity <= s.capacity)
      );
    });
    const seats = ask.reduce((n, i) => n + i.quantity, 0);
    if (!fits || (event !== null && seats > event)) return false;
    for (const i of ask) sold.set(i.ticketTypeId, (sold.get(i.ticketTypeId) ?? 0) + i.quantity);
    if (event !== null) event -= seats;
    return true;
  });
}

describe('allocate (one batch of reservations)', () => {
  it('answers as one-after-another transactions would, never over a capacity, all or nothing per order', () => {
    fc.assert(
      fc.property(
        stockArb,
        fc.array(askArb, { maxLength: 25 }),
        fc.option(fc.integer({ min: 0, max: 30 }), { nil: null }),
        (stocks, asks, eventLeft) => {
          const stock = new Map(TYPES.map((id, i) => [id, stocks[i]!]));
          const got = allocate(asks, stock, eventLeft);
          expect(got.map((a) => a.ok)).toEqual(oneAfterAnother(asks, stock, eventLeft));
          const taken = takenByType(asks, got);
          for (const [id, s] of stock) {
            if (s.capacity !== null)
              expect(s.sold + (taken.get(id) ?? 0)).toBeLessThanOrEqual(Math.max(s.capacity, s.sold));
          }
          if (eventLeft !== null)
            expect([...taken.values()].reduce((n, v) => n + v, 0)).toBeLessThanOrEqual(
              Math.max(0, eventLeft),
            );
        },
      ),
      { numRuns: 300 },
    );
  });

  it('a refusal says which type and how many were left at that point of the batch', () => {
    const stock = new Map<string, Stock>([
      ['a', { capacity: 3, sold: 0 }],
      ['b', { capacity: null, sold: 50 }],
    ]);
    const asks = [
      [{ ticketTypeId: 'a', quantity: 2 }],
      [
        { ticketTypeId: 'a', quantity: 2 },
        { ticketTypeId: 'b', quantity: 1 },
      ],
      [{ ticketTypeId: 'a', quantity: 1 }],
      [{ ticketTypeId: 'a', quantity: 1 }],
      [{ ticketTypeId: 'b', quantity: 4 }],
    ];
    expect(allocate(asks, stock, null)).toEqual<Allocation[]>([
      { ok: true },
      { ok: false, reason: 'type', ticketTypeId: 'a', left: 1 },
      { ok: true },
      { ok: false, reason: 'type', ticketTypeId: 'a', left: 0 },
      { ok: true },
    ]);
    expect(allocate(asks, stock, 4).map((a) => (a.ok ? 'ok' : `${a.reason}:${a.left}`))).toEqual([
      'ok',
      'type:1',
      'ok',
      'type:0',
      'event:1',
    ]);
  });
});
