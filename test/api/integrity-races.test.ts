import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../server/db/query';
import { checkinLinks, users } from '../../server/db/schema';
import { CHANGED_MEANWHILE, integrityAnswer, STILL_IN_USE } from '../../server/http/integrity';
import { SESSION_ENDED } from '../../server/modules/auth/plugin';
import { authed } from '../helpers/accounts';
import { eventWithTypes, type Person, person } from '../helpers/checkout';
import { testDatabases } from '../helpers/databases';
import { freeTicket, validEvent } from '../helpers/organiser';
import { buildTestApp, type TestApp } from '../helpers/testApp';

/**
 * Organiser writes that lose a race with a concurrent change answer 404/409, never 500. The race is
 * made deterministic with a trigger the test installs: it runs inside the route's own INSERT, after
 * the route has checked that the event exists and is the caller's, and does what a concurrent
 * request would have done just then (delete the event, or create the same discount code). The
 * database then refuses the INSERT exactly as it refuses one whose parent a committed concurrent
 * request deleted. The trigger's own change is part of the refused statement, so it is undone with
 * it: afterwards the event is still there and the request has created nothing.
 */
describe.each(testDatabases)('Writes racing a concurrent change on $name', (database) => {
  let t: TestApp;
  let organiser: Person;

  beforeAll(async () => {
    t = await buildTestApp(database);
    organiser = await person(t.deps.db, 'organiser');
  }, 120_000);
  afterAll(async () => t?.close());

  const exec = (statement: string) => t.deps.db.execute(sql.raw(statement));
  let hooked: string | null = null;

  /** Runs `body` (PL/pgSQL, with NEW the row being inserted) just before each insert into `table`. */
  async function justBeforeInsertInto(table: string, body: string) {
    await exec(`create or replace function race_hook() returns trigger language plpgsql as $$
      begin
        if pg_trigger_depth() = 1 then ${body} end if;
        return new;
      end $$`);
    await exec(
      `create trigger race_hook before insert on ${table} for each row execute function race_hook()`,
    );
    hooked = table;
  }
  afterEach(async () => {
    if (hooked) await exec(`drop trigger if exists race_hook on ${hooked}`);
    hooked = null;
  });

  const count = async (statement: string) =>
    Number((await queryRows<{ n: number }>(t.deps.db, sql.raw(statement)))[0]?.n ?? -1);
  const freshEvent = async () =>
    (await eventWithTypes(t.deps.db, organiser.id, [{ name: 'Regular' }])).event.id;
  /** The refused statement (the trigger's delete with it) left the event as it was. */
  const eventUntouched = async (eventId: string) =>
    expect(await count(`select count(*)::int as n from events where id = '${eventId}'`)).toBe(1);

  /** What the route answers for an event that was never there: the race must answer the same. */
  async function missingEventAnswer(method: 'POST', url: (eventId: string) => string, body: object) {
    const res = await authed(t, method, url(randomUUID()), organiser.token, body);
    expect(res.statusCode, res.body).toBe(404);
    return res.json().message as string;
  }

  it('POST /api/events/:id/checkin-links: event deleted before the insert → 404 in the route’s words, no link', async () => {
    const url = (id: string) => `/api/events/${id}/checkin-links`;
    const expected = await missingEventAnswer('POST', url, { label: 'Gate A' });
    const eventId = await freshEvent();
    await justBeforeInsertInto('checkin_links', 'delete from events where id = new.event_id;');
    const res = await authed(t, 'POST', url(eventId), organiser.token, { label: 'Gate A' });
    expect(res.statusCode, res.body).toBe(404);
    expect(res.json()).toEqual({ message: expected });
    await eventUntouched(eventId);
    expect(await count(`select count(*)::int as n from checkin_links where event_id = '${eventId}'`)).toBe(0);
  });

  it('POST /api/tickets/create: event deleted before the insert → 404 Event not found, no ticket type', async () => {
    const expected = await missingEventAnswer('POST', () => '/api/tickets/create', freeTicket(randomUUID()));
    const eventId = await freshEvent();
    const types = `select count(*)::int as n from ticket_types where event_id = '${eventId}'`;
    const before = await count(types);
    await justBeforeInsertInto('ticket_types', 'delete from events where id = new.event_id;');
    const res = await authed(t, 'POST', '/api/tickets/create', organiser.token, freeTicket(eventId));
    expect(res.statusCode, res.body).toBe(404);
    expect(res.json()).toEqual({ message: expected });
    await eventUntouched(eventId);
    expect(await count(types)).toBe(before);
  });

  const discount = { code: 'EARLYBIRD', kind: 'percent', percentOff: 20 };

  it('POST /api/events/:id/discounts: event deleted before the insert → 404 Event not found, no code', async () => {
    const url = (id: string) => `/api/events/${id}/discounts`;
    const expected = await missingEventAnswer('POST', url, discount);
    const eventId = await freshEvent();
    await justBeforeInsertInto('discount_codes', 'delete from events where id = new.event_id;');
    const res = await authed(t, 'POST', url(eventId), organiser.token, discount);
    expect(res.statusCode, res.body).toBe(404);
    expect(res.json()).toEqual({ message: expected });
    await eventUntouched(eventId);
    expect(await count(`select count(*)::int as n from discount_codes where event_id = '${eventId}'`)).toBe(
      0,
    );
  });

  it('POST /api/events/:id/discounts: the same code created meanwhile → 409 naming the code, nothing created', async () => {
    const eventId = await freshEvent();
    await justBeforeInsertInto(
      'discount_codes',
      `insert into discount_codes (event_id, code, kind, percent_off) values (new.event_id, lower(new.code), 'percent', 5);`,
    );
    const res = await authed(t, 'POST', `/api/events/${eventId}/discounts`, organiser.token, discount);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toBe('This event already has the code EARLYBIRD (codes ignore case).');
    expect(await count(`select count(*)::int as n from discount_codes where event_id = '${eventId}'`)).toBe(
      0,
    );
  });

  it('POST /api/events/create: the account deleted before the insert → 401 as its next request would get, no event', async () => {
    const owner = await person(t.deps.db, 'leaving');
    await justBeforeInsertInto('events', 'delete from users where id = new.organiser_id;');
    const res = await authed(t, 'POST', '/api/events/create', owner.token, validEvent());
    expect(res.statusCode, res.body).toBe(401);
    expect(res.json()).toEqual({ message: SESSION_ENDED });
    expect(await count(`select count(*)::int as n from events where organiser_id = '${owner.id}'`)).toBe(0);
  });

  it('the shared mapping reads both drivers’ errors through drizzle: missing parent, still referenced, duplicate', async () => {
    const caught = async (write: () => Promise<unknown>) => {
      try {
        await write();
      } catch (error) {
        return error;
      }
      throw new Error('the write was expected to fail');
    };
    const orphan = await caught(() =>
      t.deps.db.insert(checkinLinks).values({
        eventId: randomUUID(),
        label: 'Gate A',
        tokenHash: randomUUID(),
        pinHash: 'x',
        expiresAt: new Date(),
      }),
    );
    expect(integrityAnswer(orphan)).toEqual({
      status: 404,
      message: 'Event not found',
      constraint: 'checkin_links_event_id_events_id_fk',
    });
    // The organiser still owns events: deleting the account is refused by the events' foreign key.
    await freshEvent();
    const referenced = await caught(() => t.deps.db.delete(users).where(sql`${users.id} = ${organiser.id}`));
    expect(integrityAnswer(referenced)).toEqual({
      status: 409,
      message: STILL_IN_USE,
      constraint: 'events_organiser_id_users_id_fk',
    });
    const hash = randomUUID();
    const eventId = await freshEvent();
    const link = { eventId, label: 'Gate A', tokenHash: hash, pinHash: 'x', expiresAt: new Date() };
    await t.deps.db.insert(checkinLinks).values(link);
    const duplicate = await caught(() => t.deps.db.insert(checkinLinks).values(link));
    expect(integrityAnswer(duplicate)).toEqual({
      status: 409,
      message: CHANGED_MEANWHILE,
      constraint: 'checkin_links_token_hash_unique',
    });
    expect(integrityAnswer(new Error('not a database error'))).toBeNull();
  });
});
