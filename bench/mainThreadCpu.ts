// Main-thread CPU of a public page's load, in a way a shared machine's load barely moves (decision
// 069): Lighthouse and the CPU profile time the main thread by the wall clock, which a busy machine
// stretches several-fold, while a trace's `tdur` is the thread's own CPU time. Serves one or more
// builds (`tsx bench/mainThreadCpu.ts dist-a dist-b`, each a `vite build` of this checkout's app,
// served by this checkout's server), loads each public page in Chromium at 412 px without throttling,
// alternating builds, BENCH_RUNS times (default 3), and prints per page and build the median of:
// the CPU of every main-thread task, the longest task's, and the blocking time Lighthouse's 4×
// slower phone would see from those tasks (Σ max(0, 4 × CPU − 50 ms)), with the load average.
import { loadavg } from 'node:os';
import { chromium } from 'playwright';
import { fmt } from './lib';
import { type Site, startSite } from './site';

const dirs = process.argv.slice(2);
const runs = Number(process.env.BENCH_RUNS ?? 3);
const port = Number(process.env.BENCH_PORT ?? 4397);
type TraceEvent = {
  name: string;
  ph: string;
  tid: number;
  pid: number;
  dur?: number;
  tdur?: number;
  args?: { data?: { frame?: string } };
};
type Figures = { cpu: number; longest: number; blocking: number; tasks: number };

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const sites: Site[] = [];
for (const [i, dir] of dirs.entries()) sites.push(await startSite(port + i, dir));
const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium' });

async function measure(url: string): Promise<Figures> {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', (e) => {
    events.push(...(e.value as unknown as TraceEvent[]));
  });
  await cdp.send('Tracing.start', {
    traceConfig: {
      includedCategories: ['disabled-by-default-devtools.timeline', 'devtools.timeline', 'toplevel'],
    },
  });
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForTimeout(3000);
  const done = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
  await cdp.send('Tracing.end');
  await done;
  await context.close();
  // The page's main thread: of the threads that parsed HTML, the one whose tasks took the most CPU
  // (the trace also holds the browser's and other renderers' threads).
  const parsers = new Set(events.filter((e) => e.name === 'ParseHTML').map((e) => `${e.pid}:${e.tid}`));
  const byThread = new Map<string, TraceEvent[]>();
  for (const e of events)
    if (e.name === 'RunTask' && e.ph === 'X' && parsers.has(`${e.pid}:${e.tid}`))
      byThread.set(`${e.pid}:${e.tid}`, [...(byThread.get(`${e.pid}:${e.tid}`) ?? []), e]);
  const total = (list: TraceEvent[]) => list.reduce((sum, t) => sum + (t.tdur ?? 0), 0);
  const tasks = [...byThread.values()].sort((a, b) => total(b) - total(a))[0] ?? [];
  const cpu = tasks.map((t) => (t.tdur ?? t.dur ?? 0) / 1000);
  return {
    cpu: cpu.reduce((a, b) => a + b, 0),
    longest: Math.max(0, ...cpu),
    blocking: cpu.reduce((sum, ms) => sum + Math.max(0, 4 * ms - 50), 0),
    tasks: cpu.filter((ms) => 4 * ms > 50).length,
  };
}

try {
  console.log(
    `bench/mainThreadCpu — ${runs} loads per page and build, alternating; load ${loadavg()
      .map((n) => fmt(n, 2))
      .join(' ')}`,
  );
  for (const [p, { name, path }] of sites[0]!.pages.entries()) {
    const all: Figures[][] = dirs.map(() => []);
    for (let r = 0; r < runs; r++)
      for (const [i, site] of sites.entries())
        all[i]!.push(await measure(site.origin + (site.pages[p]?.path ?? path)));
    for (const [i, dir] of dirs.entries()) {
      const f = all[i]!;
      console.log(
        `${name.padEnd(11)} ${dir.padEnd(24)} CPU ${fmt(median(f.map((x) => x.cpu)), 0).padStart(5)} ms, longest task ${fmt(median(f.map((x) => x.longest)), 0).padStart(4)} ms, blocking at 4× ${fmt(median(f.map((x) => x.blocking)), 0).padStart(5)} ms (${median(f.map((x) => x.tasks))} tasks > 50 ms at 4×)   runs: ${f.map((x) => `${fmt(x.cpu, 0)}/${fmt(x.longest, 0)}/${fmt(x.blocking, 0)}`).join(' ')}`,
      );
    }
  }
  console.log(
    `load ${loadavg()
      .map((n) => fmt(n, 2))
      .join(' ')}`,
  );
} finally {
  await browser.close();
  for (const site of sites) await site.stop();
}
