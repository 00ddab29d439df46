import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routesOf } from '../../server/http/routeCatalogue';
import { eventWithTypes, type Person, people } from '../helpers/checkout';
import { testDatabases } from '../helpers/databases';
import { callAs, joinEveryRole, matrixPng } from '../helpers/team';
import { doorTicketOrderCases } from '../helpers/teamRoleDoorCases';
import { eventRouteCases } from '../helpers/teamRoleEventCases';
import { guestMessageCases } from '../helpers/teamRoleMessageCases';
import { promoterRouteCases } from '../helpers/teamRolePromoterCases';
import {
  type Case,
  type Req,
  type RoleMakers,
  type RoleWorld,
  roleMakers,
  type Who,
} from '../helpers/teamRoles';
import { buildTestApp, type TestApp } from '../helpers/testApp';

/**
 * Every organiser route × every role (decision 043): the owner, a co-organiser, finance, a door
 * supervisor and a stranger. Each case makes its own target first (as the owner), so a 2xx that
 * deletes or cancels never starves the next role; a refused call is 403 with the role's words.
 * A last check lists the app's own routes: any event-, ticket- or order-scoped route missing here
 * fails the test, so a route added later cannot skip its role check. The whole matrix runs twice:
 * members of this event's team, and members of all the owner's events who joined before the event
 * existed (organiser_team, decision 043 amendment).
 */

/** Buyers' and public routes with a scoped id: their own rules, covered by their own tests. */
const NOT_ORGANISER_ROUTES = new Set([
  'GET /api/events/:eventId',
  'GET /api/events/:eventId/calendar.ics',
  'GET /api/events/:eventId/related',
  // An event's dates, read by anyone who may see the event (decision 046).
  'GET /api/events/:eventId/dates',
  'GET /api/tickets/event/:eventId',
  'GET /api/tickets/:ticketId',
  'DELETE /api/orders/:orderId',
  'PUT /api/orders/:orderId',
  'POST /api/orders/:orderId/pay',
  'POST /api/orders/:orderId/verify',
  'POST /api/orders/:orderId/discount',
  'DELETE /api/orders/:orderId/discount',
  'PUT /api/orders/:orderId/items',
  'POST /api/orders/:orderId/give-back',
  'GET /api/checkin/links/:token',
  // What a buyer's checkout asks (decision 045): public, no answers.
  'GET /api/events/:eventId/checkout-questions',
  // A visitor's own waiting-list entries (decision 042).
  'GET /api/waitlist/event/:eventId',
  'DELETE /api/waitlist/:ticketId',
  // The on-sale waiting room as a buyer meets it (decision 059): public, or the buyer's own place.
  'GET /api/onsale/:eventId/room',
  'POST /api/onsale/:eventId/join',
  'GET /api/onsale/:eventId',
]);

const runs = testDatabases.flatMap((database) =>
  (['this event', 'all events'] as const).map((team) => ({ ...database, database, team })),
);

describe.each(runs)('team roles on every organiser route ($team team), on $name', ({ database, team }) => {
  let t: TestApp;
  let as: Record<Who, Person>;
  let eventId: string;
  let freeTypeId: string;
  let hiddenTypeId: string;
  let paidTypeId: string;
  let png: Buffer;

  beforeAll(async () => {
    t = await buildTestApp(database);
    const [owner, co, finance, door, stranger] = await people(t.deps.db, 5, 'team');
    as = { owner: owner!, co: co!, finance: finance!, door: door!, stranger: stranger! };
    if (team === 'all events') {
      // Invited to all the owner's events on an earlier event: the event below is created after.
      const earlier = await eventWithTypes(t.deps.db, owner!.id, [{ name: 'Earlier', priceKobo: 0 }]);
      await joinEveryRole(t, owner!.token, earlier.event.id, as, 'all');
    }
    const { event, types } = await eventWithTypes(t.deps.db, owner!.id, [
      { name: 'Regular', priceKobo: 0, purchaseLimit: 10 },
      { name: 'Sponsors', priceKobo: 0, hidden: true },
      { name: 'Paid', priceKobo: 100_000 },
    ]);
    eventId = event.id;
    freeTypeId = types[0]!.id;
    hiddenTypeId = types[1]!.id;
    paidTypeId = types[2]!.id;
    if (team === 'this event') await joinEveryRole(t, owner!.token, eventId, as, 'event');
    png = await matrixPng();
  }, 120_000);
  afterAll(async () => t?.close());

  const call = (who: Who, req: Req) => callAs(t, as[who].token, req, png);
  const ownerDoes = async (req: Req) => {
    const res = await call('owner', req);
    expect(res.statusCode, `${req.method} ${req.url}: ${res.body}`).toBeLessThan(300);
    return res.json();
  };

  const world = (): RoleWorld => ({ t, eventId, freeTypeId, hiddenTypeId, paidTypeId, ownerDoes });
  let makers: RoleMakers | null = null;
  const cases = (): Case[] => {
    makers ??= roleMakers(world());
    return [
      ...eventRouteCases(world(), makers),
      ...doorTicketOrderCases(world(), makers),
      ...promoterRouteCases(world()),
      ...guestMessageCases(world(), makers),
    ];
  };

  const everyone: Who[] = ['owner', 'co', 'finance', 'door', 'stranger'];

  it('each role gets 2xx exactly where its role allows, 403 with a sentence everywhere else', async () => {
    const failures: string[] = [];
    for (const c of cases()) {
      for (const who of everyone) {
        const req = await c.make();
        const res = await call(who, req);
        const ok = c.allowed.includes(who);
        if (ok && res.statusCode >= 300)
          failures.push(`${who} ${c.route}: ${res.statusCode} ${res.body.slice(0, 160)}`);
        if (!ok) {
          const expected =
            c.refusal ??
            (who === 'stranger'
              ? 'You can only manage your own events.'
              : "Your role on this event's team does not allow this.");
          if (res.statusCode !== 403 || res.json().message !== expected) {
            failures.push(`${who} ${c.route}: expected 403, got ${res.statusCode} ${res.body.slice(0, 160)}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
  }, 300_000);

  it('the matrix covers every event-, ticket- and order-scoped route the app registers', () => {
    const inMatrix = new Set(cases().map((c) => c.route));
    const scoped = routesOf(t.app)
      .filter((r) => r.method !== 'HEAD')
      .map((r) => `${r.method} ${r.url}`)
      .filter((r) => /:eventId|:ticketId|:orderId|\/api\/tickets\/create$/.test(r));
    const missing = scoped.filter((r) => !inMatrix.has(r) && !NOT_ORGANISER_ROUTES.has(r));
    expect(missing).toEqual([]);
    expect(scoped.length).toBeGreaterThan(40);
  });
});
