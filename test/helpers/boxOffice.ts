import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { type BoxOfficeSyncResponse, boxOfficeSyncResponse, type DoorSale } from '../../contract/boxOffice';
import { createdLinkResponse, linkSessionResponse } from '../../contract/checkin';
import { authed, post } from './accounts';
import type { TestApp } from './testApp';

/** A door device for box-office tests (decision 062): its id, and who it sells as. */
export type Device = { id: string; token: string; name: string };

/** A check-in link the owner made (allowed to sell or not), opened with its PIN: a device's session token. */
export async function linkSession(
  t: TestApp,
  ownerToken: string,
  eventId: string,
  label: string,
  canSell: boolean,
) {
  const made = await authed(t, 'POST', `/api/events/${eventId}/checkin-links`, ownerToken, {
    label,
    canSell,
  });
  expect(made.statusCode, made.body).toBe(201);
  const { token, pin } = createdLinkResponse.parse(made.json());
  const session = await post(t, '/api/checkin/links/session', { token, pin });
  expect(session.statusCode, session.body).toBe(200);
  return linkSessionResponse.parse(session.json()).sessionToken;
}

export function sync(
  t: TestApp,
  eventId: string,
  device: Device,
  sales: DoorSale[],
  ticketTypeIds?: string[],
) {
  return authed(t, 'POST', `/api/checkin/${eventId}/box-office/sync`, device.token, {
    deviceId: device.id,
    device: device.name,
    sales,
    ...(ticketTypeIds ? { ticketTypeIds } : {}),
  });
}

export async function synced(
  t: TestApp,
  eventId: string,
  device: Device,
  sales: DoorSale[],
  ticketTypeIds?: string[],
): Promise<BoxOfficeSyncResponse> {
  const res = await sync(t, eventId, device, sales, ticketTypeIds);
  expect(res.statusCode, res.body).toBe(200);
  return boxOfficeSyncResponse.parse(res.json());
}

let n = 0;
/** A sale as a device makes it offline: its own id, now, one guest. */
export function sale(lines: Record<string, number>, extra: Partial<DoorSale> = {}): DoorSale {
  n += 1;
  return {
    id: randomUUID(),
    soldAt: new Date(Date.now() - 60_000 + n).toISOString(),
    guestName: `Door Guest ${n}`,
    method: 'cash',
    lines: Object.entries(lines).map(([ticketTypeId, quantity]) => ({ ticketTypeId, quantity })),
    ...extra,
  };
}

export async function one<T>(t: TestApp, query: ReturnType<typeof sql>): Promise<T> {
  const result = (await t.deps.db.execute(query)) as unknown as { rows: T[] };
  return result.rows[0] as T;
}

/** Seats counted as sold (or held) for a type, and live tickets issued of it. */
export async function seatsOf(t: TestApp, typeId: string) {
  const sold = await one<{ sold: number }>(t, sql`select sold from ticket_types where id = ${typeId}`);
  const issued = await one<{ n: number }>(
    t,
    sql`select count(*)::int as n from issued_tickets where ticket_type_id = ${typeId} and revoked_at is null`,
  );
  const held = await one<{ n: number }>(
    t,
    sql`select coalesce(sum(seats - used), 0)::int as n from door_allowances where ticket_type_id = ${typeId} and released_at is null`,
  );
  return { sold: Number(sold.sold), issued: Number(issued.n), held: Number(held.n) };
}
