import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '../../server/db/client';
import { events, sessions, ticketTypes, users } from '../../server/db/schema';
import { sha256 } from '../../server/modules/auth/tokens';

/**
 * Checkout fixtures written straight to the database (signing 200 buyers up through the API would
 * spend minutes hashing passwords): people with live sessions, and events with ticket types.
 * Everything checkout then does goes through the real API.
 */

let counter = 0;

export type Person = { id: string; token: string; email: string; firstName: string; lastName: string };

export async function people(db: Database, n: number, prefix = 'buyer'): Promise<Person[]> {
  const made = Array.from({ length: n }, () => {
    counter += 1;
    const tag = `${Date.now().toString(36)}${counter}${randomBytes(2).toString('hex')}`;
    return { tag, token: randomBytes(32).toString('base64url') };
  });
  const rows = await db
    .insert(users)
    .values(
      made.map((m) => ({
        firstName: 'Ngozi',
        lastName: 'Eze',
        username: `${prefix}_${m.tag}`,
        email: `${prefix}.${m.tag}@example.ng`,
        passwordHash: 'not-a-real-hash',
        emailVerifiedAt: new Date(),
      })),
    )
    .returning({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName });
  await db.insert(sessions).values(
    rows.map((r, i) => ({
      userId: r.id,
      tokenHash: sha256(made[i]!.token),
      expiresAt: sql`now() + interval '1 day'`,
    })),
  );
  return rows.map((r, i) => ({ ...r, token: made[i]!.token }));
}

export async function person(db: Database, prefix = 'buyer'): Promise<Person> {
  return (await people(db, 1, prefix))[0]!;
}

export type TypeSpec = {
  name?: string;
  priceKobo?: number;
  capacity?: number | null;
  purchaseLimit?: number;
  salesFrom?: Date | null;
  salesUntil?: Date | null;
  hidden?: boolean;
};

/** A published upcoming event of `organiserId` with the given ticket types (default: one ₦5,000 type of 100). */
export async function eventWithTypes(
  db: Database,
  organiserId: string,
  specs: TypeSpec[] = [{}],
  eventOverrides: Partial<typeof events.$inferInsert> = {},
) {
  const [event] = await db
    .insert(events)
    .values({
      organiserId,
      eventName: 'Afrobeats Night Lagos',
      category: 'Music',
      startDate: '2031-03-14',
      endDate: '2031-03-14',
      startTime: '18:00',
      endTime: '23:00',
      eventLocation: 'physical',
      country: 'Nigeria',
      state: 'Lagos',
      location: 'Eko Convention Centre',
      status: 'published',
      ...eventOverrides,
    })
    .returning();
  const types = await db
    .insert(ticketTypes)
    .values(
      specs.map((s, i) => {
        const price = s.priceKobo ?? 500_000;
        const capacity = s.capacity === undefined ? 100 : s.capacity;
        return {
          eventId: event!.id,
          ticketName: s.name ?? `Type ${i + 1}`,
          priceKobo: price,
          ticketType: price === 0 ? ('free' as const) : ('paid' as const),
          ticketStock: capacity === null ? ('unlimited' as const) : ('limited' as const),
          capacity,
          purchaseLimit: s.purchaseLimit ?? 10,
          benefits: 'Entry',
          salesFrom: s.salesFrom ?? null,
          salesUntil: s.salesUntil ?? null,
          hidden: s.hidden ?? false,
          createdAt: new Date(Date.now() + i),
        };
      }),
    )
    .returning();
  return { event: event!, types };
}

export const buyerOf = (p: Person) => ({
  firstName: p.firstName,
  lastName: p.lastName,
  email: p.email,
  phone: '+2348031234567',
});
