import { chromium } from '@playwright/test';
const base = process.argv[2]; const paths = process.argv.slice(3);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--headless'] });
for (const p of paths) {
  const page = await browser.newPage();
  const msgs = []; const apis = [];
  page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') msgs.push(m.type()+': '+m.text()); });
  page.on('pageerror', (e) => msgs.push('pageerror: '+e.message));
  page.on('request', (r) => { if (r.url().includes('/api/')) apis.push(r.url().replace(base,'')); });
  await page.goto(base + p, { waitUntil: 'networkidle' });
  await page.waitForTimeout(500);
  console.log(p, 'msgs', msgs, 'apis', apis, 'h1', await page.locator('h1').first().textContent());
  await page.close();
}
await browser.close();
