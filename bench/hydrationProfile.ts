// Where a public page's main-thread time goes while it loads and hydrates (decision 060): loads the
// page in Chromium with the CPU slowed 4× (as Lighthouse's mobile preset does), records a V8 CPU
// profile from navigation until the page has been quiet, and prints self time by function and by
// source file, plus the long tasks (> 50 ms) from the trace. Build the SPA unminified to read names:
//   node node_modules/vite/bin/vite.js build --minify false --outDir dist-prof
//   BENCH_SPA=dist-prof tsx bench/hydrationProfile.ts [path=/] [top=30]
// BENCH_PORT (default 4396) serves it; Chromium: CHROME_PATH, default /usr/bin/chromium.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright';
import { fmt } from './lib';
import { startSite } from './site';

const port = Number(process.env.BENCH_PORT ?? 4396);
const spaDir = process.env.BENCH_SPA ?? 'dist-prof';
const [pagePath = '/', topArg = '30'] = process.argv.slice(2);
const top = Number(topArg);

type Node = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
};
type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[] };

const site = await startSite(port, spaDir);
const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium' });
try {
  const page = await browser.newPage({ viewport: { width: 412, height: 823 }, isMobile: true });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  const longTasks: number[] = [];
  await page.exposeFunction('__longTask', (ms: number) => longTasks.push(ms));
  await page.addInitScript(() => {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries())
        (window as unknown as { __longTask: (n: number) => void }).__longTask(e.duration);
    }).observe({ type: 'longtask', buffered: true });
  });
  const url = site.origin + pagePath;
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForTimeout(4000);
  const { profile } = (await cdp.send('Profiler.stop')) as { profile: Profile };
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<string, number>();
  const byFile = new Map<string, number>();
  const byModule = new Map<string, number>();
  let busy = 0;
  // An unminified chunk marks each module it holds with a `// <path>` line: a sample's line names its module.
  const markers = new Map<string, { line: number; name: string }[]>();
  const moduleOf = (file: string, line: number) => {
    if (!file.endsWith('.js')) return file;
    let list = markers.get(file);
    if (!list) {
      list = [];
      try {
        readFileSync(path.join(spaDir, 'assets', file), 'utf8')
          .split('\n')
          .forEach((text, i) => {
            const m = /^\/\/ ((?:node_modules\/(?:@[^/]+\/)?[^/]+)|[^@\s].*)$/.exec(text);
            if (m) list!.push({ line: i, name: m[1]!.replace(/^node_modules\//, '') });
          });
      } catch {
        // not one of the build's files
      }
      markers.set(file, list);
    }
    let name = file;
    for (const m of list) if (m.line <= line) name = m.name;
    return name;
  };
  profile.samples.forEach((id, i) => {
    const n = byId.get(id)!;
    const name = n.callFrame.functionName;
    if (name === '(idle)' || name === '(program)') return;
    const d = profile.timeDeltas[i] ?? 0;
    busy += d;
    const file = n.callFrame.url.split('/').pop() || '(native)';
    const key = `${name || '(anonymous)'} ${file}:${n.callFrame.lineNumber + 1}`;
    self.set(key, (self.get(key) ?? 0) + d);
    byFile.set(file, (byFile.get(file) ?? 0) + d);
    const mod = moduleOf(file, n.callFrame.lineNumber);
    byModule.set(mod, (byModule.get(mod) ?? 0) + d);
  });
  console.log(
    `${url}: ${fmt(busy / 1000, 0)} ms of JavaScript (4× slower CPU); long tasks ${longTasks.map((t) => fmt(t, 0)).join(', ')} ms`,
  );
  for (const [k, v] of [...self].sort((a, b) => b[1] - a[1]).slice(0, top))
    console.log(`  ${fmt(v / 1000, 1).padStart(7)} ms  ${k}`);
  console.log('  by file:');
  for (const [k, v] of [...byFile].sort((a, b) => b[1] - a[1]).slice(0, 12))
    console.log(`  ${fmt(v / 1000, 1).padStart(7)} ms  ${k}`);
  // Stretches of JavaScript without a 2 ms break (a long task's script), with their modules.
  const runs: { ms: number; modules: Map<string, number> }[] = [];
  let run: (typeof runs)[number] | null = null;
  let quiet = 0;
  profile.samples.forEach((id, i) => {
    const n = byId.get(id)!;
    const d = (profile.timeDeltas[i] ?? 0) / 1000;
    if (n.callFrame.functionName === '(idle)') {
      quiet += d;
      if (quiet > 2) run = null;
      return;
    }
    quiet = 0;
    if (!run) {
      run = { ms: 0, modules: new Map() };
      runs.push(run);
    }
    run.ms += d;
    const mod = moduleOf(n.callFrame.url.split('/').pop() || '(native)', n.callFrame.lineNumber);
    run.modules.set(mod, (run.modules.get(mod) ?? 0) + d);
  });
  for (const r of runs.filter((x) => x.ms > 40))
    console.log(
      `  a ${fmt(r.ms, 0)} ms stretch: ${[...r.modules]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 6)
        .map(([k, v]) => `${k} ${fmt(v, 0)}`)
        .join(', ')}`,
    );
  console.log('  by module:');
  for (const [k, v] of [...byModule].sort((a, b) => b[1] - a[1]).slice(0, top))
    console.log(`  ${fmt(v / 1000, 1).padStart(7)} ms  ${k}`);
} finally {
  await browser.close();
  await site.stop();
}
