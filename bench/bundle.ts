// bench/bundle: builds the SPA, serves it with the real server, opens the home page and an event
// page in Chromium and adds up the gzip size of every JS and CSS file each page actually loads.
// Prints them against our budget (100 KiB JS, 15 KiB CSS) and the Hi.Events public event page
// figures quoted in issue 2 (341 KiB JS, 42 KiB CSS gzip).
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { fmt, root, startProcess, stopProcess } from './lib';

const port = Number(process.env.BENCH_PORT ?? 4391);
const outDir = 'dist-bench';
const dataDir = `/tmp/gatepass-bench-bundle-${port}`;
const BUDGET = { js: 100, css: 15 };
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
const server = await startProcess(
  'server/main.ts',
  {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SPA_DIR: outDir,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
  },
  `http://127.0.0.1:${port}/api/health`,
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
  const assets: { url: string; type: 'js' | 'css'; raw: number; gzip: number }[] = [];
  page.on('response', async (res) => {
    const type = res.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    const body = await res.body().catch(() => null);
    if (!body) return;
    assets.push({
      url: res.url(),
      type: type === 'script' ? 'js' : 'css',
      raw: body.length,
      gzip: gzipSync(body, { level: 9 }).length,
    });
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.waitForTimeout(500);
  await page.close();
  if (process.env.BENCH_VERBOSE) {
    for (const a of [...assets].sort((x, y) => y.gzip - x.gzip)) {
      console.log(`   ${(a.gzip / 1024).toFixed(1).padStart(6)} KiB  ${a.url.split('/').pop()}`);
    }
  }
  const sum = (t: 'js' | 'css', k: 'raw' | 'gzip') =>
    assets.filter((a) => a.type === t).reduce((n, a) => n + a[k], 0) / 1024;
  return {
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
    { name: 'event page', url: `http://127.0.0.1:${port}/event-details/${events[0]!._id}` },
  ];
  console.log(
    '\nbench/bundle — JS and CSS loaded by each page (gzip -9 of the bytes the browser received)\n',
  );
  console.log(
    'page         JS gzip KiB   CSS gzip KiB   files   JS vs budget   JS vs Hi.Events   CSS vs Hi.Events',
  );
  let over = false;
  for (const p of pages) {
    const m = await measure(p.url);
    over ||= m.js > BUDGET.js || m.css > BUDGET.css;
    console.log(
      `${p.name.padEnd(12)} ${fmt(m.js).padStart(11)}   ${fmt(m.css).padStart(12)}   ${String(m.files).padStart(5)}   ${fmt(m.js / BUDGET.js, 2).padStart(11)}×   ${fmt(m.js / HI_EVENTS.js, 2).padStart(14)}×   ${fmt(m.css / HI_EVENTS.css, 2).padStart(15)}×`,
    );
  }
  console.log(
    `\nbudget: ${BUDGET.js} KiB JS, ${BUDGET.css} KiB CSS per page; Hi.Events public event page: ${HI_EVENTS.js} KiB JS, ${HI_EVENTS.css} KiB CSS (figures quoted in issue 2, not measured here)`,
  );
  console.log(over ? 'RESULT: over budget' : 'RESULT: within budget');
} finally {
  await browser.close();
  await stopProcess(server);
  rmSync(dataDir, { recursive: true, force: true });
}
