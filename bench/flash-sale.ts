/**
 * The flash sale over HTTP against PostgreSQL (decisions 017 and 051): rounds of one sale each —
 * 500 seats of a hidden type behind an access code, on one of the event's two dates, with checkout
 * questions per order and per attendee and a waiting list on another type (bench/flashSaleEvent.ts)
 * — 700 buyers, 200 at a time, each reserving 1–2 seats through POST /api/orders on a real server
 * process. In every round the same client also runs the same sale against a bare Fastify answering
 * the same 201/409 bytes with no database (bench/flash-ceiling.ts): the HTTP ceiling. The two go in
 * alternating order, and each round's figure is ours ÷ the ceiling's in that round.
 *
 * Prints per round and as the median of the rounds: orders won per second (201s until the last
 * seat went), p50, the ratio to the ceiling; the database round trips per reserved order, counted
 * in the server process (bench/counted-server.ts) and named by statement; the CPU time the server
 * and the ceiling spent per request (from /proc: a figure a busy machine delays but barely
 * inflates, so it stays comparable when the wall-clock ratio does not), and the CPU the sale's
 * PostgreSQL backends spent per request (same source: PostgreSQL runs on this machine); the load
 * average. Its last line is `BENCH_JSON {…}` with the same figures for scripts. Exits 1 unless every round sold
 * exactly its seats (answers, `ticket_types.sold` and order items agree) and stored every answer.
 *
 * BENCH_POSTGRES_URL (default postgres://postgres@127.0.0.1:5432/postgres) names the server;
 * scratch databases are created and dropped. PORT (default 4340; the ceiling uses PORT + 1),
 * FLASH_ROUNDS (default 3), WORKERS (server processes, default 1). BENCH_CPU_PROF=<dir>: the server
 * writes a V8 CPU profile there when it stops (bench/profile-summary.ts reads it).
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Database } from '../server/db/client';
import * as schema from '../server/db/schema';
import { buyerOf, eventWithTypes, people, person } from '../test/helpers/checkout';
import { CONCURRENCY, closeLoad, median, post, type Sale, sell } from './flashLoad';
import { flashSaleEvent } from './flashSaleEvent';
import { cpuMs, fmt, startProcess, stopProcess } from './lib';

const ADMIN_URL =
  process.env.BENCH_POSTGRES_URL ??
  process.env.BENCH_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/postgres';
const PORT = Number(process.env.PORT ?? 4340);
const ROUNDS = Number(process.env.FLASH_ROUNDS ?? 3);
const WORKERS = Number(process.env.WORKERS ?? 1);
/** Round trips are counted in one server process (bench/counted-server.ts); with workers, not at all. */
const COUNTED = WORKERS === 1;
const SEATS = 500;
const BUYERS = 700;
const WARM_UP = 200;
/**
 * FLASH_SEEN_MINUTES_AGO: how long ago each round's buyers were last seen (default 0: signed in
 * just before the round). With e.g. 5 they are buyers who signed in before the sale, as real ones
 * do: each request's session then needs its `last_seen_at` written (auth/lastSeen.ts).
 */
const SEEN_MINUTES_AGO = Number(process.env.FLASH_SEEN_MINUTES_AGO ?? 0);

const loadAverage = () =>
  execFileSync('uptime', { encoding: 'utf8' })
    .trim()
    .replace(/^.*load average: /, '');

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

type Shape = { shape: string; count: number; ms: number };

/**
 * CPU ms the PostgreSQL backends serving the sale's database spent so far, per backend pid (from
 * /proc: PostgreSQL runs on this machine). A backend that appears during a sale counts whole.
 */
async function backendCpu(pool: pg.Pool, database: string): Promise<Map<number, number>> {
  const { rows } = await pool.query<{ pid: number }>(
    'select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
    [database],
  );
  return new Map(
    rows.map((r) => [r.pid, cpuMs(r.pid)]).filter(([, ms]) => !Number.isNaN(ms)) as [number, number][],
  );
}

const cpuSince = (before: Map<number, number>, after: Map<number, number>) =>
  [...after].reduce((sum, [pid, ms]) => sum + ms - (before.get(pid) ?? 0), 0);

/** The server's round trips since the last call (bench/counted-server.ts), by statement shape. */
async function roundTrips(server: { pid?: number }, file: string): Promise<Shape[]> {
  // Only the counted server answers SIGUSR2 (for Node it otherwise ends the process).
  if (!COUNTED) return [];
  await rm(file, { force: true });
  process.kill(server.pid!, 'SIGUSR2');
  for (let i = 0; i < 100; i++) {
    try {
      if ((await stat(file)).size > 0) return JSON.parse(await readFile(file, 'utf8')) as Shape[];
    } catch {
      // not written yet
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('the server did not report its round trips');
}

async function main() {
  const name = `gatepass_flash_${randomBytes(4).toString('hex')}`;
  await admin(`create database ${name}`);
  const url = withDatabase(ADMIN_URL, name);
  const dataDir = await mkdtemp(path.join(tmpdir(), 'gatepass-flash-'));
  const countFile = path.join(dataDir, 'round-trips.json');
  const base = `http://127.0.0.1:${PORT}`;
  const ceilingBase = `http://127.0.0.1:${PORT + 1}`;
  const loads = [loadAverage()];
  const server = await startProcess(
    COUNTED ? 'bench/counted-server.ts' : 'server/main.ts',
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
      QUERY_COUNT_FILE: countFile,
    },
    `${base}/api/health`,
    undefined,
    true,
  );
  let ceiling: Awaited<ReturnType<typeof startProcess>> | null = null;
  const pool = new pg.Pool({ connectionString: url, max: 4 });
  const db = drizzle(pool, { schema }) as unknown as Database;
  let failed = false;
  try {
    const organiser = await person(db, 'organiser');
    const waiter = await person(db, 'waiter');

    // Warm-up, not measured: a fresh process compiles its modules and JITs its hot paths on the
    // first requests. Its event is the sale's kind too, and its answers are the ceiling's bytes.
    const warm = await flashSaleEvent(db, organiser, WARM_UP * 2, waiter);
    const warmBuyers = await people(db, WARM_UP, 'warm');
    await Promise.all(warmBuyers.map((b) => post(`${base}/api/orders`, b.token, warm.body(b, 1))));
    const extra = await person(db, 'extra');
    const won = await post(`${base}/api/orders`, extra.token, warm.body(extra, 1), true);
    const gone = await eventWithTypes(db, organiser.id, [{ name: 'Gone', capacity: 0 }]);
    const refused = await post(
      `${base}/api/orders`,
      extra.token,
      JSON.stringify({ eventId: gone.event.id, items: { [gone.types[0]!.id]: 1 }, buyer: buyerOf(extra) }),
      true,
    );
    if (won.status !== 201 || refused.status !== 409)
      throw new Error(`warm-up answered ${won.status}/${refused.status}`);
    ceiling = await startProcess(
      'bench/flash-ceiling.ts',
      { PORT: String(PORT + 1), FLASH_SEATS: String(SEATS), FLASH_REPLIES: JSON.stringify({ won, refused }) },
      `${ceilingBase}/ready`,
    );
    const warmCeiling = await people(db, 1, 'warmceiling');
    await Promise.all(
      Array.from({ length: WARM_UP }, () =>
        post(`${ceilingBase}/api/orders`, warmCeiling[0]!.token, warm.body(warmCeiling[0]!, 1)),
      ),
    );

    const rounds: {
      ours: Sale;
      bare: Sale;
      ratio: number;
      trips: Shape[];
      cpu: number;
      pgCpu: number;
      ceilingCpu: number;
    }[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      const sale = await flashSaleEvent(db, organiser, SEATS, waiter);
      // Signed in just now, every round alike (or, with FLASH_SEEN_MINUTES_AGO, last seen that long
      // ago, every round alike): whether `last_seen_at` is due must not differ between rounds.
      const buyers = await people(db, BUYERS, `flash${r}`);
      if (SEEN_MINUTES_AGO > 0)
        await pool.query(
          `update sessions set last_seen_at = now() - make_interval(mins => $1) where user_id = any($2::uuid[])`,
          [SEEN_MINUTES_AGO, buyers.map((b) => b.id)],
        );
      await post(`${ceilingBase}/reset`, '', '{}');
      // CPU ms per request of the process that answered (one process only: with workers, NaN).
      const cpuOf = async (pid: number | undefined, run: () => Promise<Sale>) => {
        const before = COUNTED ? cpuMs(pid) : Number.NaN;
        const result = await run();
        return { result, cpu: (cpuMs(pid) - before) / BUYERS };
      };
      const runOurs = async () => {
        await roundTrips(server, countFile);
        const pgBefore = await backendCpu(pool, name);
        const { result, cpu } = await cpuOf(server.pid, () => sell(base, buyers, sale.body));
        const pgCpu = cpuSince(pgBefore, await backendCpu(pool, name)) / BUYERS;
        return { result, cpu, pgCpu, trips: await roundTrips(server, countFile) };
      };
      const runBare = () => cpuOf(ceiling!.pid, () => sell(ceilingBase, buyers, sale.body));
      let ours: Awaited<ReturnType<typeof runOurs>>;
      let bare: Awaited<ReturnType<typeof runBare>>;
      if (r % 2 === 0) {
        ours = await runOurs();
        bare = await runBare();
      } else {
        bare = await runBare();
        ours = await runOurs();
      }
      loads.push(loadAverage());
      const [check] = (
        await pool.query(
          `select t.sold, (select coalesce(sum(i.quantity), 0)::int from order_items i join orders o on o.id = i.order_id
             where o.event_id = $1) as held,
           (select count(*)::int from order_answers a join orders o on o.id = a.order_id where o.event_id = $1) as answers
           from ticket_types t where t.id = $2`,
          [sale.event.id, sale.flash.id],
        )
      ).rows;
      // Each order answers the size once and the matric number per seat.
      const answersExpected = ours.result.won + ours.result.seats;
      const ok =
        ours.result.seats === SEATS &&
        check.sold === SEATS &&
        check.held === SEATS &&
        check.answers === answersExpected &&
        ours.result.other === 0;
      if (!ok) {
        failed = true;
        console.log(
          `round ${r + 1} WRONG: ${ours.result.seats} seats answered, ${check.sold} sold, ${check.held} in order items, ${check.answers} answers of ${answersExpected}, ${ours.result.other} other answers`,
        );
      }
      rounds.push({
        ours: ours.result,
        bare: bare.result,
        ratio: ours.result.wonPerSecond / bare.result.wonPerSecond,
        trips: ours.trips,
        cpu: ours.cpu,
        pgCpu: ours.pgCpu,
        ceilingCpu: bare.cpu,
      });
    }
    await stopProcess(server);

    console.log(
      `\nFlash sale over HTTP (PostgreSQL, ${WORKERS === 1 ? 'one server process' : `WORKERS=${WORKERS} on one port`}): ${SEATS} seats, ${BUYERS} buyers, ${CONCURRENCY} at a time; questions, access code, waiting list and dates on`,
    );
    console.log(
      '  round  ours won/s  ceiling won/s  ratio  ours p50/p99 ms   ceiling p50 ms  round trips/order',
    );
    // NaN (JSON null) when not counted (WORKERS > 1).
    const tripsPerOrder = (t: Shape[], won: number) =>
      COUNTED ? t.reduce((n, s) => n + s.count, 0) / won : Number.NaN;
    rounds.forEach((x, i) => {
      console.log(
        `  ${String(i + 1).padEnd(5)}  ${fmt(x.ours.wonPerSecond).padStart(10)}  ${fmt(x.bare.wonPerSecond).padStart(13)}  ${fmt(x.ratio, 2).padStart(5)}  ${`${fmt(x.ours.p50, 0)} / ${fmt(x.ours.p99, 0)}`.padStart(15)}  ${fmt(x.bare.p50, 0).padStart(14)}  ${fmt(tripsPerOrder(x.trips, x.ours.won), 2).padStart(17)}`,
      );
    });
    const last = rounds[rounds.length - 1]!;
    const m = {
      wonPerSecond: median(rounds.map((x) => x.ours.wonPerSecond)),
      ceilingWonPerSecond: median(rounds.map((x) => x.bare.wonPerSecond)),
      ratio: median(rounds.map((x) => x.ratio)),
      p50: median(rounds.map((x) => x.ours.p50)),
      roundTripsPerOrder: median(rounds.map((x) => tripsPerOrder(x.trips, x.ours.won))),
      roundTripsPerRequest: median(
        rounds.map((x) => (tripsPerOrder(x.trips, x.ours.won) * x.ours.won) / BUYERS),
      ),
      cpuPerRequestMs: median(rounds.map((x) => x.cpu)),
      postgresCpuPerRequestMs: median(rounds.map((x) => x.pgCpu)),
      ceilingCpuPerRequestMs: median(rounds.map((x) => x.ceilingCpu)),
    };
    console.log(
      `  won/s (median)            ${fmt(m.wonPerSecond)} orders/s  (ceiling ${fmt(m.ceilingWonPerSecond)})`,
    );
    console.log(
      `  ratio to HTTP ceiling     ${fmt(m.ratio, 2)} (median of ${ROUNDS} rounds, each ours ÷ ceiling in that round)`,
    );
    console.log(`  latency p50 (median)      ${fmt(m.p50)} ms`);
    console.log(
      `  round trips               ${fmt(m.roundTripsPerOrder, 2)} per reserved order, ${fmt(m.roundTripsPerRequest, 2)} per request (median)`,
    );
    console.log(
      `  server CPU per request    ${fmt(m.cpuPerRequestMs, 3)} ms (ceiling ${fmt(m.ceilingCpuPerRequestMs, 3)} ms; rounds ${rounds.map((x) => `${fmt(x.cpu, 3)}/${fmt(x.ceilingCpu, 3)}`).join(', ')}; PostgreSQL's not included)`,
    );
    console.log(
      `  PostgreSQL CPU per request ${fmt(m.postgresCpuPerRequestMs, 3)} ms (the sale's backends, from /proc; rounds ${rounds.map((x) => fmt(x.pgCpu, 3)).join(', ')})`,
    );
    console.log(
      `  last round's round trips by statement (count per reserved order; ms summed over all calls, waiting for a connection not included):`,
    );
    for (const s of last.trips.slice(0, 12))
      console.log(
        `    ${fmt(s.count / last.ours.won, 2).padStart(6)}  ${fmt(s.ms, 0).padStart(7)} ms  ${s.shape}`,
      );
    console.log(
      `  answers                   ${rounds.map((x) => `${x.ours.won} won, ${x.ours.refused} refused`).join('; ')}`,
    );
    console.log(`  load average              ${loads.join('  →  ')}`);
    console.log(
      `BENCH_JSON ${JSON.stringify({
        bench: 'flash-sale',
        ...m,
        seatsOk: !failed,
        load: loads,
        rounds: rounds.map((x) => ({
          wonPerSecond: x.ours.wonPerSecond,
          ceilingWonPerSecond: x.bare.wonPerSecond,
          ratio: x.ratio,
          p50: x.ours.p50,
          p99: x.ours.p99,
          won: x.ours.won,
          roundTripsPerOrder: tripsPerOrder(x.trips, x.ours.won),
          cpuPerRequestMs: x.cpu,
          postgresCpuPerRequestMs: x.pgCpu,
          ceilingCpuPerRequestMs: x.ceilingCpu,
        })),
      })}`,
    );
    if (failed) process.exitCode = 1;
  } finally {
    closeLoad();
    await stopProcess(server);
    if (ceiling) await stopProcess(ceiling);
    await pool.end();
    await admin(`drop database if exists ${name} with (force)`);
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
