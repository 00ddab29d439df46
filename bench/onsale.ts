import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Database } from '../server/db/client';
import * as schema from '../server/db/schema';
import { buyerOf, eventWithTypes, type Person, people, person } from '../test/helpers/checkout';
import { spearman } from '../test/helpers/rankCorrelation';
import { benchDatabase, fmt, startProcess, stopProcess } from './lib';
import { call, hammer, Recorder, sleep } from './onsaleClient';

/**
 * bench:onsale (decision 059): simulated buyers against PROCESSES Gatepass server processes on one
 * PostgreSQL, for one on-sale, twice: with the waiting room, then without it. Buyers arrive spread
 * over ARRIVAL seconds, the sale opens halfway through; 1 in BOT_EVERY is a "bot" that asks ten
 * times as often as the page would. With the room a buyer joins, then asks again when the server
 * says (a bot: every 200 ms), and reserves with its pass when admitted. Without it a buyer retries
 * POST /api/orders every 1–2 s (a bot: every 100 ms) until it wins or is told sold out.
 *
 * Prints: seats sold vs seats (0 oversold), the fairness of the order (Spearman's ρ of arrival vs
 * place and vs observed admission, before and after opening), the waiting page's requests/s and
 * p99, admissions/s, who won (bots' share), the joins/s all processes take (256 clients, into a
 * draw and behind one), and one process's capacity for waiting buyers' polls. "In the draw" is a
 * queue row with a random key: the server saw the join before the on-sale time.
 * Exits 1 when anything was oversold or a seat went unaccounted.
 *
 * ONSALE_BUYERS (default 2000), ONSALE_SEATS (400), ONSALE_PROCESSES (2), ONSALE_RATE (admitted a
 * second, 20), ONSALE_ARRIVAL (seconds, 30), ONSALE_BOT_EVERY (50), PORT (4360).
 */

const BUYERS = Number(process.env.ONSALE_BUYERS ?? 2000);
const SEATS = Number(process.env.ONSALE_SEATS ?? 400);
const PROCESSES = Number(process.env.ONSALE_PROCESSES ?? 2);
const RATE = Number(process.env.ONSALE_RATE ?? 20);
const ARRIVAL = Number(process.env.ONSALE_ARRIVAL ?? 30);
const BOT_EVERY = Number(process.env.ONSALE_BOT_EVERY ?? 50);
const PORT = Number(process.env.PORT ?? 4360);

const load = () =>
  execFileSync('uptime', { encoding: 'utf8' })
    .trim()
    .replace(/^.*load average: /, '');

type Outcome = {
  arrivalMs: number;
  /** Arrived (by the client's clock) before the on-sale time. */
  preOpening: boolean;
  /** The server placed the join in the draw (it was processed before opening). */
  inDraw: boolean;
  bot: boolean;
  place: number | null;
  admittedMs: number | null;
  won: boolean;
  toldSoldOutMs: number | null;
};

const bases = Array.from({ length: PROCESSES }, (_, i) => `http://127.0.0.1:${PORT + i}`);

async function makePeople(db: Database, n: number, prefix: string): Promise<Person[]> {
  const out: Person[] = [];
  for (let i = 0; i < n; i += 2000) out.push(...(await people(db, Math.min(2000, n - i), prefix)));
  return out;
}

/** One buyer with the room: join, ask again when told, buy when admitted. */
async function roomBuyer(i: number, b: Person, eventId: string, body: string, o: Outcome, rec: Recorder) {
  let k = i;
  const base = () => bases[k++ % PROCESSES]!;
  let answer = await rec.time('join', () =>
    call('POST', `${base()}/api/onsale/${eventId}/join`, b.token, '{}'),
  );
  for (;;) {
    if (answer.status !== 200) throw new Error(`queue answered ${answer.status}: ${answer.body}`);
    const place = JSON.parse(answer.body) as {
      state: string;
      place: number | null;
      pass: string | null;
      retryAfterSeconds: number;
    };
    o.place = place.place ?? o.place;
    if (place.state === 'admitted' && place.pass) {
      o.admittedMs = performance.now();
      const withPass = `${body.slice(0, -1)},"onsalePass":${JSON.stringify(place.pass)}}`;
      const order = await rec.time('order', () => call('POST', `${base()}/api/orders`, b.token, withPass));
      o.won = order.status === 201;
      if (!o.won) o.toldSoldOutMs = performance.now();
      return;
    }
    if (place.state === 'soldOut') {
      o.toldSoldOutMs = performance.now();
      return;
    }
    if (place.state !== 'draw' && place.state !== 'waiting') return;
    await sleep(o.bot ? 200 : place.retryAfterSeconds * 1000);
    answer = await rec.time('place', () => call('GET', `${base()}/api/onsale/${eventId}`, b.token));
  }
}

/** One buyer without the room: refresh and try until a seat or "sold out". */
async function bareBuyer(i: number, b: Person, body: string, o: Outcome, rec: Recorder) {
  for (let k = i; ; k++) {
    const answer = await rec.time('order', () =>
      call('POST', `${bases[k % PROCESSES]}/api/orders`, b.token, body),
    );
    if (answer.status === 201) {
      o.won = true;
      o.admittedMs = performance.now();
      return;
    }
    if (answer.status === 409 && !answer.body.includes('go on sale')) {
      o.toldSoldOutMs = performance.now();
      return;
    }
    await sleep(o.bot ? 100 : 1000 + Math.random() * 1000);
  }
}

/**
 * Sessions end after their owner's inactivity timeout (5 minutes by default, decision 024), and
 * making 100,000 people takes longer than that here: every part starts with all of them fresh.
 */
async function freshen(pool: pg.Pool) {
  await pool.query('update users set inactivity_minutes = 15');
  await pool.query('update sessions set last_active_at = now()');
}

async function scenario(db: Database, pool: pg.Pool, organiser: Person, room: boolean) {
  const buyers = await makePeople(db, BUYERS, room ? 'room' : 'bare');
  await freshen(pool);
  const startMs = Date.now() + 3000;
  const opensMs = startMs + (ARRIVAL / 2) * 1000;
  const { event, types } = await eventWithTypes(
    db,
    organiser.id,
    [{ name: 'General', capacity: SEATS, priceKobo: 0, purchaseLimit: 1 }],
    {
      onsaleAt: new Date(opensMs),
      waitingRoom: room ? 'on' : 'off',
      admitPerSecond: RATE,
    },
  );
  const arrivals = buyers.map(() => Math.random() * ARRIVAL * 1000).sort((a, b) => a - b);
  const outcomes: Outcome[] = buyers.map((_, i) => ({
    arrivalMs: arrivals[i]!,
    preOpening: startMs + arrivals[i]! < opensMs,
    inDraw: false,
    bot: i % BOT_EVERY === 0,
    place: null,
    admittedMs: null,
    won: false,
    toldSoldOutMs: null,
  }));
  const rec = new Recorder();
  const t0 = performance.now() + (startMs - Date.now());
  const opensPerf = t0 + (opensMs - startMs);
  await Promise.all(
    buyers.map(async (b, i) => {
      await sleep(Math.max(0, t0 + arrivals[i]! - performance.now()));
      const body = JSON.stringify({ eventId: event.id, items: { [types[0]!.id]: 1 }, buyer: buyerOf(b) });
      if (room) await roomBuyer(i, b, event.id, body, outcomes[i]!, rec);
      else await bareBuyer(i, b, body, outcomes[i]!, rec);
    }),
  );
  const { rows } = await pool.query(
    `select t.sold, t.capacity, (select coalesce(sum(i.quantity), 0)::int from order_items i join orders o on o.id = i.order_id
       where o.event_id = $1 and o.status in ('reserved', 'paid')) as held
     from ticket_types t where t.id = $2`,
    [event.id, types[0]!.id],
  );
  // Who the server put in the draw: a row with a random key (the join arrived before opening).
  const keyed = await pool.query<{ user_id: string }>(
    'select user_id from onsale_queue where event_id = $1 and draw_key is not null',
    [event.id],
  );
  const inDraw = new Set(keyed.rows.map((r) => r.user_id));
  buyers.forEach((b, i) => {
    outcomes[i]!.inDraw = inDraw.has(b.id);
  });
  return {
    outcomes,
    rec,
    check: rows[0] as { sold: number; capacity: number; held: number },
    opensPerf,
    eventId: event.id,
    buyers,
  };
}

function rho(xs: Outcome[], y: (o: Outcome) => number | null): string {
  const pairs = xs
    .map((o) => [o.arrivalMs, y(o)] as const)
    .filter((p): p is readonly [number, number] => p[1] !== null);
  return pairs.length < 3
    ? 'n/a'
    : `${fmt(
        spearman(
          pairs.map((p) => p[0]),
          pairs.map((p) => p[1]),
        ),
        3,
      )} (n=${pairs.length})`;
}

function report(name: string, r: Awaited<ReturnType<typeof scenario>>, room: boolean) {
  const { outcomes, rec, check, opensPerf } = r;
  const won = outcomes.filter((o) => o.won).length;
  const bots = outcomes.filter((o) => o.bot);
  const botWins = bots.filter((o) => o.won).length;
  const pre = outcomes.filter((o) => o.preOpening);
  const post = outcomes.filter((o) => !o.preOpening);
  const oversold = Math.max(0, check.sold - check.capacity);
  console.log(`\n${name}`);
  console.log(
    `  seats sold ${check.sold} of ${check.capacity} (orders won ${won}, seats held in orders ${check.held}), oversold ${oversold}`,
  );
  console.log(
    `  bots: ${fmt((100 * bots.length) / outcomes.length)} % of buyers, ${fmt(won ? (100 * botWins) / won : 0)} % of winners`,
  );
  console.log(
    `  winners who arrived before opening: ${pre.filter((o) => o.won).length} of ${pre.length}; after: ${post.filter((o) => o.won).length} of ${post.length}`,
  );
  if (room) {
    const drawn = outcomes.filter((o) => o.inDraw);
    const queued = outcomes.filter((o) => !o.inDraw);
    console.log(
      `  in the draw (joined before opening, by the server): ${drawn.length}; arrived before opening but not in the draw (server slow): ${pre.length - pre.filter((o) => o.inDraw).length}`,
    );
    console.log(
      `  fairness in the draw:   ρ(arrival, place) ${rho(drawn, (o) => o.place)}; ρ(arrival, admission seen) ${rho(drawn, (o) => o.admittedMs)}`,
    );
    console.log(
      `  fairness after opening: ρ(arrival, place) ${rho(queued, (o) => o.place)}; ρ(arrival, admission seen) ${rho(queued, (o) => o.admittedMs)}`,
    );
    const admitted = outcomes.filter((o) => o.admittedMs !== null).map((o) => o.admittedMs!);
    const span = admitted.length ? (Math.max(...admitted) - opensPerf) / 1000 : 0;
    console.log(
      `  admissions ${admitted.length} over ${fmt(span)} s after opening: ${fmt(admitted.length / Math.max(span, 0.001))}/s (configured ${RATE}/s)`,
    );
    const told = outcomes.filter((o) => o.toldSoldOutMs !== null && !o.won).map((o) => o.toldSoldOutMs!);
    if (told.length)
      console.log(
        `  told "sold out": ${told.length} buyers, the last ${fmt((Math.max(...told) - opensPerf) / 1000)} s after opening`,
      );
    for (const kind of ['join', 'place', 'order']) {
      const s = rec.summary(kind);
      console.log(
        `  ${kind.padEnd(5)} ${s.count} requests, ${fmt(s.perSecond)}/s over the run, busiest second ${rec.peakPerSecond(kind)}, p50 ${fmt(s.p50)} ms, p99 ${fmt(s.p99)} ms`,
      );
    }
  } else {
    console.log(
      `  fairness: ρ(arrival, won) ${rho(outcomes, (o) => (o.won ? 0 : 1))} (0 = arrival order does not matter)`,
    );
    const s = rec.summary('order');
    console.log(
      `  order ${s.count} requests (retries included), ${fmt(s.perSecond)}/s, p50 ${fmt(s.p50)} ms, p99 ${fmt(s.p99)} ms`,
    );
  }
  return oversold === 0 && check.sold === check.held;
}

async function main() {
  const scratch = await benchDatabase(`gatepass_onsale_${randomBytes(4).toString('hex')}`);
  if (!scratch) throw new Error('bench:onsale needs PostgreSQL: several processes share one queue');
  const dataDir = await mkdtemp(path.join(tmpdir(), 'gatepass-onsale-'));
  const loads = [load()];
  const servers: Awaited<ReturnType<typeof startProcess>>[] = [];
  const pool = new pg.Pool({ connectionString: scratch.url, max: 4 });
  let ok = true;
  try {
    // One after the other: the first applies the migrations.
    for (const [i, base] of bases.entries())
      servers.push(
        await startProcess(
          'server/main.ts',
          {
            NODE_ENV: 'production',
            PAYMENTS: 'test',
            PORT: String(PORT + i),
            HOST: '127.0.0.1',
            DATABASE_URL: scratch.url,
            DATA_DIR: path.join(dataDir, String(i)),
            SEED_SAMPLE_DATA: 'false',
            RATE_LIMITS: 'off',
            LOG_LEVEL: 'warn',
            SPA_DIR: path.join(dataDir, 'no-spa'),
          },
          `${base}/api/health`,
          undefined,
          // BENCH_CPU_PROF=<dir>: the first process writes a CPU profile (bench/profile-summary.ts).
          i === 0,
        ),
      );
    const db = drizzle(pool, { schema }) as unknown as Database;
    const organiser = await person(db, 'organiser');
    console.log(
      `bench:onsale — ${BUYERS} buyers for ${SEATS} seats, ${PROCESSES} server processes on one PostgreSQL, arrivals over ${ARRIVAL} s (opening at ${ARRIVAL / 2} s), admission ${RATE}/s, 1 in ${BOT_EVERY} a bot`,
    );
    const withRoom = await scenario(db, pool, organiser, true);
    loads.push(load());
    ok = report('WITH the waiting room', withRoom, true) && ok;
    const without = await scenario(db, pool, organiser, false);
    loads.push(load());
    ok = report('WITHOUT the waiting room (the same buyers, refreshing)', without, false) && ok;

    // One process's capacity for waiting buyers: a queue that has opened at 1 a second, 500 in it,
    // asked as fast as 64 clients can by one process.
    const waiters = await makePeople(db, 500, 'wait');
    const { event } = await eventWithTypes(
      db,
      organiser.id,
      [{ name: 'General', capacity: 10_000, priceKobo: 0 }],
      {
        onsaleAt: new Date(Date.now() - 1000),
        waitingRoom: 'on',
        admitPerSecond: 1,
      },
    );
    for (const w of waiters) await call('POST', `${bases[0]}/api/onsale/${event.id}/join`, w.token, '{}');
    await db.execute(sql`select 1`);
    const polled = await hammer(
      (i) => ({ url: `${bases[0]}/api/onsale/${event.id}`, token: waiters[i % waiters.length]!.token }),
      64,
      8,
    );
    loads.push(load());
    const polledLine = `\nOne process answering waiting buyers`;

    // The join capacity of all the processes together: buyers who have not joined yet join as fast
    // as 256 clients can (each once), into a draw (the sale opens in an hour) and behind a draw.
    const joinCapacity = async (opensInSeconds: number, who: Person[]) => {
      const { event: ev } = await eventWithTypes(
        db,
        organiser.id,
        [{ name: 'General', capacity: 10_000, priceKobo: 0 }],
        { onsaleAt: new Date(Date.now() + opensInSeconds * 1000), waitingRoom: 'on', admitPerSecond: 1 },
      );
      if (opensInSeconds < 0)
        await call('POST', `${bases[0]}/api/onsale/${ev.id}/join`, organiser.token, '{}');
      return hammer(
        (i) =>
          i < who.length
            ? {
                url: `${bases[i % PROCESSES]}/api/onsale/${ev.id}/join`,
                token: who[i]!.token,
                method: 'POST',
              }
            : null,
        256,
        10,
      );
    };
    await freshen(pool);
    const half = Math.floor(withRoom.buyers.length / 2);
    const intoDraw = await joinCapacity(3600, withRoom.buyers.slice(0, half));
    const behindDraw = await joinCapacity(-10, withRoom.buyers.slice(half));
    loads.push(load());
    for (const [name, j] of [
      ['into a draw', intoDraw],
      ['behind a draw', behindDraw],
    ] as const)
      console.log(
        `Joins ${name}, ${PROCESSES} processes (256 at a time, each buyer once): ${j.count} in ${fmt(j.count / j.perSecond)} s, ${fmt(j.perSecond)} joins/s, p99 ${fmt(j.p99)} ms, ${j.errors} errors`,
      );
    console.log(
      `${polledLine} (GET /api/onsale/:id, 64 at a time, 8 s): ${fmt(polled.perSecond)} requests/s, p99 ${fmt(polled.p99)} ms, ${polled.errors} errors`,
    );
    console.log(`process count: ${PROCESSES}; load average before/after each part: ${loads.join(' | ')}`);
    console.log(
      `BENCH_JSON ${JSON.stringify({ buyers: BUYERS, seats: SEATS, processes: PROCESSES, rate: RATE, soldWithRoom: withRoom.check.sold, soldWithout: without.check.sold, pollsPerSecondOneProcess: Math.round(polled.perSecond), pollP99: Math.round(polled.p99), joinsIntoDraw: Math.round(intoDraw.perSecond), joinsBehindDraw: Math.round(behindDraw.perSecond), ok })}`,
    );
  } finally {
    await Promise.all(servers.map((s) => stopProcess(s)));
    await pool.end();
    await scratch.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
  if (!ok) process.exit(1);
}

await main();
