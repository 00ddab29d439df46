import { launchChromium } from './bench/pageWeight';
import { startSite } from './bench/site';

const spa = process.argv[2] ?? 'dist-bench-lighthouse';
const site = await startSite(Number(process.env.P ?? 4580), spa);
const browser = await launchChromium();
try {
  for (const p of site.pages) {
    for (let run = 0; run < Number(process.env.RUNS ?? 2); run++) {
      const page = await browser.newPage({ viewport: { width: 412, height: 823 } });
      await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'toplevel', 'v8.execute', 'blink.user_timing', 'loading'] });
      await page.goto(site.origin + p.path, { waitUntil: 'networkidle' });
      await page.waitForTimeout(1000);
      const buf = await browser.stopTracing();
      const { traceEvents } = JSON.parse(buf.toString()) as { traceEvents: any[] };
      const mainTid = traceEvents.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain' && traceEvents.some((x) => x.pid === e.pid && x.name === 'ParseHTML'));
      const main = traceEvents.filter((e) => e.pid === mainTid.pid && e.tid === mainTid.tid && e.ph === 'X');
      const tasks = main.filter((e) => e.name === 'RunTask' && e.dur > 8000);
      let tbtx4 = 0;
      const kinds = new Map<string, number>();
      const lines: string[] = [];
      for (const t of tasks) {
        const inner = main.filter((e) => e !== t && e.ts >= t.ts && e.ts + (e.dur ?? 0) <= t.ts + t.dur && e.name !== 'RunTask');
        const byName = new Map<string, number>();
        for (const e of inner) {
          const name = e.name === 'FunctionCall' || e.name === 'EvaluateScript' ? `${e.name} ${String(e.args?.data?.url ?? '').split('/').pop()}` : e.name;
          byName.set(name, Math.max(byName.get(name) ?? 0, e.dur / 1000));
        }
        tbtx4 += Math.max(0, (t.dur / 1000) * 4 - 50);
        const top = [...byName].sort((a, b) => b[1] - a[1]).slice(0, 5).map(([k, v]) => `${k} ${v.toFixed(0)}`).join(', ');
        lines.push(`   task ${(t.dur / 1000).toFixed(0).padStart(4)} ms: ${top}`);
        for (const [k, v] of byName) kinds.set(k, (kinds.get(k) ?? 0) + v);
      }
      console.log(`\n== ${p.name} run ${run}: ${tasks.length} tasks > 8 ms, blocking at 4× ≈ ${tbtx4.toFixed(0)} ms`);
      for (const l of lines) console.log(l);
      await page.close();
    }
  }
} finally {
  await browser.close();
  await site.stop();
}
