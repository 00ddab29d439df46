import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RouteRecord, routesOf } from '../../server/http/routeCatalogue';
import { requireUser } from '../../server/modules/auth/plugin';
import { DEFAULT_RULES } from '../../server/modules/ratelimit/limiter';
import { signedInAccount } from '../helpers/accounts';
import { testDatabases } from '../helpers/databases';
import { trackChanges } from '../helpers/dbChanges';
import { buildTestApp, type TestApp } from '../helpers/testApp';
import { BAD_VALUES, mutated, type Pools, validish } from '../helpers/zodArbitrary';

/**
 * Every route, found in the built app (so routes added later are fuzzed too), driven with requests
 * generated from its own contract schemas and then broken: wrong types, NUL and control characters,
 * 8 KB strings, huge numbers, lists for objects, missing and extra fields, malformed JSON, other
 * content types, bad %-encoding, over-long parameters; with no token, a garbage token and the token
 * of a signed-in user. Whatever comes in:
 * - nothing answers 5xx;
 * - every 4xx body is `{message}` (optionally `errors`), and every answer carries our headers;
 * - a refused request (4xx) changed nothing in the database (a trigger counts every committed row change);
 * - a guarded route (`onRequest: requireUser`) answers a caller without a valid session 401, before
 *   it looks at the body.
 * Seeded (FUZZ_SEED to replay another run) and bounded (FUZZ_RUNS cases per database).
 */

const SEED = Number(process.env.FUZZ_SEED ?? 20_261_123);
const RUNS = Number(process.env.FUZZ_RUNS ?? 2000);
const HUGE_LIMIT = '1000000/1h';

type Auth = 'none' | 'garbage' | 'valid';
type Body =
  | { kind: 'none' }
  | { kind: 'json'; value: unknown }
  | { kind: 'raw'; text: string; contentType: string };
type Case = { route: number; auth: Auth; path: string; urlTrouble: boolean; query: string; body: Body };

const RAW_PARAMS = [
  '%E0%A4%A',
  '%',
  '%zz',
  'a'.repeat(150),
  'b'.repeat(1000),
  '%00',
  '..%2F..%2Fetc',
  '%C0%AE%C0%AE',
];
const RAW_BODIES = [
  '{"email":',
  '[',
  'nul',
  '{"__proto__":{"admin":true}}',
  '{"constructor":{"prototype":{"admin":true}}}',
  '"just a string"',
  '12345678901234567890123456789',
  '{"a":1}{"b":2}',
];
const CONTENT_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
  'application/json; charset=latin1',
];
const GARBAGE_TOKENS = [
  'Bearer nope',
  `Bearer ${'a'.repeat(300)}`,
  'Basic YWRhOnB3',
  'Bearer',
  'bearer  x y',
];

const paramNames = (url: string) => [...url.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]!);

function queryString(value: unknown): string {
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    return value === undefined ? '' : `q=${encodeURIComponent(JSON.stringify(value))}`;
  }
  const pairs: string[] = [];
  for (const [key, v] of Object.entries(value)) {
    if (v === undefined) continue;
    const values = Array.isArray(v) ? v : [v];
    for (const one of values) {
      const text = typeof one === 'string' ? one : JSON.stringify(one);
      pairs.push(`${encodeURIComponent(key)}=${encodeURIComponent(text ?? '')}`);
    }
  }
  return pairs.join('&');
}

function caseFor(route: RouteRecord, index: number, pools: Pools): fc.Arbitrary<Case> {
  const schema = (route.schema ?? {}) as Record<string, unknown>;
  const paramsShape = ((schema.params as { _zod?: { def?: { shape?: Record<string, unknown> } } })?._zod?.def
    ?.shape ?? {}) as Record<string, unknown>;
  const names = paramNames(route.url);
  const paramArb = (name: string) =>
    fc.oneof(
      {
        weight: 5,
        arbitrary: (paramsShape[name]
          ? validish(paramsShape[name], pools)
          : fc.string({ maxLength: 20 })
        ).map((v) => ({ text: encodeURIComponent(String(v)), trouble: false })),
      },
      {
        weight: 2,
        arbitrary: fc
          .constantFrom(...BAD_VALUES)
          .map((v) => ({ text: encodeURIComponent(String(v)).slice(0, 90), trouble: false })),
      },
      { weight: 1, arbitrary: fc.constantFrom(...RAW_PARAMS).map((text) => ({ text, trouble: true })) },
    );
  const pathArb = fc.tuple(...names.map(paramArb)).map((values) => {
    let path = route.url;
    let trouble = false;
    names.forEach((name, i) => {
      const v = values[i] as { text: string; trouble: boolean };
      path = path.replace(`:${name}`, v.text || 'x');
      trouble ||= v.trouble || v.text.length > 90;
    });
    return { path: path.replace('*', 'x'), trouble };
  });

  const queryArb = schema.querystring
    ? mutated(validish(schema.querystring, pools)).map(queryString)
    : fc.oneof(fc.constant(''), fc.constant('q=%00'), fc.constant(`x=${'y'.repeat(2000)}`));
  const queryWithJunk = fc
    .tuple(queryArb, fc.constantFrom('', '', '', '&%zz', '&a[b]=1', '&&=&', '&page=1&page=2'))
    .map(([q, junk]) => `${q}${junk}`);

  const hasBody = !['GET', 'HEAD', 'OPTIONS'].includes(route.method);
  const jsonArb = schema.body
    ? mutated(validish(schema.body, pools))
    : fc.constantFrom(undefined, {}, [], 'x');
  const bodyArb: fc.Arbitrary<Body> = hasBody
    ? fc.oneof(
        { weight: 10, arbitrary: jsonArb.map((value) => ({ kind: 'json' as const, value })) },
        {
          weight: 1,
          arbitrary: fc
            .constantFrom(...RAW_BODIES)
            .map((text) => ({ kind: 'raw' as const, text, contentType: 'application/json' })),
        },
        {
          weight: 1,
          arbitrary: fc.tuple(jsonArb, fc.constantFrom(...CONTENT_TYPES)).map(([value, contentType]) => ({
            kind: 'raw' as const,
            text: String(JSON.stringify(value)),
            contentType,
          })),
        },
        { weight: 1, arbitrary: fc.constant({ kind: 'none' as const }) },
      )
    : fc.oneof(
        { weight: 8, arbitrary: fc.constant({ kind: 'none' as const }) },
        { weight: 1, arbitrary: fc.constant({ kind: 'json' as const, value: { a: 1 } }) },
      );

  return fc
    .record({
      route: fc.constant(index),
      auth: fc.constantFrom<Auth>('none', 'garbage', 'valid', 'valid'),
      path: pathArb.map((p) => p.path),
      urlTrouble: fc.constant(false),
      query: queryWithJunk,
      body: bodyArb,
    })
    .chain((c) =>
      // Recompute the URL-trouble flag from the very path drawn (a too-long or undecodable parameter
      // is answered before routing, so no route-level rule applies to it).
      fc.constant({
        ...c,
        // A '.' or '..' parameter is a dot segment: URL parsing resolves it away before routing.
        urlTrouble:
          RAW_PARAMS.some((raw) => c.path.includes(raw)) ||
          /[^/]{91,}/.test(c.path) ||
          /\/\.{1,2}(\/|\?|$)/.test(c.path),
      }),
    );
}

describe.each(testDatabases)('every route fuzzed on $name', (database) => {
  let t: TestApp;
  let routes: RouteRecord[];
  let account: Awaited<ReturnType<typeof signedInAccount>>;
  let ids: string[] = [];

  beforeAll(async () => {
    t = await buildTestApp(database, {
      seed: true,
      env: Object.fromEntries([
        ['RATE_LIMITS', 'on'],
        ...Object.entries(DEFAULT_RULES).flatMap(([action, rules]) => {
          const a = action.toUpperCase();
          return [
            [`RATE_LIMIT_${a}`, HUGE_LIMIT],
            [`RATE_LIMIT_${a}_IP`, HUGE_LIMIT],
            ...(rules.account ? [[`RATE_LIMIT_${a}_ACCOUNT`, HUGE_LIMIT]] : []),
          ];
        }),
      ]),
    });
    await t.app.ready();
    routes = routesOf(t.app).filter((r) => r.url.startsWith('/api') && r.method !== 'HEAD') as RouteRecord[];
    account = await signedInAccount(t);
    const rows = await t.deps.db.execute(
      sql`select id::text as id from events union all select id::text from users`,
    );
    ids = ((Array.isArray(rows) ? rows : (rows as { rows: { id: string }[] }).rows) as { id: string }[]).map(
      (r) => r.id,
    );
  }, 120_000);
  afterAll(async () => t?.close());

  it('finds the routes in the built app, every guarded one authenticating on request', () => {
    expect(routes.length).toBeGreaterThanOrEqual(20);
    expect(routes.map((r) => `${r.method} ${r.url}`)).toEqual(
      expect.arrayContaining(['POST /api/users/login', 'GET /api/events', 'PUT /api/users/:id']),
    );
    // The auth-first rule, for routes merged later too: requireUser only ever as onRequest.
    const late = routes.filter(
      (r) => r.preHandler.includes(requireUser) || r.preValidation.includes(requireUser),
    );
    expect(late.map((r) => `${r.method} ${r.url}`)).toEqual([]);
  });

  it(`answers ${RUNS} generated requests: no 5xx, {message} 4xx, refused writes change nothing`, async () => {
    const pools: Pools = {
      ids: () => [...ids, account.user.id],
      strings: () => [account.email, account.username, account.password, 'ada@gatepass.ng'],
    };
    const arbitraries = routes.map((route, i) => caseFor(route, i, pools));
    const changes = await trackChanges(t.deps.db);
    const problems: string[] = [];
    const statuses: Record<string, number> = {};
    let sent = 0;
    let sessionMayHaveEnded = false;

    for (let run = 0; run < RUNS; run++) {
      const routeIndex = fc.sample(fc.nat({ max: routes.length - 1 }), { seed: SEED + run, numRuns: 1 })[0]!;
      const c = fc.sample(arbitraries[routeIndex]!, { seed: SEED + run, numRuns: 1 })[0]!;
      const route = routes[c.route]!;
      if (c.auth === 'valid' && sessionMayHaveEnded) {
        // The fuzz may have signed the user out, changed their password or deleted the account.
        const me = await t.app.inject({
          method: 'GET',
          url: '/api/users/me',
          headers: { authorization: `Bearer ${account.token}` },
        });
        if (me.statusCode !== 200) account = await signedInAccount(t);
        sessionMayHaveEnded = false;
      }
      const before = await changes();
      const headers: Record<string, string> = {};
      if (c.auth === 'valid') headers.authorization = `Bearer ${account.token}`;
      if (c.auth === 'garbage') headers.authorization = GARBAGE_TOKENS[run % GARBAGE_TOKENS.length]!;
      let payload: string | undefined;
      if (c.body.kind === 'json') {
        payload = JSON.stringify(c.body.value);
        headers['content-type'] = 'application/json';
      } else if (c.body.kind === 'raw') {
        payload = c.body.text;
        headers['content-type'] = c.body.contentType;
      }
      const url = c.query ? `${c.path}?${c.query}` : c.path;
      const res = await t.app.inject({
        method: route.method as 'GET',
        url,
        headers,
        ...(payload === undefined ? {} : { payload }),
      });
      sent++;
      const label = `#${run} ${route.method} ${url.slice(0, 160)} [${c.auth}] ${String(payload).slice(0, 160)} → ${res.statusCode} ${res.body.slice(0, 200)}`;
      const klass = `${Math.floor(res.statusCode / 100)}xx`;
      statuses[klass] = (statuses[klass] ?? 0) + 1;

      if (res.statusCode >= 500) problems.push(`5xx: ${label}`);
      if (!res.headers['x-content-type-options']) problems.push(`no security headers: ${label}`);
      if (res.statusCode >= 400) {
        let body: unknown;
        try {
          body = res.json();
        } catch {
          body = undefined;
        }
        const b = body as { message?: unknown; errors?: unknown } | undefined;
        const shapeOk =
          !!b &&
          typeof b === 'object' &&
          typeof b.message === 'string' &&
          b.message.length > 0 &&
          Object.keys(b).every((k) => k === 'message' || k === 'errors') &&
          (b.errors === undefined || Array.isArray(b.errors));
        if (!shapeOk) problems.push(`not {message}: ${label}`);
        if (/Invalid input|expected \w+, received/.test(res.body)) problems.push(`library wording: ${label}`);
        const after = await changes();
        if (after !== before) problems.push(`refused but changed ${after - before} rows: ${label}`);
      } else if (route.method !== 'GET') {
        sessionMayHaveEnded = true;
      }
      if (
        route.onRequest.includes(requireUser) &&
        c.auth !== 'valid' &&
        !c.urlTrouble &&
        res.statusCode !== 401
      ) {
        problems.push(`guarded route did not answer 401 first: ${label}`);
      }
    }

    console.log(
      `fuzz on ${database.name}: ${sent} generated requests over ${routes.length} routes`,
      statuses,
    );
    expect(sent).toBe(RUNS);
    expect(problems.slice(0, 25)).toEqual([]);
    // The change counter works: accepted writes (sign-ups, profile edits...) were counted.
    expect(await changes()).toBeGreaterThan(0);
  }, 240_000);
});
