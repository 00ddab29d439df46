import { type ChildProcess, spawn } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { expect, test } from '@playwright/test';

/**
 * A production demo (NODE_ENV=production, PAYMENTS=test) says so on every page: in the server's
 * HTML and on every page the SPA then navigates to without reloading. Its own server on the e2e
 * build (E2E_PORT+2), with an empty database: production never loads the sample data.
 */
const BANNER = 'Demo: payments are simulated, tickets are not valid.';

test.describe('production demo banner', () => {
  const port = Number(process.env.E2E_PORT ?? 4300) + 2;
  const base = `http://127.0.0.1:${port}`;
  const dataDir = `/tmp/gatepass-e2e-${port}-demo`;
  let server: ChildProcess | null = null;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    await rm(dataDir, { recursive: true, force: true });
    server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        SPA_DIR: `dist-e2e-${process.env.E2E_PORT ?? 4300}`,
        NODE_ENV: 'production',
        PAYMENTS: 'test',
        LOG_LEVEL: 'warn',
        APP_URL: base,
      },
      stdio: 'ignore',
    });
    await expect
      .poll(
        async () =>
          fetch(`${base}/api/health`).then(
            (r) => r.ok,
            () => false,
          ),
        { timeout: 100_000 },
      )
      .toBe(true);
  });

  test.afterAll(async () => {
    if (server && server.exitCode === null) {
      const exited = new Promise((r) => server!.once('exit', r));
      server.kill('SIGTERM');
      await exited;
    }
    await rm(dataDir, { recursive: true, force: true });
  });

  test('the banner is on the server-rendered page and stays on pages the SPA navigates to', async ({
    browser,
  }) => {
    const context = await browser.newContext({ baseURL: base });
    const page = await context.newPage();
    await page.goto('/');
    const banner = page.getByRole('note').filter({ hasText: BANNER });
    await expect(banner).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // A mark that a full page load would wipe: the next pages come from the SPA, not the server.
    await page.evaluate(() => Object.assign(window, { stillTheSamePage: true }));
    await page.getByRole('link', { name: 'Login' }).first().click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('button', { name: /log ?in|sign ?in/i }).first()).toBeVisible();
    await expect(banner).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(`${base}/`);
    await expect(banner).toBeVisible();
    expect(await page.evaluate(() => (window as { stillTheSamePage?: boolean }).stillTheSamePage)).toBe(true);
    // The page a buyer approves a simulated payment on carries it too.
    await page.goto('/pay/test/no-such-reference');
    await expect(banner).toBeVisible();
    await context.close();
  });
});
