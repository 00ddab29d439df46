import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../server/db/query';
import { events, ticketTypes } from '../../server/db/schema';
import {
  EventSoldOut,
  guardedTake,
  releaseSeats,
  SeatsUnavailable,
  takeSeats,
  tryTakeSeats,
} from '../../server/modules/orders/inventory';
import { eventWithTypes, type Person, person } from '../helpers/checkout';
import { testDatabases } from '../helpers/databases';
import { buildTestApp, type TestApp } from '../helpers/testApp';

/** The inventory kernel on the real database: the one seat guard, its refusals and its savepoint. */
describe.each(testDatabases)('The inventory kernel on $name', (database) => {
  let t: TestApp;
  let organiser: Person;
  beforeAll(async () => {
    t = await buildTestApp(database);
    organiser = await person(t.deps.db, 'organiser');
  });
  afterAll(async () => t?.close());

  const soldOf = async (ids: string[]) => {
    const rows = await t.deps.db
      .select({ id: ticketTypes.id, sold: ticketTypes.sold })
      .from(ticketTypes)
      .where(inArray(ticketTypes.id, ids));
    return ids.map((id) => rows.find((r) => r.id === id)?.sold);
  };

  it('a type without enough seats is refused as SeatsUnavailable, naming it, and nothing of the take stays', async () => {
    const { event, types } = await eventWithTypes(t.deps.db, organiser.id, [
      { capacity: 5 },
      { capacity: 2 },
    ]);
    const [roomy, tight] = types as [(typeof types)[0], (typeof types)[0]];
    const refused = await t.deps.db
      .transaction((tx) =>
        takeSeats(tx, event, [
          { ticketTypeId: roomy.id, quantity: 3 },
          { ticketTypeId: tight.id, quantity: 3 },
        ]),
      )
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(refused).toBeInstanceOf(SeatsUnavailable);
    expect((refused as SeatsUnavailable).ticketTypeId).toBe(tight.id);
    expect(await soldOf([roomy.id, tight.id])).toEqual([0, 0]);
  });

  it("over the event's overall capacity: EventSoldOut with the seats that were left, and nothing taken", async () => {
    const { event, types } = await eventWithTypes(
      t.deps.db,
      organiser.id,
      [{ capacity: 10 }, { capacity: 10 }],
      { capacity: 6 },
    );
    const [a, b] = types as [(typeof types)[0], (typeof types)[0]];
    await t.deps.db.transaction((tx) => takeSeats(tx, event, [{ ticketTypeId: a.id, quantity: 4 }]));
    const refused = await t.deps.db
      .transaction((tx) => takeSeats(tx, event, [{ ticketTypeId: b.id, quantity: 3 }]))
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(refused).toBeInstanceOf(EventSoldOut);
    expect((refused as EventSoldOut).left).toBe(2);
    expect(await soldOf([a.id, b.id])).toEqual([4, 0]);
  });

  it('tryTakeSeats: a refusal undoes only its savepoint; the outer transaction commits its other writes', async () => {
    const { event, types } = await eventWithTypes(t.deps.db, organiser.id, [
      { capacity: 3 },
      { capacity: 1 },
    ]);
    const [a, b] = types as [(typeof types)[0], (typeof types)[0]];
    const answers = await t.deps.db.transaction(async (tx) => {
      await tx
        .update(events)
        .set({ eventName: 'Renamed in the outer transaction' })
        .where(eq(events.id, event.id));
      const refused = await tryTakeSeats(tx, event, [
        { ticketTypeId: a.id, quantity: 2 },
        { ticketTypeId: b.id, quantity: 2 },
      ]);
      const taken = await tryTakeSeats(tx, event, [{ ticketTypeId: a.id, quantity: 3 }]);
      return { refused, taken };
    });
    expect(answers).toEqual({ refused: false, taken: true });
    expect(await soldOf([a.id, b.id])).toEqual([3, 0]);
    const [row] = await t.deps.db.select().from(events).where(eq(events.id, event.id));
    expect(row?.eventName).toBe('Renamed in the outer transaction');
  });

  it('the one guard in one statement takes each type only where it fits; unlimited types always fit', async () => {
    const { types } = await eventWithTypes(t.deps.db, organiser.id, [
      { capacity: 2 },
      { capacity: 5 },
      { capacity: null },
    ]);
    const [small, big, open] = types as [(typeof types)[0], (typeof types)[0], (typeof types)[0]];
    const taken = await queryRows<{ id: string }>(
      t.deps.db,
      guardedTake([
        [small.id, 3],
        [big.id, 5],
        [open.id, 1000],
      ]),
    );
    expect(taken.map((r) => r.id).sort()).toEqual([big.id, open.id].sort());
    expect(await soldOf([small.id, big.id, open.id])).toEqual([0, 5, 1000]);
  });

  it('releaseSeats sums a type given back twice and never goes below zero', async () => {
    const { event, types } = await eventWithTypes(t.deps.db, organiser.id, [{ capacity: 10 }]);
    const type = types[0]!;
    await t.deps.db.transaction((tx) => takeSeats(tx, event, [{ ticketTypeId: type.id, quantity: 3 }]));
    await releaseSeats(t.deps.db, [
      { ticketTypeId: type.id, quantity: 2 },
      { ticketTypeId: type.id, quantity: 2 },
    ]);
    expect(await soldOf([type.id])).toEqual([0]);
  });
});
