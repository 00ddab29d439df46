// bench/api: requests/s and latency of GET /api/events, GET /api/events/:id and
// GET /api/tickets/event/:id (50 events in the database) under load from a second process
// (autocannon), each next to a bare Fastify handler returning the very same bytes, all in the same
// run on the same machine. Prints the ratios.
//
// On PostgreSQL by default: a scratch database is created on BENCH_POSTGRES_URL (default
// postgres://postgres@127.0.0.1:5432/postgres) and dropped afterwards. BENCH_DATABASE=pglite runs
// on the embedded database instead. BENCH_ACCEPT_ENCODING (default none: identity bodies; `br`,
// `gzip`, or a browser's `gzip, deflate, br`) is sent by the load generator, and the bare server
// serves the bytes we answer that header with. BENCH_ENDPOINTS=list,event,tickets picks endpoints
// (default all three). The last line, `BENCH_JSON {...}`, repeats the figures for bench/compare.
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { fmt, root, startProcess, stopProcess } from './lib';

const ourPort = Number(process.env.BENCH_PORT ?? 4392);
const barePort = ourPort + 1;
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
// Bare and ours alternate in short rounds, so load from anything else on the machine falls on both.
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const dataDir = `/tmp/gatepass-bench-api-${ourPort}`;
const onPglite = process.env.BENCH_DATABASE === 'pglite';
const adminUrl = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const scratchName = `gatepass_bench_${ourPort}`;
const acceptEncoding = process.env.BENCH_ACCEPT_ENCODING ?? '';

type Result = { rps: number; p99: number; p50: number; errors: number; non2xx: number };

/** Sums the rounds: requests over seconds; the slowest round's latencies. */
function combine(results: Result[]): Result {
  return {
    rps: results.reduce((n, r) => n + r.rps, 0) / results.length,
    p50: Math.max(...results.map((r) => r.p50)),
    p99: Math.max(...results.map((r) => r.p99)),
    errors: results.reduce((n, r) => n + r.errors, 0),
    non2xx: results.reduce((n, r) => n + r.non2xx, 0),
  };
}

function load(url: string): Result {
  // autocannon runs as its own process so the load generator does not share our event loop.
  const out = spawnSync(
    process.execPath,
    [
      path.join(root, 'node_modules/autocannon/autocannon.js'),
      '-j',
      ...(acceptEncoding ? ['-H', `accept-encoding=${acceptEncoding}`] : []),
      '-c',
      String(connections),
      '-d',
      String(Math.max(1, Math.round(seconds / rounds))),
      url,
    ],
    { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  if (out.status !== 0) throw new Error(`autocannon failed: ${out.stderr}`);
  const r = JSON.parse(out.stdout);
  return {
    rps: r.requests.average,
    p99: r.latency.p99,
    p50: r.latency.p50,
    errors: r.errors,
    non2xx: r.non2xx,
  };
}

/** The body's length as it travels for our Accept-Encoding (fetch would decompress it). */
async function wireBytes(url: string): Promise<number> {
  const res = await fetch(url, { headers: { 'accept-encoding': acceptEncoding || 'identity' } });
  const length = res.headers.get('content-length');
  const read = (await res.arrayBuffer()).byteLength;
  return length ? Number(length) : read;
}

async function admin(statement: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

let databaseUrl = '';
if (!onPglite) {
  await admin(`drop database if exists ${scratchName} with (force)`);
  await admin(`create database ${scratchName}`);
  const u = new URL(adminUrl);
  u.pathname = `/${scratchName}`;
  databaseUrl = u.toString();
}

rmSync(dataDir, { recursive: true, force: true });
const ours = await startProcess(
  'bench/api-server.ts',
  { PORT: String(ourPort), DATA_DIR: dataDir, DATABASE_URL: databaseUrl },
  `http://127.0.0.1:${ourPort}/api/health`,
);
const api = `http://127.0.0.1:${ourPort}/api`;
const events = (await (await fetch(`${api}/events?pageSize=50`)).json()) as { _id: string }[];
const middle = events[Math.floor(events.length / 2)]!._id;
const wantedEndpoints = (process.env.BENCH_ENDPOINTS ?? 'list,event,tickets').split(',');
const endpoints = [
  { name: 'GET /api/events', key: 'list', url: `${api}/events` },
  { name: 'GET /api/events/:id', key: 'event', url: `${api}/events/${middle}` },
  { name: 'GET /api/tickets/event/:id', key: 'tickets', url: `${api}/tickets/event/${middle}` },
].filter((e) => wantedEndpoints.includes(e.key));
const bare = await startProcess(
  'bench/bare-server.ts',
  {
    PORT: String(barePort),
    BENCH_ACCEPT_ENCODING: acceptEncoding,
    BODY_URLS: JSON.stringify(Object.fromEntries(endpoints.map((e) => [e.key, e.url]))),
  },
  `http://127.0.0.1:${barePort}/ready`,
);

try {
  const rows: { name: string; key: string; bytes: number; bare: Result; ours: Result }[] = [];
  for (const e of endpoints) {
    const bytes = await wireBytes(e.url);
    const bareRounds: Result[] = [];
    const ourRounds: Result[] = [];
    for (let i = 0; i < rounds; i++) {
      bareRounds.push(load(`http://127.0.0.1:${barePort}/${e.key}`));
      ourRounds.push(load(e.url));
    }
    rows.push({ name: e.name, key: e.key, bytes, bare: combine(bareRounds), ours: combine(ourRounds) });
  }

  console.log(
    `\nbench/api — ${connections} connections, ${seconds} s each in ${rounds} alternating rounds, autocannon in a separate process (${acceptEncoding ? `Accept-Encoding: ${acceptEncoding}` : 'no Accept-Encoding: identity bodies'}; the bare server sends the same headers and body); ${events.length} events in the database (${onPglite ? 'PGlite' : 'PostgreSQL'})\n`,
  );
  console.log(
    'endpoint                       body B   bare req/s   ours req/s   ours p50 ms   ours p99 ms   errors   ours / bare',
  );
  for (const r of rows) {
    console.log(
      `${r.name.padEnd(29)} ${String(r.bytes).padStart(7)}   ${fmt(r.bare.rps, 0).padStart(10)}   ${fmt(r.ours.rps, 0).padStart(10)}   ${fmt(r.ours.p50, 0).padStart(11)}   ${fmt(r.ours.p99, 0).padStart(11)}   ${String(r.ours.errors + r.ours.non2xx).padStart(6)}   ${fmt(r.ours.rps / r.bare.rps, 2).padStart(10)}×`,
    );
  }
  const figures = Object.fromEntries(
    rows.map((r) => [r.key, { rps: r.ours.rps, bareRps: r.bare.rps, errors: r.ours.errors + r.ours.non2xx }]),
  );
  console.log(`BENCH_JSON ${JSON.stringify(figures)}`);
} finally {
  await stopProcess(bare);
  await stopProcess(ours);
  rmSync(dataDir, { recursive: true, force: true });
  if (!onPglite) await admin(`drop database if exists ${scratchName} with (force)`);
}
