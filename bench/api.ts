// bench/api: requests/s and p99 latency of GET /api/events and GET /api/events/:id (50 events in
// the database) under load from a second process (autocannon), next to a bare Fastify handler
// returning a constant JSON body, all in the same run on the same machine. Prints ratios.
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fmt, root, startProcess, stopProcess } from './lib';

const ourPort = Number(process.env.BENCH_PORT ?? 4392);
const barePort = ourPort + 1;
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const dataDir = `/tmp/gatepass-bench-api-${ourPort}`;

type Result = { rps: number; p99: number; p50: number; errors: number; non2xx: number };

function load(url: string): Result {
  // autocannon runs as its own process so the load generator does not share our event loop.
  const out = spawnSync(
    process.execPath,
    [
      path.join(root, 'node_modules/autocannon/autocannon.js'),
      '-j',
      '-c',
      String(connections),
      '-d',
      String(seconds),
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

rmSync(dataDir, { recursive: true, force: true });
const ours = await startProcess(
  'bench/api-server.ts',
  { PORT: String(ourPort), DATA_DIR: dataDir, DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '' },
  `http://127.0.0.1:${ourPort}/api/health`,
);
const events = (await (await fetch(`http://127.0.0.1:${ourPort}/api/events?pageSize=50`)).json()) as {
  _id: string;
}[];
const bare = await startProcess(
  'bench/bare-server.ts',
  { PORT: String(barePort), BODY_FROM_URL: `http://127.0.0.1:${ourPort}/api/events` },
  `http://127.0.0.1:${barePort}/constant`,
);

try {
  const listUrl = `http://127.0.0.1:${ourPort}/api/events`;
  const listBytes = (await (await fetch(listUrl)).text()).length;
  const rows: [string, Result][] = [];
  rows.push(['bare Fastify, constant JSON', load(`http://127.0.0.1:${barePort}/constant`)]);
  rows.push(['GET /api/events', load(listUrl)]);
  rows.push([
    'GET /api/events/:id',
    load(`http://127.0.0.1:${ourPort}/api/events/${events[Math.floor(events.length / 2)]!._id}`),
  ]);

  const base = rows[0]![1];
  console.log(
    `\nbench/api — ${connections} connections, ${seconds} s each, autocannon in a separate process; ${events.length} events in the database (${process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'PGlite'}); list body ${fmt(listBytes / 1024)} KiB\n`,
  );
  console.log('endpoint                        req/s      p50 ms   p99 ms   errors   vs bare (req/s)');
  for (const [name, r] of rows) {
    console.log(
      `${name.padEnd(30)} ${fmt(r.rps, 0).padStart(8)}   ${fmt(r.p50, 0).padStart(6)}   ${fmt(r.p99, 0).padStart(6)}   ${String(r.errors + r.non2xx).padStart(6)}   ${fmt(r.rps / base.rps, 2).padStart(8)}×`,
    );
  }
} finally {
  await stopProcess(bare);
  await stopProcess(ours);
  rmSync(dataDir, { recursive: true, force: true });
}
