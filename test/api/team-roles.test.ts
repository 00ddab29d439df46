import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routesOf } from '../../server/http/routeCatalogue';
import { buyTickets } from '../helpers/checkin';
import { eventWithTypes, type Person, people } from '../helpers/checkout';
import { testDatabases } from '../helpers/databases';
import { dayFromNow, freeTicket, validEvent } from '../helpers/organiser';
import { callAs, joinEveryRole, type MatrixRequest, matrixPng } from '../helpers/team';
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

type Who = 'owner' | 'co' | 'finance' | 'door' | 'stranger';
type Req = MatrixRequest;
type Case = { route: string; allowed: readonly Who[]; make: () => Promise<Req>; refusal?: string };

/** Orders the buyer may read too answer a refusal in the order's words, the same to anyone. */
const NOT_YOUR_ORDER = "You don't have access to this order.";

const MANAGE: readonly Who[] = ['owner', 'co'];
const VIEW: readonly Who[] = ['owner', 'co', 'finance'];
const SALES = VIEW;
const GUESTLIST: readonly Who[] = ['owner', 'co', 'finance', 'door'];
const CHECKIN: readonly Who[] = ['owner', 'co', 'door'];
const OWNER: readonly Who[] = ['owner'];

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

let counter = 0;
const unique = (prefix: string) => `${prefix}${Date.now().toString(36).toUpperCase()}${++counter}`;

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

  const newTicketType = async () =>
    (await ownerDoes({ method: 'POST', url: '/api/tickets/create', body: freeTicket(eventId) })).ticket
      ._id as string;
  // Each new date a day of its own, far ahead (dates are unique per day and start time).
  let dateDay = 300;
  const dateBody = () => ({ date: dayFromNow(++dateDay), startTime: '18:00', endTime: '22:00' });
  const newDate = async () => {
    const body = dateBody();
    const list = await ownerDoes({ method: 'POST', url: `/api/events/${eventId}/dates`, body });
    return (list.dates as { _id: string; date: string }[]).find((d) => d.date === body.date)!._id;
  };
  const newDiscount = async () =>
    (
      await ownerDoes({
        method: 'POST',
        url: `/api/events/${eventId}/discounts`,
        body: { code: unique('D'), kind: 'percent', percentOff: 10 },
      })
    ).discount._id as string;
  const newAccessCode = async () => {
    const saved = await ownerDoes({
      method: 'POST',
      url: `/api/events/${eventId}/access-codes`,
      body: { code: unique('A'), ticketTypeIds: [hiddenTypeId] },
    });
    return saved.accessCode.id as string;
  };
  const newQuestion = async () => {
    const saved = await ownerDoes({
      method: 'POST',
      url: `/api/events/${eventId}/questions`,
      body: { label: unique('Q '), kind: 'text', scope: 'order', required: false },
    });
    return saved.questions.at(-1).id as string;
  };
  const newLink = async () =>
    (
      await ownerDoes({
        method: 'POST',
        url: `/api/events/${eventId}/checkin-links`,
        body: { label: unique('Gate ') },
      })
    ).link.id as string;
  const newOrder = async () => {
    const [buyer] = await people(t.deps.db, 1, 'guest');
    return buyTickets(t, buyer!, eventId, { [freeTypeId]: 1 });
  };

  const newPaidOrder = async () => {
    const [buyer] = await people(t.deps.db, 1, 'guest');
    return buyTickets(t, buyer!, eventId, { [paidTypeId]: 1 });
  };

  const cases = (): Case[] => [
    {
      route: 'PUT /api/events/:eventId',
      allowed: MANAGE,
      make: async () => ({
        method: 'PUT',
        url: `/api/events/${eventId}`,
        body: validEvent({ eventName: 'Afrobeats Night Lagos' }),
      }),
    },
    {
      route: 'GET /api/events/:eventId/manage',
      allowed: VIEW,
      make: async () => ({ method: 'GET', url: `/api/events/${eventId}/manage` }),
    },
    {
      route: 'POST /api/events/:eventId/publish',
      allowed: MANAGE,
      make: async () => ({ method: 'POST', url: `/api/events/${eventId}/publish` }),
    },
    {
      route: 'POST /api/events/:eventId/unpublish',
      allowed: MANAGE,
      make: async () => ({ method: 'POST', url: `/api/events/${eventId}/unpublish` }),
    },
    {
      route: 'POST /api/events/:eventId/sales',
      allowed: MANAGE,
      make: async () => {
        await ownerDoes({ method: 'POST', url: `/api/events/${eventId}/publish` });
        return { method: 'POST', url: `/api/events/${eventId}/sales`, body: { live: true } };
      },
    },
    {
      route: 'PUT /api/events/:eventId/ticket-email',
      allowed: MANAGE,
      make: async () => ({
        method: 'PUT',
        url: `/api/events/${eventId}/ticket-email`,
        body: { ticketEmailMessage: 'See you there' },
      }),
    },
    {
      route: 'GET /api/events/:eventId/waitlist',
      allowed: MANAGE,
      make: async () => ({ method: 'GET', url: `/api/events/${eventId}/waitlist` }),
    },
    {
      route: 'PUT /api/events/:eventId/waitlist',
      allowed: MANAGE,
      make: async () => ({
        method: 'PUT',
        url: `/api/events/${eventId}/waitlist`,
        body: { offerMinutes: 30 },
      }),
    },
    {
      route: 'PUT /api/events/:eventId/waitlist/:ticketId',
      allowed: MANAGE,
      make: async () => ({
        method: 'PUT',
        url: `/api/events/${eventId}/waitlist/${freeTypeId}`,
        body: { enabled: true },
      }),
    },
    {
      route: 'PUT /api/events/:eventId/ticket-changes',
      allowed: MANAGE,
      make: async () => ({
        method: 'PUT',
        url: `/api/events/${eventId}/ticket-changes`,
        body: { transfersEnabled: true, closeHours: 2 },
      }),
    },
    {
      route: 'POST /api/events/:eventId/test-email',
      allowed: MANAGE,
      make: async () => ({
        method: 'POST',
        url: `/api/events/${eventId}/test-email`,
        body: { email: 'preview@example.ng' },
      }),
    },
    {
      route: 'POST /api/events/:eventId/duplicate',
      allowed: MANAGE,
      make: async () => ({ method: 'POST', url: `/api/events/${eventId}/duplicate` }),
    },
    {
      route: 'PUT /api/events/update-image/:eventId',
      allowed: MANAGE,
      make: async () => ({
        method: 'PUT',
        url: `/api/events/update-image/${eventId}`,
        multipart: { field: 'eventImage', png: true },
      }),
    },
    {
      route: 'GET /api/events/:eventId/guestlist',
      allowed: GUESTLIST,
      make: async () => ({ method: 'GET', url: `/api/events/${eventId}/guestlist` }),
    },
    {
      route: 'GET /api/events/:eventId/guestlist.csv',
      allowed: GUESTLIST,
      make: async () => ({ method: 'GET', url: `/api/events/${eventId}/guestlist.csv` }),
    },
    {
      route: 'GET /api/events/:eventId/sales',
      allowed: SALES,
      make: async () => ({ method: 'GET', url: `/api/events/${eventId}/sales` }),
    },
    {
      route: 'GET /api/events/:eventId/sales/charts',
      allowed: SALES,
      make: async () => ({ method: 'GET', url: `/api/events/${eventId}/sales/charts` }),
    },
    {
      route: 'GET /api/events/:eventId/sales.csv',
      allowed: SALES,
      make: async () => ({ method: 'GET', url: `/api/events/${eventId}/sales.csv` }),
    },
    {
      route: 'GET /api/events/:eventId/door',
      allowed: CHECKIN,
      make: async () => ({ method: 'GET', url: `/api/events/${eventId}/door` }),
    },
    {
      route: 'GET /api/events/:eventId/checkins/charts',
      allowed: CHECKIN,
      make: async () => ({ method: 'GET', url: `/api/events/${eventId}/checkins/charts` }),
    },
    {
      route: 'GET /api/events/:eventId/dates/manage',
      allowed: VIEW,
      make: async () => ({ method: 'GET', url: `/api/events/${eventId}/dates/manage` }),
    },
    {
      route: 'POST /api/events/:eventId/dates',
      allowed: MANAGE,
      make: async () => ({ method: 'POST', url: `/api/events/${eventId}/dates`, body: dateBody() }),
    },
    {
      route: 'DELETE /api/events/:eventId/dates/:dateId',
      allowed: MANAGE,
      make: async () => ({ method: 'DELETE', url: `/api/events/${eventId}/dates/${await newDate()}` }),
    },
    {
      route: 'POST /api/events/:eventId/dates/copy-tickets',
      allowed: MANAGE,
      make: async () => ({ method: 'POST', url: `/api/events/${eventId}/dates/copy-tickets` }),
    },
    {
      route: 'GET /api/events/:eventId/discounts',
      allowed: MANAGE,
      make: async () => ({ method: 'GET', url: `/api/events/${eventId}/discounts` }),
    },
    {
      route: 'POST /api/events/:eventId/discounts',
      allowed: MANAGE,
      make: async () => ({
        method: 'POST',
        url: `/api/events/${eventId}/discounts`,
        body: { code: unique('N'), kind: 'percent', percentOff: 5 },
      }),
    },
    {
      route: 'PUT /api/events/:eventId/discounts/:discountId',
      allowed: MANAGE,
      make: async () => ({
        method: 'PUT',
        url: `/api/events/${eventId}/discounts/${await newDiscount()}`,
        body: { code: unique('E'), kind: 'percent', percentOff: 20 },
      }),
    },
    {
      route: 'DELETE /api/events/:eventId/discounts/:discountId',
      allowed: MANAGE,
      make: async () => ({
        method: 'DELETE',
        url: `/api/events/${eventId}/discounts/${await newDiscount()}`,
      }),
    },
    {
      route: 'GET /api/events/:eventId/access-codes',
      allowed: MANAGE,
      make: async () => ({ method: 'GET', url: `/api/events/${eventId}/access-codes` }),
    },
    {
      route: 'POST /api/events/:eventId/access-codes',
      allowed: MANAGE,
      make: async () => ({
        method: 'POST',
        url: `/api/events/${eventId}/access-codes`,
        body: { code: unique('V'), ticketTypeIds: [hiddenTypeId] },
      }),
    },
    {
      route: 'DELETE /api/events/:eventId/access-codes/:accessCodeId',
      allowed: MANAGE,
      make: async () => ({
        method: 'DELETE',
        url: `/api/events/${eventId}/access-codes/${await newAccessCode()}`,
      }),
    },
    {
      route: 'GET /api/events/:eventId/onsale',
      allowed: MANAGE,
      make: async () => ({ method: 'GET', url: `/api/events/${eventId}/onsale` }),
    },
    {
      route: 'PUT /api/events/:eventId/onsale',
      allowed: MANAGE,
      make: async () => ({
        method: 'PUT',
        url: `/api/events/${eventId}/onsale`,
        body: { opensAt: null, waitingRoom: 'off', admitPerSecond: null },
      }),
    },
    {
      route: 'GET /api/events/:eventId/questions',
      allowed: GUESTLIST,
      make: async () => ({ method: 'GET', url: `/api/events/${eventId}/questions` }),
    },
    {
      route: 'POST /api/events/:eventId/questions',
      allowed: MANAGE,
      make: async () => ({
        method: 'POST',
        url: `/api/events/${eventId}/questions`,
        body: { label: unique('Q '), kind: 'yes_no', scope: 'attendee', required: false },
      }),
    },
    {
      route: 'PUT /api/events/:eventId/questions/:questionId',
      allowed: MANAGE,
      make: async () => ({
        method: 'PUT',
        url: `/api/events/${eventId}/questions/${await newQuestion()}`,
        body: { label: unique('R '), kind: 'text', scope: 'order', required: false },
      }),
    },
    {
      route: 'DELETE /api/events/:eventId/questions/:questionId',
      allowed: MANAGE,
      make: async () => ({
        method: 'DELETE',
        url: `/api/events/${eventId}/questions/${await newQuestion()}`,
      }),
    },
    {
      route: 'POST /api/events/:eventId/questions/:questionId/move',
      allowed: MANAGE,
      make: async () => ({
        method: 'POST',
        url: `/api/events/${eventId}/questions/${await newQuestion()}/move`,
        body: { direction: 'up' },
      }),
    },
    {
      route: 'GET /api/events/:eventId/checkin-links',
      allowed: CHECKIN,
      make: async () => ({ method: 'GET', url: `/api/events/${eventId}/checkin-links` }),
    },
    {
      route: 'POST /api/events/:eventId/checkin-links',
      allowed: CHECKIN,
      make: async () => ({
        method: 'POST',
        url: `/api/events/${eventId}/checkin-links`,
        body: { label: unique('Gate ') },
      }),
    },
    {
      route: 'DELETE /api/events/:eventId/checkin-links/:linkId',
      allowed: CHECKIN,
      make: async () => ({
        method: 'DELETE',
        url: `/api/events/${eventId}/checkin-links/${await newLink()}`,
      }),
    },
    {
      route: 'GET /api/events/:eventId/checkins',
      allowed: CHECKIN,
      make: async () => ({ method: 'GET', url: `/api/events/${eventId}/checkins` }),
    },
    {
      route: 'POST /api/checkin/:eventId',
      allowed: CHECKIN,
      make: async () => {
        const order = await newOrder();
        return { method: 'POST', url: `/api/checkin/${eventId}`, body: { code: order.tickets[0]!.code } };
      },
    },
    {
      route: 'DELETE /api/checkin/:eventId/:code',
      allowed: CHECKIN,
      make: async () => {
        const code = (await newOrder()).tickets[0]!.code;
        await ownerDoes({ method: 'POST', url: `/api/checkin/${eventId}`, body: { code } });
        return { method: 'DELETE', url: `/api/checkin/${eventId}/${code}` };
      },
    },
    {
      route: 'GET /api/checkin/:eventId/list',
      allowed: CHECKIN,
      make: async () => ({ method: 'GET', url: `/api/checkin/${eventId}/list` }),
    },
    {
      route: 'GET /api/checkin/:eventId/search',
      allowed: CHECKIN,
      make: async () => ({ method: 'GET', url: `/api/checkin/${eventId}/search?q=Ngozi` }),
    },
    {
      route: 'POST /api/checkin/:eventId/sync',
      allowed: CHECKIN,
      make: async () => ({
        method: 'POST',
        url: `/api/checkin/${eventId}/sync`,
        body: { deviceId: '5b1f0c3e-7a2b-4c8d-9e1f-2a3b4c5d6e7f', scans: [] },
      }),
    },
    {
      route: 'POST /api/tickets/create',
      allowed: MANAGE,
      make: async () => ({ method: 'POST', url: '/api/tickets/create', body: freeTicket(eventId) }),
    },
    {
      route: 'PUT /api/tickets/:ticketId',
      allowed: MANAGE,
      make: async () => {
        const { eventId: _e, ...rest } = freeTicket(eventId, { ticketName: 'Early bird' });
        return { method: 'PUT', url: `/api/tickets/${await newTicketType()}`, body: rest };
      },
    },
    {
      route: 'DELETE /api/tickets/:ticketId',
      allowed: MANAGE,
      make: async () => ({ method: 'DELETE', url: `/api/tickets/${await newTicketType()}` }),
    },
    {
      route: 'PUT /api/tickets/update-image/:ticketId',
      allowed: MANAGE,
      make: async () => ({
        method: 'PUT',
        url: `/api/tickets/update-image/${await newTicketType()}`,
        multipart: { field: 'ticketImage', png: true },
      }),
    },
    {
      route: 'PATCH /api/orders/:orderId/tickets/:code',
      allowed: MANAGE,
      make: async () => {
        const order = await newOrder();
        return {
          method: 'PATCH',
          url: `/api/orders/${order._id}/tickets/${order.tickets[0]!.code}`,
          body: { firstName: 'Bisi', lastName: 'Adeyemi', email: 'bisi@example.ng' },
        };
      },
    },
    {
      route: 'POST /api/orders/:orderId/cancel',
      allowed: SALES,
      make: async () => ({ method: 'POST', url: `/api/orders/${(await newOrder())._id}/cancel` }),
    },
    {
      route: 'POST /api/orders/:orderId/refunds',
      allowed: SALES,
      make: async () => ({
        method: 'POST',
        url: `/api/orders/${(await newPaidOrder())._id}/refunds`,
        body: { amountNaira: 100, reason: 'Goodwill', requestKey: unique('refund-') },
      }),
    },
    {
      route: 'POST /api/orders/:orderId/resend',
      allowed: SALES,
      make: async () => ({ method: 'POST', url: `/api/orders/${(await newOrder())._id}/resend` }),
      refusal: NOT_YOUR_ORDER,
    },
    {
      route: 'GET /api/orders/:orderId',
      allowed: SALES,
      make: async () => ({ method: 'GET', url: `/api/orders/${(await newOrder())._id}` }),
      refusal: NOT_YOUR_ORDER,
    },
    {
      route: 'GET /api/events/:eventId/team',
      allowed: OWNER,
      make: async () => ({ method: 'GET', url: `/api/events/${eventId}/team` }),
    },
    {
      route: 'POST /api/events/:eventId/team/invitations',
      allowed: OWNER,
      make: async () => ({
        method: 'POST',
        url: `/api/events/${eventId}/team/invitations`,
        body: { email: `${unique('helper')}@example.ng`.toLowerCase(), role: 'door' },
      }),
    },
    {
      route: 'DELETE /api/events/:eventId/team/:memberId',
      allowed: OWNER,
      make: async () => {
        const team = await ownerDoes({
          method: 'POST',
          url: `/api/events/${eventId}/team/invitations`,
          body: { email: `${unique('gone')}@example.ng`.toLowerCase(), role: 'finance' },
        });
        return { method: 'DELETE', url: `/api/events/${eventId}/team/${team.invitations.at(-1).id}` };
      },
    },
  ];

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
