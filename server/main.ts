import cluster from 'node:cluster';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { buildApp } from './app';
import { runPrimary } from './cluster';
import { type AppConfig, loadConfig } from './config';

/** Starts Gatepass: API plus the built SPA on one port. All assembly lives in app.ts. */
const spaDir = path.resolve(process.env.SPA_DIR ?? 'dist');
const config = loadConfig(process.env, {
  spaDir: existsSync(path.join(spaDir, 'index.html')) ? spaDir : null,
});

function announce(config: AppConfig, port: number, dbKind: 'pglite' | 'postgres') {
  console.log(`\n  Gatepass is running at http://localhost:${port}`);
  console.log(
    `  Database: ${dbKind === 'pglite' ? `embedded PGlite in ${config.pgliteDir}` : 'PostgreSQL (DATABASE_URL)'}`,
  );
  if (config.workers > 1) console.log(`  Workers: ${config.workers} processes on this port`);
  if (!config.spaDir) console.log('  (API only: no built SPA in ./dist)');
  if (config.seedSampleData) console.log('  Sample organiser: ada@gatepass.ng / Gatepass#2026');
  console.log('');
}

async function serve() {
  const { app, deps } = await buildApp(config);

  let closing = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, async () => {
      if (closing) return;
      closing = true;
      app.log.info(`${signal} received, closing`);
      // Close lets in-flight requests finish and then shuts the database cleanly (PGlite flushes).
      await app.close();
      process.exit(0);
    });
  }

  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  // With several workers the primary says it once, when all of them listen.
  if (cluster.isPrimary) announce(config, port, deps.dbKind);
}

if (config.workers > 1 && cluster.isPrimary)
  runPrimary(config.workers, (port) => announce(config, port, 'postgres'));
else await serve();
