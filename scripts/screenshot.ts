// Screenshots for looking at what we build: every given path at 375 px and 1280 px, light and dark.
// Usage: tsx scripts/screenshot.ts http://localhost:3000 / /event-details/<id>   (PNGs in ./screenshots)
import { mkdir } from 'node:fs/promises';
import { chromium } from '@playwright/test';

const [base, ...paths] = process.argv.slice(2);
if (!base || paths.length === 0) {
  console.error('usage: tsx scripts/screenshot.ts <base-url> <path> [path...]');
  process.exit(2);
}
const outDir = process.env.SCREENSHOT_DIR ?? 'screenshots';
await mkdir(outDir, { recursive: true });
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
for (const width of [375, 1280]) {
  for (const scheme of ['light', 'dark'] as const) {
    // Reduced motion: scroll-in sections replay on re-entry, so a full-page capture would show them hidden.
    const context = await browser.newContext({
      viewport: { width, height: 900 },
      colorScheme: scheme,
      reducedMotion: 'reduce',
    });
    const page = await context.newPage();
    for (const p of paths) {
      await page.goto(base + p, { waitUntil: 'networkidle' });
      // Scroll through once so scroll-in sections have been seen, then back to the top.
      await page.evaluate(async () => {
        for (let y = 0; y < document.body.scrollHeight; y += 400) {
          window.scrollTo(0, y);
          await new Promise((r) => setTimeout(r, 60));
        }
        window.scrollTo(0, 0);
      });
      await page.waitForTimeout(Number(process.env.SCREENSHOT_WAIT ?? 400));
      const name = `${p.replace(/[^a-z0-9]+/gi, '_').replace(/^_|_$/g, '') || 'home'}-${width}-${scheme}.png`;
      await page.screenshot({ path: `${outDir}/${name}`, fullPage: process.env.SCREENSHOT_FULL !== '0' });
      console.log(`${outDir}/${name}`);
    }
    await context.close();
  }
}
await browser.close();
