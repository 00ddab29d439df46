import { chromium } from '@playwright/test';
const base = ['--headless','--no-sandbox','--disable-gpu','--disable-quic','--no-first-run','--disable-background-networking','--disable-component-update','--disable-sync'];
const extra = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: [...base, ...extra] });
const sums = [0,0,0]; const N = 6;
const cpu0 = process.cpuUsage();
for (let i = 0; i < N; i++) {
  const a = Date.now();
  const ctx = await browser.newContext({ baseURL: 'http://127.0.0.1:4400' });
  const page = await ctx.newPage();
  const b = Date.now();
  await page.goto('/'); await page.locator('main').first().waitFor();
  const c = Date.now();
  await page.goto('/tickets/all'); await page.locator('main').first().waitFor();
  const d = Date.now();
  await ctx.close();
  if (i > 0) { sums[0] += b - a; sums[1] += c - b; sums[2] += d - c; }
}
await browser.close();
console.log(extra.join(' ') || '(base)', sums.map((s) => Math.round(s / (N - 1))).join(' / '));
