/**
 * `npm run bench:nginx`: deploy/nginx/gatepass.conf for real. Debian's nginx (`apt-get install -y
 * nginx`; not part of `npm test`, which must not need apt) runs in the foreground with its own
 * prefix and config in a temp folder, on its own port of 127.0.0.1, in front of two Gatepass
 * processes (TRUST_PROXY=true, NODE_ENV=production) on one scratch PostgreSQL database
 * (BENCH_POSTGRES_URL, default postgres://postgres@127.0.0.1:5432/postgres). Through nginx it checks:
 * both processes get requests, Gatepass's own compression passes untouched, a client-sent
 * X-Forwarded-For does not survive, a ticket is bought (test-mode payment) and scanned at the door
 * once. Prints each check; exits 1 if any fails, 2 without nginx.
 */
import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Database } from '../server/db/client';
import * as schema from '../server/db/schema';
import { SAMPLE_ORGANISER } from '../server/seed/sample-events';
import { buyerOf, eventWithTypes, person } from '../test/helpers/checkout';
import { freePort, type ServerProcess, startServerProcess } from '../test/helpers/serverProcess';
import { benchDatabase, root } from './lib';

function findNginx(): string | null {
  for (const candidate of ['/usr/sbin/nginx', '/usr/bin/nginx', '/usr/local/sbin/nginx'])
    if (existsSync(candidate)) return candidate;
  try {
    return execFileSync('sh', ['-c', 'command -v nginx'], { encoding: 'utf8' }).trim() || null;
  } catch {
    return null;
  }
}

/** The deploy site with its ports rewritten; fails loudly if the file no longer has what it rewrites. */
async function siteConfig(listen: number, upstreams: number[]): Promise<string> {
  let site = await readFile(path.join(root, 'deploy/nginx/gatepass.conf'), 'utf8');
  const swap = (from: RegExp, to: string) => {
    if (!from.test(site)) throw new Error(`deploy/nginx/gatepass.conf has no ${from}`);
    site = site.replace(from, to);
  };
  swap(/listen 80;/, `listen 127.0.0.1:${listen};`);
  swap(/server 127\.0\.0\.1:3001/, `server 127.0.0.1:${upstreams[0]}`);
  swap(/server 127\.0\.0\.1:3002/, `server 127.0.0.1:${upstreams[1]}`);
  return site;
}

const results: { check: string; ok: boolean; detail: string }[] = [];
function check(name: string, ok: boolean, detail = '') {
  results.push({ check: name, ok, detail });
  console.log(`  ${ok ? 'PASS' : 'FAIL'}  ${name}${detail ? ` — ${detail}` : ''}`);
}

async function main() {
  const nginx = findNginx();
  if (!nginx) {
    console.error(
      'nginx is not installed. On Debian: apt-get install -y nginx (this script runs it itself).',
    );
    process.exit(2);
  }
  const database = await benchDatabase(`gatepass_nginx_${randomBytes(4).toString('hex')}`);
  if (!database) throw new Error('bench:nginx needs PostgreSQL (unset BENCH_DATABASE)');
  const work = await mkdtemp(path.join(tmpdir(), 'gatepass-nginx-'));
  const [nginxPort, a, b] = [await freePort(), await freePort(), await freePort()];
  const front = `http://127.0.0.1:${nginxPort}`;
  let servers: ServerProcess[] = [];
  let proxy: ChildProcess | null = null;
  const pool = new pg.Pool({ connectionString: database.url, max: 2 });
  const db = drizzle(pool, { schema }) as unknown as Database;
  try {
    servers = [a, b].map(() => null as unknown as ServerProcess);
    servers = await Promise.all(
      [a, b].map((port, i) =>
        startServerProcess({
          PORT: String(port),
          NODE_ENV: 'production',
          DATABASE_URL: database.url,
          DATA_DIR: path.join(work, `data${i}`),
          APP_URL: front,
          TRUST_PROXY: 'true',
          SEED_SAMPLE_DATA: 'true',
          LOG_LEVEL: 'warn',
          SPA_DIR: path.join(work, 'no-spa'),
        }),
      ),
    );
    await Promise.all(servers.map((s) => s.healthy()));

    for (const dir of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi', 'logs'])
      await mkdir(path.join(work, dir));
    const conf = path.join(work, 'nginx.conf');
    await writeFile(
      conf,
      `# Written by bench/nginx.ts around deploy/nginx/gatepass.conf.
${process.getuid?.() === 0 ? 'user root;' : ''}
daemon off;
worker_processes 1;
pid ${work}/nginx.pid;
error_log ${work}/logs/error.log warn;
events { worker_connections 256; }
http {
  log_format upstream '$upstream_addr $status "$request"';
  access_log ${work}/logs/access.log upstream;
  client_body_temp_path ${work}/body;
  proxy_temp_path ${work}/proxy;
  fastcgi_temp_path ${work}/fastcgi;
  uwsgi_temp_path ${work}/uwsgi;
  scgi_temp_path ${work}/scgi;
${await siteConfig(nginxPort, [a, b])}
}
`,
    );
    proxy = spawn(nginx, ['-p', `${work}/`, '-c', conf, '-e', `${work}/logs/error.log`], {
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    for (let i = 0; ; i += 1) {
      if (proxy.exitCode !== null)
        throw new Error(`nginx exited: ${await readFile(`${work}/logs/error.log`, 'utf8')}`);
      if (
        await fetch(`${front}/api/health`).then(
          (r) => r.ok,
          () => false,
        )
      )
        break;
      if (i > 100) throw new Error('nginx did not answer');
      await new Promise((r) => setTimeout(r, 100));
    }
    console.log(
      `\nbench/nginx — ${spawnSync(nginx, ['-v'], { encoding: 'utf8' }).stderr.trim()} on ${front}, Gatepass on :${a} and :${b}`,
    );

    // Both processes take requests.
    await Promise.all(
      Array.from({ length: 40 }, () => fetch(`${front}/api/events`).then((r) => r.arrayBuffer())),
    );
    const log = await readFile(`${work}/logs/access.log`, 'utf8');
    const used = [a, b].filter((port) => log.includes(`127.0.0.1:${port} `));
    check('both processes answer through nginx', used.length === 2, `upstreams seen: ${used.join(', ')}`);

    // Compression is Gatepass's, passed through as it is.
    const br = await fetch(`${front}/api/events`, { headers: { 'accept-encoding': 'br' } });
    const direct = await fetch(`${servers[0]!.url}/api/events`, { headers: { 'accept-encoding': 'br' } });
    check(
      'Gatepass compresses; nginx passes it through',
      br.headers.get('content-encoding') === direct.headers.get('content-encoding') &&
        direct.headers.get('content-encoding') === 'br',
      `through nginx: ${br.headers.get('content-encoding')}, direct: ${direct.headers.get('content-encoding')}`,
    );

    // The client's address: nginx sets it, a forged X-Forwarded-For from the client is dropped.
    const login = await fetch(`${front}/api/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.9' },
      body: JSON.stringify({ email: SAMPLE_ORGANISER.email, password: SAMPLE_ORGANISER.password }),
    });
    const { token } = (await login.json()) as { token: string };
    const sessions = (await (
      await fetch(`${front}/api/users/sessions`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as { sessions: { ip: string | null; current: boolean }[] };
    const ip = sessions.sessions.find((s) => s.current)?.ip;
    check('client IP comes from nginx, not from a forged header', ip === '127.0.0.1', `session IP ${ip}`);

    // A purchase through nginx: reserve, pay (test-mode provider), approve, verify.
    const organiser = await person(db, 'organiser');
    const buyer = await person(db);
    const { event, types } = await eventWithTypes(db, organiser.id, [
      { name: 'Door', priceKobo: 500_000, capacity: 5 },
    ]);
    const as = (who: { token: string } | null, method: string, url: string, body?: object) =>
      fetch(`${front}${url}`, {
        method,
        headers: {
          'accept-encoding': 'gzip, br',
          ...(body ? { 'content-type': 'application/json' } : {}),
          ...(who ? { authorization: `Bearer ${who.token}` } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
      });
    const created = await as(buyer, 'POST', '/api/orders', {
      eventId: event.id,
      items: { [types[0]!.id]: 2 },
      buyer: buyerOf(buyer),
    });
    // Gatepass answers a reservation uncompressed on purpose (decision 017): nginx must keep it so.
    const createdEncoding = created.headers.get('content-encoding');
    const orderId = ((await created.json()) as { order: { _id: string } }).order._id;
    const pay = (await (
      await as(buyer, 'POST', `/api/orders/${orderId}/pay`, { acceptTerms: true, emailUpdates: false })
    ).json()) as { reference: string };
    const approved = await as(null, 'POST', `/api/payments/test/${pay.reference}/approve`);
    const order = (await (await as(buyer, 'POST', `/api/orders/${orderId}/verify`)).json()) as {
      order: { status: string; tickets: { code: string }[] };
    };
    check(
      'a ticket purchase through nginx',
      created.status === 201 &&
        approved.status === 200 &&
        order.order.status === 'paid' &&
        order.order.tickets.length === 2,
      `order ${order.order.status}, ${order.order.tickets.length} tickets`,
    );

    check(
      'nginx adds no compression of its own',
      createdEncoding === null,
      `reservation answer (gzip, br accepted): ${createdEncoding ?? 'identity'}`,
    );

    // The door: the first scan admits, the second (likely on the other process) does not.
    const code = order.order.tickets[0]!.code;
    const scans: string[] = [];
    for (let i = 0; i < 2; i += 1) {
      const res = await as(organiser, 'POST', `/api/checkin/${event.id}`, { code });
      scans.push(
        ((await res.json()) as { result?: string; message?: string }).result ?? `HTTP ${res.status}`,
      );
    }
    check(
      'a door scan through nginx admits once',
      scans[0] === 'checked_in' && scans[1] === 'already_checked_in',
      scans.join(' then '),
    );
    const sold = (await pool.query('select sold from ticket_types where id = $1', [types[0]!.id])).rows[0]
      .sold;
    check('seats sold', sold === 2, `ticket_types.sold = ${sold}`);
  } finally {
    if (proxy && proxy.exitCode === null) {
      const exited = new Promise((r) => proxy!.once('exit', r));
      proxy.kill('SIGQUIT');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
      if (proxy.exitCode === null) proxy.kill('SIGKILL');
    }
    await Promise.all(servers.filter(Boolean).map((s) => s.stop()));
    await pool.end();
    await database.drop();
    await rm(work, { recursive: true, force: true });
  }
  const failed = results.filter((r) => !r.ok).length;
  console.log(`\n${results.length - failed} passed, ${failed} failed`);
  if (failed) process.exitCode = 1;
}

await main();
