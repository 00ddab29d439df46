/**
 * The flash sale's event, with everything a checkout can ask turned on (issue #31): two dates, the
 * sale's hidden type on the first one behind an access code, a waiting list on a sold-out type,
 * and checkout questions per order and per attendee. Written straight to the database like the
 * tests' fixtures (test/helpers/checkout.ts); everything the buyers do goes through the real API.
 */
import { eq } from 'drizzle-orm';
import type { Database } from '../server/db/client';
import { accessCodes, eventDates, eventQuestions, ticketTypes, waitlistEntries } from '../server/db/schema';
import { buyerOf, eventWithTypes, type Person } from '../test/helpers/checkout';

export const ACCESS_CODE = 'FLASHVIP';

export async function flashSaleEvent(db: Database, organiser: Person, seats: number, waiter: Person) {
  const { event, types } = await eventWithTypes(db, organiser.id, [
    { name: 'Flash', capacity: seats, purchaseLimit: 2, hidden: true },
    { name: 'Early Bird', capacity: 0, purchaseLimit: 2 },
  ]);
  const [flash, early] = types as [(typeof types)[0], (typeof types)[0]];
  const [night1] = await db
    .insert(eventDates)
    .values([
      { eventId: event.id, date: '2031-03-14', startTime: '18:00', endTime: '23:00', label: 'Night 1' },
      { eventId: event.id, date: '2031-03-15', startTime: '18:00', endTime: '23:00', label: 'Night 2' },
    ])
    .returning();
  await db.update(ticketTypes).set({ eventDateId: night1!.id }).where(eq(ticketTypes.id, flash.id));
  await db.insert(accessCodes).values({ eventId: event.id, code: ACCESS_CODE, ticketTypeIds: [flash.id] });
  await db.insert(waitlistEntries).values({
    eventId: event.id,
    ticketTypeId: early.id,
    userId: waiter.id,
    email: waiter.email,
    firstName: waiter.firstName,
    lastName: waiter.lastName,
    quantity: 1,
  });
  const [size, matric] = await db
    .insert(eventQuestions)
    .values([
      {
        eventId: event.id,
        label: 'T-shirt size',
        kind: 'choice',
        scope: 'order',
        required: true,
        options: ['S', 'M', 'L'],
        position: 0,
      },
      {
        eventId: event.id,
        label: 'Matric number',
        kind: 'text',
        scope: 'attendee',
        required: true,
        position: 1,
      },
      {
        eventId: event.id,
        label: 'Vegetarian meal',
        kind: 'yes_no',
        scope: 'order',
        required: false,
        position: 2,
      },
    ])
    .returning();
  /** A buyer's POST /api/orders body: the code, and every question answered for each seat. */
  const body = (b: Person, qty: number) =>
    JSON.stringify({
      eventId: event.id,
      items: { [flash.id]: qty },
      buyer: buyerOf(b),
      accessCode: ACCESS_CODE.toLowerCase(),
      answers: [
        { questionId: size!.id, value: 'M' },
        ...Array.from({ length: qty }, (_, index) => ({
          questionId: matric!.id,
          ticketId: flash.id,
          index,
          value: `UNILAG/${index + 1}`,
        })),
      ],
    });
  return { event, flash, body };
}
