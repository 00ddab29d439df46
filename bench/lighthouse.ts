// bench/lighthouse: Lighthouse 12's mobile preset (simulated slow 4G, 4× CPU slowdown: its default
// configuration, bench/lighthouseAudit.ts) against the built app served by the real server on
// PostgreSQL (a scratch database, see benchDatabase; BENCH_DATABASE=pglite for the embedded one), for
// the home page, the listing and an event page. Prints performance, FCP, LCP, TBT and CLS against the
// goals of decision 018 (performance ≥ 95, LCP ≤ 2.0 s; floor 90 and 2.5 s). BENCH_RUNS=n runs each
// page n times and reports the median run (by performance score). Chromium: CHROME_PATH, default
// /usr/bin/chromium. BENCH_DETAIL=1 prints the main thread's work per run.
import { loadavg } from 'node:os';
import { fmt } from './lib';
import { audit, type Figures, launchChrome, medianRun } from './lighthouseAudit';
import { buildSpa, startSite } from './site';

const port = Number(process.env.BENCH_PORT ?? 4394);
const runs = Number(process.env.BENCH_RUNS ?? 1);
const outDir = 'dist-bench-lighthouse';
const GOAL = { performance: 95, lcpMs: 2000 };
const FLOOR = { performance: 90, lcpMs: 2500 };

if (!buildSpa(outDir)) process.exit(1);
const site = await startSite(port, outDir);
const chrome = await launchChrome();

try {
  console.log(
    `\nbench/lighthouse — Lighthouse 12 mobile preset, ${runs} run(s) per page (median), ${process.env.BENCH_DATABASE === 'pglite' ? 'PGlite' : 'PostgreSQL'}, load average ${loadavg()
      .map((n) => fmt(n, 2))
      .join(' ')}\n`,
  );
  console.log('page                  perf   FCP s   LCP s   TBT ms    CLS    vs goal (≥95, LCP ≤ 2.0 s)');
  let belowFloor = false;
  for (const page of site.pages) {
    const all: Figures[] = [];
    for (let i = 0; i < runs; i++) all.push(await audit(chrome.port, site.origin + page.path));
    const f = medianRun(all);
    const meetsGoal = f.performance >= GOAL.performance && f.lcp <= GOAL.lcpMs;
    const meetsFloor = f.performance >= FLOOR.performance && f.lcp <= FLOOR.lcpMs;
    belowFloor ||= !meetsFloor;
    console.log(
      `${page.name.padEnd(20)} ${String(f.performance).padStart(5)}   ${fmt(f.fcp / 1000, 2).padStart(5)}   ${fmt(f.lcp / 1000, 2).padStart(5)}   ${fmt(f.tbt, 0).padStart(6)}   ${fmt(f.cls, 3).padStart(5)}    ${meetsGoal ? 'goal met' : meetsFloor ? 'floor met, goal not' : 'BELOW FLOOR'}`,
    );
  }
  console.log(
    belowFloor ? '\nRESULT: below the floor on at least one page' : '\nRESULT: at or above the floor',
  );
} finally {
  chrome.kill();
  await site.stop();
}
