import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routesOf } from '../../server/http/routeCatalogue';
import { type ActionName, allows, ROLES, type Role, sees } from '../../server/modules/access/permissions';
import { BODY_ACTIONS, ROUTE_ACTIONS, routeActionGaps } from '../../server/modules/access/routeActions';
import { testDatabases } from '../helpers/databases';
import { paidTicket } from '../helpers/organiser';
import { bodyFor, buildWorld, pathFor, ticketSecrets, type World } from '../helpers/permissionFixtures';
import { buildTestApp, type TestApp } from '../helpers/testApp';

/**
 * The permission table (server/modules/access/permissions.ts, decision 048), tested whole: every
 * route under /api × every role (and no token at all), on one world built once per database. For
 * each call: a role the table allows is never refused (401/403); a role it does not is refused
 * (401, 403, or 404 where a thing is not confirmable); and what an answer carries matches what the
 * action lets that role see: no signed code or share token, no guest's email or phone, unless the
 * table says so. A mismatch names the route and the role.
 */

type Caller = Role | 'none';
const CALLERS: readonly Caller[] = ['none', 'door_link', 'stranger', 'holder', 'buyer', ...ROLES.slice(0, 4)];

/** Routes that change the world the others read: run after them, in this order (signing out last). */
const LAST = [
  'POST /api/orders/:orderId/resend',
  'DELETE /api/checkin/:eventId/:code',
  'PATCH /api/orders/:orderId/tickets/:code',
  'POST /api/tickets/code/:code/name',
  'POST /api/tickets/code/:code/transfer',
  'POST /api/orders/:orderId/refunds',
  'POST /api/orders/:orderId/give-back',
  'POST /api/orders/:orderId/cancel',
  'DELETE /api/users/sessions/:sessionId',
  'DELETE /api/users/me',
  'POST /api/users/logout',
];
/** The dev outbox holds every mail sent (codes included) for a developer on this machine; not an API answer. */
const NOT_CONTENT_CHECKED = new Set(['GET /api/dev/outbox']);

const orderOf = (key: string) => {
  const i = LAST.indexOf(key);
  return i === -1 ? -1 : i;
};

describe.each(testDatabases)('the permission table, every route × every role, on $name', (database) => {
  let t: TestApp;
  let w: World;

  beforeAll(async () => {
    t = await buildTestApp(database);
    await t.app.ready();
    w = await buildWorld(t);
  }, 180_000);
  afterAll(async () => t?.close());

  it('every route under /api declares its action, and every declared action names a route', () => {
    expect(routeActionGaps(t.app)).toEqual({ undeclared: [], unknown: [] });
  });

  async function call(key: string, caller: Caller, body?: object) {
    const [method, url] = key.split(' ') as [string, string];
    const token = caller === 'none' ? undefined : w.tokens[caller];
    const payload = body ?? bodyFor(key, w);
    return t.app.inject({
      method: method as 'GET',
      url: pathFor(url, w),
      headers: token ? { authorization: `Bearer ${token}` } : {},
      ...(payload === undefined ? {} : { payload }),
    });
  }

  function ownEmail(caller: Caller): string | null {
    return caller === 'none' || caller === 'door_link' ? null : w.people[caller].email;
  }

  /** What `caller` read but may not, as '<what> in <route> as <role>' lines. */
  async function leaks(key: string, action: ActionName, caller: Caller, text: string): Promise<string[]> {
    if (NOT_CONTENT_CHECKED.has(key)) return [];
    const role = caller === 'none' ? 'stranger' : caller;
    const found: string[] = [];
    if (!sees(action, role, 'codes')) {
      for (const secret of await ticketSecrets(t)) {
        if (text.includes(secret)) found.push(`a ticket's code or share token in ${key} as ${caller}`);
      }
    }
    if (!sees(action, role, 'contact')) {
      for (const contact of w.contact) {
        if (contact === ownEmail(caller)) continue;
        if (text.toLowerCase().includes(contact.toLowerCase()))
          found.push(`${contact} in ${key} as ${caller}`);
      }
    }
    return [...new Set(found)];
  }

  it('answers every route as the table says, for every role, and shows only what it allows', async () => {
    const keys = routesOf(t.app)
      .filter((r) => r.url.startsWith('/api') && r.method !== 'HEAD')
      .map((r) => `${r.method} ${r.url}`)
      .sort((a, b) => orderOf(a) - orderOf(b));
    const problems: string[] = [];
    for (const key of keys) {
      const action = ROUTE_ACTIONS[key];
      if (!action) {
        problems.push(`${key}: no action declared`);
        continue;
      }
      for (const caller of CALLERS) {
        const res = await call(key, caller);
        const allowed =
          caller === 'none' ? allows(action, 'stranger') && action === 'public' : allows(action, caller);
        const status = res.statusCode;
        if (status >= 500) problems.push(`${key} as ${caller}: ${status} ${res.body.slice(0, 120)}`);
        else if (allowed && (status === 401 || status === 403)) {
          problems.push(`${key} as ${caller}: refused (${status}) but the table allows ${action}`);
        } else if (!allowed && ![401, 403, 404].includes(status)) {
          problems.push(`${key} as ${caller}: answered ${status} but the table refuses ${action}`);
        }
        if (status < 300) problems.push(...(await leaks(key, action, caller, res.body)));
      }
    }
    expect(problems).toEqual([]);
  }, 600_000);

  it('a ticket saved with payout details is the owner’s act alone (issue 30 item 5)', async () => {
    const problems: string[] = [];
    for (const [key, rule] of Object.entries(BODY_ACTIONS)) {
      // A whole ticket (so the contract passes and the role rule is what answers), with payout details.
      const ticket = paidTicket(w.eventId);
      const payout = { bank: '058', accountNumber: '0123456789' };
      const body = key.startsWith('PUT') ? { ...withoutEvent(ticket), ...payout } : { ...ticket, ...payout };
      for (const caller of ['co_organiser', 'finance', 'door', 'stranger'] as const) {
        if (allows(rule.action, caller)) continue;
        const res = await call(key, caller, body);
        if (res.statusCode < 400)
          problems.push(`${key} with ${rule.fields.join(', ')} as ${caller}: ${res.statusCode}`);
      }
    }
    expect(problems).toEqual([]);
  });
});

function withoutEvent(body: object): object {
  const { eventId: _, ...rest } = body as { eventId?: string };
  return rest;
}
