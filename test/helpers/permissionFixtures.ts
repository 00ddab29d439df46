import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { createdLinkResponse, linkSessionResponse } from '../../contract/checkin';
import { readOrderResponse } from '../../contract/orders';
import type { Role } from '../../server/modules/access/permissions';
import { authed, post } from './accounts';
import { buyTickets } from './checkin';
import { buyerOf, eventWithTypes, type Person, people } from './checkout';
import { freeTicket } from './organiser';
import { joinTeam } from './team';
import type { TestApp } from './testApp';

/**
 * One world for the permission matrix (decision 048), built once per database: an event with its
 * team (owner, co-organiser, finance, door), a paid order of its buyer whose second ticket was sent to
 * another account (its holder), a stranger, and a check-in link's session. Every path parameter has a
 * real id, so a request reaches the rule it is meant to test.
 */
export type World = {
  tokens: Record<Role, string | undefined> & { none: undefined };
  people: Record<Exclude<Role, 'door_link'>, Person>;
  eventId: string;
  typeId: string;
  orderId: string;
  holderCode: string;
  holderReference: string;
  /** Emails and phones of the guests, which only the table's `contact` roles may read. */
  contact: string[];
};

export async function buildWorld(t: TestApp): Promise<World> {
  const [owner, co, finance, door, buyer, holder, stranger] = (await people(
    t.deps.db,
    7,
    'matrix',
  )) as Person[];
  const { event, types } = await eventWithTypes(t.deps.db, owner!.id, [
    { name: 'Regular', priceKobo: 0, purchaseLimit: 10 },
    { name: 'Sponsors', priceKobo: 0, hidden: true },
  ]);
  await joinTeam(t, owner!.token, event.id, co!, 'co_organiser');
  await joinTeam(t, owner!.token, event.id, finance!, 'finance');
  await joinTeam(t, owner!.token, event.id, door!, 'door');
  const order = await buyTickets(t, buyer!, event.id, { [types[0]!.id]: 2 });
  // The second ticket is sent to the holder (an attendee edit by the owner, by its reference).
  const edit = await t.app.inject({
    method: 'PATCH',
    url: `/api/orders/${order._id}/tickets/${order.tickets[1]!.reference}`,
    headers: { authorization: `Bearer ${owner!.token}` },
    payload: { firstName: holder!.firstName, lastName: holder!.lastName, email: holder!.email },
  });
  expect(edit.statusCode, edit.body).toBe(200);
  const reference = readOrderResponse.parse(edit.json()).order.tickets[1]!.reference;
  const [held] = await rows<{ code: string }>(
    t,
    sql`select code from issued_tickets where reference = ${reference} and revoked_at is null`,
  );
  // Allowed to sell (decision 062), so the table's door_link may use the box office too.
  const link = await authed(t, 'POST', `/api/events/${event.id}/checkin-links`, owner!.token, {
    label: 'Main gate',
    canSell: true,
  });
  expect(link.statusCode, link.body).toBe(201);
  const made = createdLinkResponse.parse(link.json());
  const session = await post(t, '/api/checkin/links/session', { token: made.token, pin: made.pin });
  expect(session.statusCode, session.body).toBe(200);
  const all = { owner, co_organiser: co, finance, door, buyer, holder, stranger } as World['people'];
  return {
    tokens: {
      ...(Object.fromEntries(Object.entries(all).map(([role, p]) => [role, p.token])) as Record<
        Role,
        string
      >),
      door_link: linkSessionResponse.parse(session.json()).sessionToken,
      none: undefined,
    },
    people: all,
    eventId: event.id,
    typeId: types[0]!.id,
    orderId: order._id,
    holderCode: held!.code,
    holderReference: reference,
    contact: [buyer!.email, holder!.email, buyerOf(buyer!).phone],
  };
}

async function rows<T>(t: TestApp, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = await t.deps.db.execute(query);
  return (result as unknown as { rows: T[] }).rows;
}

/** Every signed code and share token issued (live or not): what no one but buyer and holder may read. */
export async function ticketSecrets(t: TestApp): Promise<string[]> {
  const found = await rows<{ code: string; share_token: string }>(
    t,
    sql`select code, share_token from issued_tickets`,
  );
  return found.flatMap((r) => [r.code, r.share_token]).filter(Boolean);
}

/** A path with every parameter filled with the world's real ids (an unknown one where none exists). */
export function pathFor(url: string, w: World): string {
  const other = '7d0c5f0e-2b1a-4c55-9f51-3f6b8d8e9a10';
  const value: Record<string, string> = {
    eventId: w.eventId,
    ticketId: w.typeId,
    orderId: w.orderId,
    code: w.holderCode,
    userId: w.people.owner.id,
    id: w.people.stranger.id,
    folder: 'posters',
    file: 'none.webp',
    token: 'not-a-link',
    reference: 'GP-NONE',
  };
  return url.replace(/:([A-Za-z]+)/g, (_, name: string) => encodeURIComponent(value[name] ?? other));
}

/**
 * Bodies for routes that look at who asks only after the body passes the contract, so a refused role
 * meets the rule and not the validator; any other route gets `{}`.
 */
const PHONE_KEY = 'BFJ5qRd0mIly1eq3ETbdRTPEjj-7IcIsO4l5JoUknM4ShEXhUts5Rshib9nPZZnRtrqLCjZjxs7TdcmaQDbdg7c';

export function bodyFor(key: string, w: World): object | undefined {
  const person = { firstName: 'Bisi', lastName: 'Adeyemi', email: 'bisi.matrix@example.ng' };
  const bodies: Record<string, object> = {
    'POST /api/orders/:orderId/discount': { code: 'NOPE' },
    'POST /api/orders/:orderId/pay': { acceptTerms: true, emailUpdates: false },
    'PUT /api/orders/:orderId/items': { items: { [w.typeId]: 1 } },
    'PATCH /api/orders/:orderId/tickets/:code': person,
    'POST /api/orders/:orderId/refunds': { amountNaira: 1, reason: 'Matrix', requestKey: 'matrix-refund' },
    'POST /api/orders/:orderId/refunds/quote': { tickets: [w.holderCode] },
    'POST /api/events/:eventId/checkin-links': { label: 'Side gate' },
    'PATCH /api/events/:eventId/checkin-links/:linkId': { canSell: false },
    'POST /api/tickets/create': freeTicket(w.eventId),
    'POST /api/tickets/code/:code/transfer': person,
    'POST /api/tickets/code/:code/name': { firstName: 'Bisi', lastName: 'Adeyemi' },
    // A real P-256 public key (a phone's, decision 058), so a refused role meets the holder rule.
    'PUT /api/tickets/code/:code/device-key': { publicKey: PHONE_KEY },
    'POST /api/tickets/code/:code/device-key/move': { publicKey: PHONE_KEY },
  };
  if (bodies[key]) return bodies[key];
  return key.startsWith('GET ') ? undefined : {};
}
