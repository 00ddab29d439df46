import { sql } from 'drizzle-orm';
import { type OnsalePlace, onsalePlaceResponse } from '../../contract/onsale';
import { orderResponse } from '../../contract/orders';
import type { Database } from '../../server/db/client';
import { authed } from './accounts';
import { buyerOf, eventWithTypes, type Person } from './checkout';
import type { TestApp } from './testApp';

/**
 * Waiting-room fixtures (decision 059). Time is moved by moving the event's on-sale instant in the
 * database (never by sleeping): "the sale opened 10 s ago" is `onsale_at = now() - 10 s`.
 */

export async function roomEvent(
  db: Database,
  organiserId: string,
  opts: { opensInSeconds: number; capacity?: number; rate?: number; mode?: 'on' | 'off' | 'auto' },
) {
  return eventWithTypes(db, organiserId, [{ name: 'General', capacity: opts.capacity ?? 1000 }], {
    onsaleAt: new Date(Date.now() + opts.opensInSeconds * 1000),
    waitingRoom: opts.mode ?? 'on',
    admitPerSecond: opts.rate ?? 10,
  });
}

/** Moves the sale's opening to `seconds` from now (negative: it opened that long ago). */
export async function opensIn(db: Database, eventId: string, seconds: number) {
  await db.execute(
    sql`update events set onsale_at = now() + make_interval(secs => ${seconds}) where id = ${eventId}::uuid`,
  );
}

export async function joinQueue(t: TestApp, eventId: string, who: Person): Promise<OnsalePlace> {
  const res = await authed(t, 'POST', `/api/onsale/${eventId}/join`, who.token);
  if (res.statusCode !== 200) throw new Error(`join ${res.statusCode}: ${res.body}`);
  return onsalePlaceResponse.parse(res.json());
}

export async function myPlace(t: TestApp, eventId: string, who: Person): Promise<OnsalePlace> {
  const res = await authed(t, 'GET', `/api/onsale/${eventId}`, who.token);
  if (res.statusCode !== 200) throw new Error(`place ${res.statusCode}: ${res.body}`);
  return onsalePlaceResponse.parse(res.json());
}

export async function buy(
  t: TestApp,
  eventId: string,
  typeId: string,
  who: Person,
  onsalePass?: string | null,
) {
  const res = await authed(t, 'POST', '/api/orders', who.token, {
    eventId,
    items: { [typeId]: 1 },
    buyer: buyerOf(who),
    ...(onsalePass ? { onsalePass } : {}),
  });
  return {
    status: res.statusCode,
    message: (res.json() as { message?: string }).message,
    orderId: res.statusCode === 201 ? orderResponse.parse(res.json()).order._id : null,
  };
}
