import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for api.paystack.co: a real HTTP server on 127.0.0.1 (random port) that speaks
 * Paystack's JSON envelope `{ status, message, data }`, checks the bearer secret, and records every
 * request it receives. Routes live in a table that suites extend with `route()` (checkout adds
 * /transaction/* and /refund); a later route for the same method and path wins, so a test can also
 * replace a default (e.g. make /bank fail).
 *
 * Default routes: GET /bank, GET /bank/resolve, POST /subaccount, PUT /subaccount/:code.
 */

export type FakeRequest = {
  method: string;
  /** Path without the query string. */
  path: string;
  query: URLSearchParams;
  params: Record<string, string>;
  headers: IncomingMessage['headers'];
  body: unknown;
};

export type FakeAnswer = { status?: number; body: unknown };
export type FakeHandler = (request: FakeRequest, fake: FakePaystack) => FakeAnswer | Promise<FakeAnswer>;

export type FakeBank = { id: number; name: string; code: string; active?: boolean };

export type FakePaystack = {
  url: string;
  secret: string;
  /** Every request, in order (including refused ones). */
  requests: FakeRequest[];
  /** Adds (or replaces) the handler for METHOD path; path segments starting with ':' are parameters. */
  route(method: string, path: string, handler: FakeHandler): void;
  /** Banks GET /bank answers with. */
  banks: FakeBank[];
  /** `${bankCode}:${accountNumber}` → account name that GET /bank/resolve knows. */
  accounts: Map<string, string>;
  /** Subaccounts created or updated, by code. */
  subaccounts: Map<string, Record<string, unknown>>;
  /** Requests whose path starts with `prefix` (e.g. '/bank'). */
  requestsTo(prefix: string, method?: string): FakeRequest[];
  close(): Promise<void>;
};

export const ok = (data: unknown, message = 'Success'): FakeAnswer => ({
  body: { status: true, message, data },
});
export const fail = (status: number, message: string): FakeAnswer => ({
  status,
  body: { status: false, message },
});

type Route = { method: string; segments: string[]; handler: FakeHandler };

function matchRoute(route: Route, method: string, path: string): Record<string, string> | null {
  if (route.method !== method) return null;
  const parts = path.split('/').filter(Boolean);
  if (parts.length !== route.segments.length) return null;
  const params: Record<string, string> = {};
  for (const [i, segment] of route.segments.entries()) {
    const part = decodeURIComponent(parts[i]!);
    if (segment.startsWith(':')) params[segment.slice(1)] = part;
    else if (segment !== part) return null;
  }
  return params;
}

async function readBody(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  if (chunks.length === 0) return undefined;
  const raw = Buffer.concat(chunks).toString('utf8');
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}

export async function startFakePaystack(options: { secret?: string } = {}): Promise<FakePaystack> {
  const secret = options.secret ?? `sk_test_${randomBytes(12).toString('hex')}`;
  const routes: Route[] = [];
  let subaccountCounter = 0;

  const fake: FakePaystack = {
    url: '',
    secret,
    requests: [],
    banks: [
      { id: 1, name: 'Access Bank', code: '044', active: true },
      { id: 9, name: 'Guaranty Trust Bank', code: '058', active: true },
      { id: 21, name: 'Zenith Bank', code: '057', active: true },
      { id: 999, name: 'Closed Bank', code: '999', active: false },
    ],
    accounts: new Map([['058:0123456789', 'ADA OKAFOR']]),
    subaccounts: new Map(),
    route(method, path, handler) {
      routes.unshift({ method: method.toUpperCase(), segments: path.split('/').filter(Boolean), handler });
    },
    requestsTo(prefix, method) {
      return fake.requests.filter((r) => r.path.startsWith(prefix) && (!method || r.method === method));
    },
    close: async () => {},
  };

  fake.route('GET', '/bank', (req, f) =>
    req.query.get('country') === 'nigeria' ? ok(f.banks, 'Banks retrieved') : ok([], 'Banks retrieved'),
  );
  fake.route('GET', '/bank/resolve', (req, f) => {
    const name = f.accounts.get(`${req.query.get('bank_code')}:${req.query.get('account_number')}`);
    if (!name) return fail(422, 'Could not resolve account name. Check parameters or try again.');
    return ok(
      { account_number: req.query.get('account_number'), account_name: name, bank_id: 9 },
      'Account number resolved',
    );
  });
  const subaccountBody = (req: FakeRequest) => req.body as Record<string, unknown>;
  fake.route('POST', '/subaccount', (req, f) => {
    const body = subaccountBody(req);
    if (
      typeof body?.percentage_charge !== 'number' ||
      !body.business_name ||
      !body.settlement_bank ||
      !body.account_number
    ) {
      return fail(400, 'Invalid subaccount parameters');
    }
    subaccountCounter += 1;
    const code = `ACCT_fake${String(subaccountCounter).padStart(6, '0')}`;
    f.subaccounts.set(code, body);
    return ok({ ...body, subaccount_code: code, active: true }, 'Subaccount created');
  });
  fake.route('PUT', '/subaccount/:code', (req, f) => {
    const code = req.params.code!;
    if (!f.subaccounts.has(code)) return fail(404, 'Subaccount not found');
    f.subaccounts.set(code, { ...f.subaccounts.get(code), ...subaccountBody(req) });
    return ok({ ...f.subaccounts.get(code), subaccount_code: code }, 'Subaccount updated');
  });

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const recorded: FakeRequest = {
      method: req.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      params: {},
      headers: req.headers,
      body: await readBody(req),
    };
    fake.requests.push(recorded);
    const send = (answer: FakeAnswer) => {
      res.writeHead(answer.status ?? 200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(answer.body));
    };
    if (req.headers.authorization !== `Bearer ${secret}`) return send(fail(401, 'Invalid key'));
    for (const route of routes) {
      const params = matchRoute(route, recorded.method, recorded.path);
      if (!params) continue;
      recorded.params = params;
      try {
        return send(await route.handler(recorded, fake));
      } catch (error) {
        return send(fail(500, error instanceof Error ? error.message : 'fake failed'));
      }
    }
    return send(fail(404, `No fake route for ${recorded.method} ${recorded.path}`));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = () => new Promise((resolve) => server.close(() => resolve()));
  return fake;
}
