import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessCodeListResponse } from '../../contract/accessCodes';
import { eventSavedResponse, manageEventResponse } from '../../contract/organiser';
import { questionListResponse } from '../../contract/questions';
import { teamResponse } from '../../contract/team';
import { ticketTypes } from '../../server/db/schema';
import { authed } from '../helpers/accounts';
import { eventWithTypes, type Person, person } from '../helpers/checkout';
import { testDatabases } from '../helpers/databases';
import { joinTeam } from '../helpers/team';
import { buildTestApp, type TestApp } from '../helpers/testApp';

/**
 * Copies keep their rules (decision 049). Duplicating an event made its hidden ticket types public:
 * the copy's types lost `hidden`, and its access codes, checkout questions and team were not copied
 * at all. Now the copy keeps them, and its answer says what it does not copy.
 */
describe.each(testDatabases)('Duplicating an event keeps its rules on $name', (database) => {
  let t: TestApp;
  let owner: Person;
  let co: Person;
  let door: Person;
  let eventId: string;
  let sponsorId: string;

  beforeAll(async () => {
    t = await buildTestApp(database);
    owner = await person(t.deps.db, 'owner');
    co = await person(t.deps.db, 'co');
    door = await person(t.deps.db, 'door');
    const made = await eventWithTypes(t.deps.db, owner.id, [
      { name: 'Regular', priceKobo: 0 },
      { name: 'Sponsor Table', priceKobo: 0, hidden: true },
    ]);
    eventId = made.event.id;
    sponsorId = made.types[1]!.id;
    const code = await authed(t, 'POST', `/api/events/${eventId}/access-codes`, owner.token, {
      code: 'VIPLIST',
      ticketTypeIds: [sponsorId],
    });
    expect(code.statusCode, code.body).toBe(201);
    const ask = (body: object) => authed(t, 'POST', `/api/events/${eventId}/questions`, owner.token, body);
    expect(
      (
        await ask({
          label: 'T-shirt size',
          kind: 'choice',
          scope: 'attendee',
          required: true,
          options: ['S', 'M'],
        })
      ).statusCode,
    ).toBe(201);
    const dropped = await ask({ label: 'Old question', kind: 'text', scope: 'order', required: false });
    const old = questionListResponse.parse(dropped.json()).questions.find((q) => q.label === 'Old question')!;
    expect(
      (await authed(t, 'DELETE', `/api/events/${eventId}/questions/${old.id}`, owner.token)).statusCode,
    ).toBe(200);
    await joinTeam(t, owner.token, eventId, co, 'co_organiser');
    await joinTeam(t, owner.token, eventId, door, 'door');
    const pending = await authed(t, 'POST', `/api/events/${eventId}/team/invitations`, owner.token, {
      email: 'pending.member@example.ng',
      role: 'finance',
    });
    expect(pending.statusCode, pending.body).toBe(201);
  }, 180_000);
  afterAll(async () => t?.close());

  it('keeps hidden types hidden, access codes on the copy’s types, questions and team; says what it leaves', async () => {
    const res = await authed(t, 'POST', `/api/events/${eventId}/duplicate`, owner.token);
    expect(res.statusCode, res.body).toBe(201);
    const saved = eventSavedResponse.parse(res.json());
    const copyId = saved.event._id;

    const types = await t.deps.db.select().from(ticketTypes).where(eq(ticketTypes.eventId, copyId));
    const byName = new Map(types.map((x) => [x.ticketName, x]));
    expect(byName.get('Regular')?.hidden).toBe(false);
    expect(byName.get('Sponsor Table')?.hidden).toBe(true);
    const manage = manageEventResponse.parse(
      (await authed(t, 'GET', `/api/events/${copyId}/manage`, owner.token)).json(),
    );
    expect(manage.tickets.map((x) => [x.ticketName, x.hidden])).toEqual([
      ['Regular', false],
      ['Sponsor Table', true],
    ]);

    const codes = accessCodeListResponse.parse(
      (await authed(t, 'GET', `/api/events/${copyId}/access-codes`, owner.token)).json(),
    ).accessCodes;
    expect(codes.map((c) => [c.code, c.ticketTypeIds])).toEqual([
      ['VIPLIST', [byName.get('Sponsor Table')!.id]],
    ]);

    const questions = questionListResponse.parse(
      (await authed(t, 'GET', `/api/events/${copyId}/questions`, owner.token)).json(),
    ).questions;
    expect(questions.map((q) => [q.label, q.kind, q.scope, q.required, q.options])).toEqual([
      ['T-shirt size', 'choice', 'attendee', true, ['S', 'M']],
    ]);

    const team = teamResponse.parse(
      (await authed(t, 'GET', `/api/events/${copyId}/team`, owner.token)).json(),
    );
    expect(team.members.map((m) => [m.email, m.role]).sort()).toEqual(
      [
        [co.email, 'co_organiser'],
        [door.email, 'door'],
      ].sort(),
    );
    expect(team.invitations).toEqual([]);
    // What it does not copy is said, not left to be discovered.
    expect(saved.message).toMatch(/hidden ones stay hidden/);
    expect(saved.message).toMatch(/Not copied: sales, sales windows, discount codes/);
    // A copied member works on the copy at once: the door supervisor opens its door list.
    const list = await authed(t, 'GET', `/api/checkin/${copyId}/list`, door.token);
    expect(list.statusCode, list.body).toBe(200);
  });

  it('leaves the original as it was, and lets no one else duplicate it', async () => {
    const codes = accessCodeListResponse.parse(
      (await authed(t, 'GET', `/api/events/${eventId}/access-codes`, owner.token)).json(),
    ).accessCodes;
    expect(codes.map((c) => [c.code, c.ticketTypeIds])).toEqual([['VIPLIST', [sponsorId]]]);
    const stranger = await person(t.deps.db, 'stranger');
    expect((await authed(t, 'POST', `/api/events/${eventId}/duplicate`, stranger.token)).statusCode).toBe(
      403,
    );
  });
});
