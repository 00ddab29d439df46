/**
 * Flash sale over HTTP against PostgreSQL (decision 012): one ticket type with 1,000 seats, 5,000 buyers,
 * 200 at a time, each reserving 1–2 seats through POST /api/orders on a real server process.
 * Prints seats sold (must be exactly 1,000), reservations/s, p50/p99, and — in the same run — the
 * raw PostgreSQL rate for the same conditional UPDATE + INSERT on one hot row (pgbench), with our
 * rate as a ratio of it.
 *
 * BENCH_POSTGRES_URL (as the other benches; BENCH_DATABASE_URL also works; default
 * postgres://postgres@127.0.0.1:5432/postgres) names the server; scratch
 * databases are created and dropped. PORT (default 4340) is the API's port. FLASH_BUYERS (default
 * 5,000) and PGBENCH_SECONDS=0 (no pgbench) make the short runs bench:compare needs.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Database } from '../server/db/client';
import * as schema from '../server/db/schema';
import { buyerOf, eventWithTypes, people, person } from '../test/helpers/checkout';
import { fmt, startProcess, stopProcess } from './lib';

const ADMIN_URL =
  process.env.BENCH_POSTGRES_URL ??
  process.env.BENCH_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/postgres';
const PORT = Number(process.env.PORT ?? 4340);
const SEATS = 1_000;
const BUYERS = Number(process.env.FLASH_BUYERS ?? 5_000);
const CONCURRENCY = 200;
const WARM_UP = 200;
// PGBENCH_SECONDS=0 skips the pgbench baseline (bench:compare compares two builds, not PostgreSQL).
const PGBENCH_SECONDS = Number(process.env.PGBENCH_SECONDS ?? 15);

function withDatabase(url: string, name: string) {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

async function admin(sql: string) {
  const c = new pg.Client({ connectionString: ADMIN_URL });
  await c.connect();
  try {
    return await c.query(sql);
  } finally {
    await c.end();
  }
}

/**
 * The load generator: node:http on keep-alive sockets, one per concurrent buyer. (fetch spent more
 * CPU than the server under test on this 2-core machine — measured with --cpu-prof — and pgbench's
 * own client is lean C.) It asks for compression as a browser does, but only drains the body.
 */
const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });

function post(url: string, token: string, body: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'accept-encoding': 'gzip, deflate, br',
          authorization: `Bearer ${token}`,
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/** pgbench on one hot row: the one-sale-per-transaction baseline. */
async function pgbenchRate(clients: number): Promise<number> {
  const name = `gatepass_pgb_${randomBytes(4).toString('hex')}`;
  await admin(`create database ${name}`);
  const url = withDatabase(ADMIN_URL, name);
  const dir = await mkdtemp(path.join(tmpdir(), 'pgbench-'));
  try {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    await c.query(`create table ticket_types (id int primary key, sold int not null, capacity int not null);
      insert into ticket_types values (1, 0, 2000000000);
      create table order_items (id bigserial primary key, ticket_type_id int not null, quantity int not null, created_at timestamptz default now());`);
    await c.end();
    const script = path.join(dir, 'sale.sql');
    await writeFile(
      script,
      [
        '\\set q random(1, 2)',
        'BEGIN;',
        'UPDATE ticket_types SET sold = sold + :q WHERE id = 1 AND sold + :q <= capacity;',
        'INSERT INTO order_items (ticket_type_id, quantity) VALUES (1, :q);',
        'END;',
        '',
      ].join('\n'),
    );
    const out = execFileSync(
      'pgbench',
      ['-n', '-c', String(clients), '-j', '2', '-T', String(PGBENCH_SECONDS), '-f', script, url],
      { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
    );
    const match = /tps = ([\d.]+)/.exec(out);
    if (!match) throw new Error(`pgbench printed no tps:\n${out}`);
    return Number(match[1]);
  } finally {
    await admin(`drop database if exists ${name} with (force)`);
    await rm(dir, { recursive: true, force: true });
  }
}

async function main() {
  const name = `gatepass_flash_${randomBytes(4).toString('hex')}`;
  await admin(`create database ${name}`);
  const url = withDatabase(ADMIN_URL, name);
  const dataDir = await mkdtemp(path.join(tmpdir(), 'gatepass-flash-'));
  const base = `http://127.0.0.1:${PORT}`;
  const server = await startProcess(
    'server/main.ts',
    {
      NODE_ENV: 'production',
      // No Paystack here: the sale reserves seats, it never takes a payment.
      PAYMENTS: 'test',
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATABASE_URL: url,
      DATA_DIR: dataDir,
      SEED_SAMPLE_DATA: 'false',
      RATE_LIMITS: 'off',
      LOG_LEVEL: 'warn',
      SPA_DIR: path.join(dataDir, 'no-spa'),
    },
    `${base}/api/health`,
  );
  const pool = new pg.Pool({ connectionString: url, max: 4 });
  const db = drizzle(pool, { schema }) as unknown as Database;
  try {
    // pgbench before (then the buyers and the warm-up) and just after the sale: the machine is
    // shared, so its load moves; the baseline is the mean of the two, and both are printed.
    const maxConnections = Number((await admin('show max_connections')).rows[0].max_connections);
    // pgbench needs one connection per client; 200 would not fit under max_connections = 100.
    const pgbenchClients = Math.min(CONCURRENCY, Math.max(1, maxConnections - 40));
    const before = PGBENCH_SECONDS > 0 ? await pgbenchRate(pgbenchClients) : Number.NaN;

    const organiser = await person(db, 'organiser');
    const { event, types } = await eventWithTypes(db, organiser.id, [
      { name: 'Flash', capacity: SEATS, purchaseLimit: 2 },
    ]);
    const buyers: Awaited<ReturnType<typeof people>> = [];
    for (let i = 0; i < BUYERS; i += 1000) buyers.push(...(await people(db, 1000, 'flash')));

    // Warm-up, not measured: a fresh process compiles its modules and JITs its hot paths on the
    // first requests, while the PostgreSQL that pgbench talks to has been running all along.
    const warm = await eventWithTypes(db, organiser.id, [{ name: 'Warm-up', capacity: null }]);
    const warmBuyers = await people(db, WARM_UP, 'warm');
    await Promise.all(
      warmBuyers.map((b) =>
        post(
          `${base}/api/orders`,
          b.token,
          JSON.stringify({ eventId: warm.event.id, items: { [warm.types[0]!.id]: 1 }, buyer: buyerOf(b) }),
        ),
      ),
    );

    const latencies: number[] = [];
    let sold = 0;
    let accepted = 0;
    let refused = 0;
    let other = 0;
    let next = 0;
    let lastSale = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        for (;;) {
          const i = next++;
          if (i >= buyers.length) return;
          const b = buyers[i]!;
          const qty = (i % 2) + 1;
          const t0 = performance.now();
          const status = await post(
            `${base}/api/orders`,
            b.token,
            JSON.stringify({ eventId: event.id, items: { [types[0]!.id]: qty }, buyer: buyerOf(b) }),
          );
          const t1 = performance.now();
          latencies.push(t1 - t0);
          if (status === 201) {
            accepted += 1;
            sold += qty;
            lastSale = Math.max(lastSale, t1);
          } else if (status === 409) refused += 1;
          else other += 1;
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    agent.destroy();
    latencies.sort((a, b) => a - b);
    const [row] = (await pool.query('select sold from ticket_types where id = $1', [types[0]!.id])).rows;
    const [held] = (
      await pool.query(
        `select coalesce(sum(i.quantity), 0)::int as seats from order_items i join orders o on o.id = i.order_id where o.event_id = $1`,
        [event.id],
      )
    ).rows;
    await stopProcess(server);

    const after = PGBENCH_SECONDS > 0 ? await pgbenchRate(pgbenchClients) : Number.NaN;
    const baseline = (before + after) / 2;
    const rate = BUYERS / seconds;
    // While seats were left every answer was a sale attempt; afterwards most answers are refusals.
    const sellingSeconds = (lastSale - started) / 1000;

    const workers = Number(process.env.WORKERS ?? 1);
    console.log(
      `\nFlash sale over HTTP (PostgreSQL, ${workers === 1 ? 'one server process' : `WORKERS=${workers} on one port`}, 200 concurrent buyers)`,
    );
    console.log(`  seats sold (answers)      ${sold} of ${SEATS}  ${sold === SEATS ? 'OK' : 'WRONG'}`);
    console.log(`  seats sold (database)     ${row.sold} (ticket_types.sold), ${held.seats} (order items)`);
    console.log(
      `  answers                   ${accepted} reserved, ${refused} sold out (409), ${other} other`,
    );
    console.log(`  reservations/s            ${fmt(rate)}  (${BUYERS} requests in ${fmt(seconds, 2)} s)`);
    console.log(
      `  while seats were left     ${fmt(accepted / sellingSeconds)} orders/s, ${fmt(sold / sellingSeconds)} seats/s (${accepted} orders in ${fmt(sellingSeconds, 2)} s)`,
    );
    console.log(
      `  latency p50 / p99         ${fmt(percentile(latencies, 50))} ms / ${fmt(percentile(latencies, 99))} ms`,
    );
    console.log(
      `  pgbench hot row           ${fmt(baseline)} tps at ${pgbenchClients} clients (${fmt(before)} before, ${fmt(after)} after; UPDATE … sold + q <= capacity; INSERT; max_connections ${maxConnections})`,
    );
    console.log(`  ratio                     ${fmt(rate / baseline, 2)} of raw PostgreSQL (all requests)`);
    console.log(
      `  ratio while selling       ${fmt(accepted / sellingSeconds / baseline, 2)} (orders/s until sold out ÷ pgbench sales/s)`,
    );
    if (sold !== SEATS || row.sold !== SEATS || held.seats !== SEATS) process.exitCode = 1;
  } finally {
    await stopProcess(server);
    await pool.end();
    await admin(`drop database if exists ${name} with (force)`);
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
