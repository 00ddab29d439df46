// bench/bundle: builds the SPA, serves it with the real server, opens the home page, the listing
// and an event page in Chromium and adds up, for every JS and CSS file each page actually loads,
// the bytes on the wire (what the browser received, compressed as the server sent it) and the gzip -9
// size of the same files. Prints them against our budgets (on the wire: 125 KiB JS, 15 KiB CSS per
// page, decision 018; gzip -9: 100 KiB JS, decision 007) and the Hi.Events public event page figures
// as published (341 KiB JS, 42 KiB CSS gzip).
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { fmt, loadSampleData, root, startProcess, stopProcess } from './lib';

const port = Number(process.env.BENCH_PORT ?? 4391);
const outDir = 'dist-bench';
const dataDir = `/tmp/gatepass-bench-bundle-${port}`;
const BUDGET = { js: 100, css: 15 };
const WIRE_BUDGET = { js: 125, css: 15 };
const HI_EVENTS = { js: 341, css: 42 };

const build = spawnSync(
  process.execPath,
  ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn', '--outDir', outDir],
  {
    cwd: root,
    stdio: 'inherit',
  },
);
if (build.status !== 0) process.exit(1);

rmSync(dataDir, { recursive: true, force: true });
const serverEnv = {
  PORT: String(port),
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  SPA_DIR: outDir,
  LOG_LEVEL: 'warn',
};
const readyUrl = `http://127.0.0.1:${port}/api/health`;
await loadSampleData(serverEnv, readyUrl);
// Production as deployed, on test-mode payments (no Paystack here).
const server = await startProcess(
  'server/main.ts',
  { ...serverEnv, NODE_ENV: 'production', PAYMENTS: 'test' },
  readyUrl,
);

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});

async function measure(url: string) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const assets: {
    url: string;
    type: 'js' | 'css';
    raw: number;
    gzip: number;
    wire: number;
    encoding: string;
  }[] = [];
  const pending: Promise<void>[] = [];
  page.on('response', (res) => {
    pending.push(record(res));
  });
  const record = async (res: import('@playwright/test').Response) => {
    const type = res.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    const body = await res.body().catch(() => null);
    if (!body) return;
    const sizes = await res.request().sizes();
    assets.push({
      wire: sizes.responseBodySize,
      encoding: (await res.headerValue('content-encoding')) ?? 'identity',
      url: res.url(),
      type: type === 'script' ? 'js' : 'css',
      raw: body.length,
      gzip: gzipSync(body, { level: 9 }).length,
    });
  };
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.waitForTimeout(500);
  // Every response's sizes are read before the page (and its requests) go away.
  await Promise.all(pending);
  await page.close();
  if (process.env.BENCH_VERBOSE) {
    for (const a of [...assets].sort((x, y) => y.gzip - x.gzip)) {
      console.log(
        `   ${(a.wire / 1024).toFixed(1).padStart(6)} KiB ${a.encoding.padEnd(8)} ${(a.gzip / 1024).toFixed(1).padStart(6)} KiB gzip -9  ${a.url.split('/').pop()}`,
      );
    }
  }
  const sum = (t: 'js' | 'css', k: 'raw' | 'gzip' | 'wire') =>
    assets.filter((a) => a.type === t).reduce((n, a) => n + a[k], 0) / 1024;
  return {
    jsWire: sum('js', 'wire'),
    cssWire: sum('css', 'wire'),
    encodings: [...new Set(assets.map((a) => a.encoding))].join('+'),
    js: sum('js', 'gzip'),
    css: sum('css', 'gzip'),
    jsRaw: sum('js', 'raw'),
    cssRaw: sum('css', 'raw'),
    files: assets.length,
  };
}

try {
  const events = (await (await fetch(`http://127.0.0.1:${port}/api/events`)).json()) as { _id: string }[];
  const pages = [
    { name: 'home', url: `http://127.0.0.1:${port}/` },
    { name: 'listing', url: `http://127.0.0.1:${port}/events/all` },
    { name: 'event page', url: `http://127.0.0.1:${port}/event-details/${events[0]!._id}` },
  ];
  console.log(
    '\nbench/bundle — JS and CSS loaded by each page: bytes on the wire (as received) and gzip -9 of the same files\n',
  );
  console.log(
    'page         JS wire KiB   CSS wire KiB   encoding   JS gzip KiB   CSS gzip KiB   files   wire JS vs budget   JS vs Hi.Events   CSS vs Hi.Events',
  );
  let over = false;
  for (const p of pages) {
    const m = await measure(p.url);
    over ||=
      m.js > BUDGET.js || m.css > BUDGET.css || m.jsWire > WIRE_BUDGET.js || m.cssWire > WIRE_BUDGET.css;
    console.log(
      `${p.name.padEnd(12)} ${fmt(m.jsWire).padStart(11)}   ${fmt(m.cssWire).padStart(12)}   ${m.encodings.padEnd(8)}   ${fmt(m.js).padStart(11)}   ${fmt(m.css).padStart(12)}   ${String(m.files).padStart(5)}   ${fmt(m.jsWire / WIRE_BUDGET.js, 2).padStart(16)}×   ${fmt(m.js / HI_EVENTS.js, 2).padStart(14)}×   ${fmt(m.css / HI_EVENTS.css, 2).padStart(15)}×`,
    );
  }
  console.log(
    `\nbudgets per page: on the wire ${WIRE_BUDGET.js} KiB JS, ${WIRE_BUDGET.css} KiB CSS; gzip -9 ${BUDGET.js} KiB JS, ${BUDGET.css} KiB CSS; Hi.Events public event page: ${HI_EVENTS.js} KiB JS, ${HI_EVENTS.css} KiB CSS (published figures, not measured here)`,
  );
  console.log(over ? 'RESULT: over budget' : 'RESULT: within budget');
} finally {
  await browser.close();
  await stopProcess(server);
  rmSync(dataDir, { recursive: true, force: true });
}
