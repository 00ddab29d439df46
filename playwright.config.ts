import { defineConfig, devices } from '@playwright/test';

/**
 * Browser tests drive the real built app served by the real server on a fresh embedded database
 * with sample data. E2E_PORT picks the port (and the build folder), so several runs can share a machine.
 */
const port = Number(process.env.E2E_PORT ?? 4300);
const outDir = `dist-e2e-${port}`;
const dataDir = `/tmp/gatepass-e2e-${port}`;

export default defineConfig({
  testDir: 'e2e',
  // Per port, so two runs on one machine never delete each other's traces.
  outputDir: `test-results/e2e-${port}`,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    // The build is a production build (NODE_ENV=test would give React development mode). `npm test`
    // builds it while the unit stage runs and says so with E2E_PREBUILT=1 (scripts/test-all.mjs);
    // anything else builds here, so a run never serves a build older than the code.
    command: `rm -rf ${dataDir} && ( [ "$E2E_PREBUILT" = 1 ] && [ -f ${outDir}/index.html ] || NODE_ENV=production node node_modules/vite/bin/vite.js build --logLevel warn --outDir ${outDir} ) && node --import tsx server/main.ts`,
    url: `http://127.0.0.1:${port}/api/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SPA_DIR: outDir,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      RATE_LIMITS: 'off',
      SEED_SAMPLE_DATA: 'true',
      APP_URL: `http://127.0.0.1:${port}`,
    },
  },
});
