import { loadavg } from 'node:os';
import { chromium } from 'playwright';
import { lighthousePairs } from './compare/browserFigures';
import { startSite } from './site';
const base = await startSite(4860, 'dist-bench-main-69');
const head = await startSite(4861, 'dist-bench-head');
try {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
  for (const [label, site] of [['main', base], ['head', head]] as const)
    for (const scheme of ['light', 'dark'] as const) {
      const context = await browser.newContext({ viewport: { width: 375, height: 812 }, colorScheme: scheme, reducedMotion: 'reduce' });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') errors.push(m.text()); });
      for (const p of site.pages) {
        await page.goto(site.origin + p.path, { waitUntil: 'networkidle' });
        await page.waitForTimeout(500);
        await page.screenshot({ path: `/tmp/shots/${label}-${p.name.replace(' ', '-')}-${scheme}.png` });
      }
      console.log(label, scheme, 'console errors/warnings:', errors.length, errors.slice(0, 3).join(' | '));
      await context.close();
    }
  await browser.close();
  console.log('load before Lighthouse', loadavg().map((n) => n.toFixed(2)).join(' '), new Date().toISOString());
  const pairs = await lighthousePairs(base, head, 3);
  for (const p of pairs)
    console.log(`${p.name}: main ${p.base.performance} (TBT ${p.base.tbt.toFixed(0)} ms, LCP ${(p.base.lcp / 1000).toFixed(2)} s)  head ${p.head.performance} (TBT ${p.head.tbt.toFixed(0)} ms, LCP ${(p.head.lcp / 1000).toFixed(2)} s)`);
  console.log('load after', loadavg().map((n) => n.toFixed(2)).join(' '), new Date().toISOString());
} finally {
  await base.stop();
  await head.stop();
}
