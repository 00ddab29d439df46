import cluster from 'node:cluster';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { buildApp } from './app';
import { runPrimary } from './cluster';
import { type AppConfig, ConfigError, loadConfig } from './config';
import { isProductionDemo } from './http/demoBanner';

/** Starts Gatepass: API plus the built SPA on one port. All assembly lives in app.ts. */
const spaDir = path.resolve(process.env.SPA_DIR ?? 'dist');
/** The configuration, or a one-line reason on stderr and exit code 1 (no stack trace to read through). */
function configOrExit(): AppConfig {
  try {
    return loadConfig(process.env, { spaDir: existsSync(path.join(spaDir, 'index.html')) ? spaDir : null });
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(`\n  Gatepass cannot start: ${error.message}\n`);
    process.exit(1);
  }
}
const config = configOrExit();

function announce(config: AppConfig, port: number, dbKind: 'pglite' | 'postgres') {
  console.log(`\n  Gatepass is running at http://localhost:${port}`);
  console.log(
    `  Database: ${dbKind === 'pglite' ? `embedded PGlite in ${config.pgliteDir}` : 'PostgreSQL (DATABASE_URL)'}`,
  );
  if (config.workers > 1) console.log(`  Workers: ${config.workers} processes on this port`);
  if (!config.spaDir) console.log('  (API only: no built SPA in ./dist)');
  console.log(
    `  Payments: ${config.paymentsMode === 'paystack' ? 'Paystack' : 'test mode (simulated, no real money)'}`,
  );
  if (isProductionDemo(config))
    console.log('  Production demo: every page shows a demo banner (PAYMENTS=test)');
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
