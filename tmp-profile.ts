import { writeFileSync } from 'node:fs';
import { launchChromium } from './bench/pageWeight';
import { startSite } from './bench/site';

const site = await startSite(4580, 'dist-bench-lighthouse');
const browser = await launchChromium();
try {
  for (const p of site.pages) {
    for (let run = 0; run < 2; run++) {
      const page = await browser.newPage({ viewport: { width: 412, height: 823 } });
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cdp.send('Profiler.start');
      await page.goto(site.origin + p.path, { waitUntil: 'networkidle' });
      await page.waitForTimeout(1500);
      const { profile } = (await cdp.send('Profiler.stop')) as { profile: any };
      writeFileSync(`/tmp/cmpprof/${p.name.replace(' ', '-')}-${run}.cpuprofile`, JSON.stringify(profile));
      // self time by function
      const self = new Map<number, number>();
      const dt = profile.timeDeltas as number[];
      (profile.samples as number[]).forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (dt[i] ?? 0)));
      const byFn = new Map<string, number>();
      const byUrl = new Map<string, number>();
      for (const n of profile.nodes) {
        const t = (self.get(n.id) ?? 0) / 1000;
        const cf = n.callFrame;
        const file = String(cf.url).split('/').pop() || '(' + cf.functionName + ')';
        const key = `${cf.functionName || '(anon)'} ${file}:${cf.lineNumber}:${cf.columnNumber}`;
        byFn.set(key, (byFn.get(key) ?? 0) + t);
        byUrl.set(file, (byUrl.get(file) ?? 0) + t);
      }
      console.log(`\n== ${p.name} run ${run}`);
      for (const [k, v] of [...byUrl].sort((a, b) => b[1] - a[1]).slice(0, 8)) console.log(`  ${v.toFixed(0).padStart(6)} ms  ${k}`);
      for (const [k, v] of [...byFn].sort((a, b) => b[1] - a[1]).slice(0, 15)) console.log(`     ${v.toFixed(0).padStart(6)} ms  ${k}`);
      await page.close();
    }
  }
} finally {
  await browser.close();
  await site.stop();
}
