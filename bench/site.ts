// The public site as deployed, for the browser benches (bundle, lighthouse, compare): a production
// build of a checkout's SPA (with its server-rendering bundle), and that checkout's server on a
// scratch database with the sample data, production mode, test-mode payments (no Paystack here).
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { benchDatabase, loadSampleData, root, startProcess, stopProcess } from './lib';

/** `vite build` of the checkout at `tree` into `outDir` (relative to it). False when it failed. */
export function buildSpa(outDir: string, tree = root): boolean {
  const build = spawnSync(
    process.execPath,
    ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn', '--outDir', outDir],
    { cwd: tree, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } },
  );
  return build.status === 0;
}

export type Site = {
  origin: string;
  /** The three public pages the benches measure, by name. */
  pages: { name: string; path: string }[];
  stop: () => Promise<void>;
};

/** Starts the checkout at `tree` serving `spaDir` on `port`, with the sample data loaded. */
export async function startSite(port: number, spaDir: string, tree = root): Promise<Site> {
  const database = await benchDatabase(`gatepass_bench_site_${port}`);
  const dataDir = `/tmp/gatepass-bench-site-${port}`;
  rmSync(dataDir, { recursive: true, force: true });
  const env = {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SPA_DIR: path.resolve(tree, spaDir),
    LOG_LEVEL: 'warn',
    RATE_LIMITS: 'off',
    DATABASE_URL: database?.url ?? '',
  };
  const origin = `http://127.0.0.1:${port}`;
  await loadSampleData(env, `${origin}/api/health`, tree);
  const server = await startProcess(
    'server/main.ts',
    { ...env, NODE_ENV: 'production', PAYMENTS: 'test' },
    `${origin}/api/health`,
    tree,
  );
  const events = (await (await fetch(`${origin}/api/events`)).json()) as { _id: string }[];
  return {
    origin,
    pages: [
      { name: 'home', path: '/' },
      { name: 'listing', path: '/events/all' },
      { name: 'event page', path: `/event-details/${events[0]!._id}` },
    ],
    stop: async () => {
      await stopProcess(server);
      rmSync(dataDir, { recursive: true, force: true });
      await database?.drop();
    },
  };
}
