import { existsSync } from 'node:fs';
import path from 'node:path';
import { buildApp } from './app';
import { loadConfig } from './config';

/** Starts Gatepass: API plus the built SPA on one port. All assembly lives in app.ts. */
const spaDir = path.resolve(process.env.SPA_DIR ?? 'dist');
const config = loadConfig(process.env, {
  spaDir: existsSync(path.join(spaDir, 'index.html')) ? spaDir : null,
});
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
console.log(`\n  Gatepass is running at http://localhost:${port}`);
console.log(
  `  Database: ${deps.dbKind === 'pglite' ? `embedded PGlite in ${config.pgliteDir}` : 'PostgreSQL (DATABASE_URL)'}`,
);
if (!config.spaDir) console.log('  (API only: no built SPA in ./dist)');
if (config.seedSampleData) console.log('  Sample organiser: ada@gatepass.ng / Gatepass#2026');
console.log('');
