import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type App, buildApp } from '../../server/app';
import { type AppConfig, loadConfig } from '../../server/config';
import { createMigratedDatabase, type TestDatabase } from './databases';
import { pgliteTemplate } from './pgliteTemplate';

export type TestApp = App & { close: () => Promise<void> };

/**
 * Builds the real app on a fresh database (in-memory PGlite or a scratch PostgreSQL database)
 * with its own uploads directory. Sample data and rate limits are off unless asked for; mail goes to
 * the outbox.
 */
export async function buildTestApp(
  database: TestDatabase,
  options: { seed?: boolean; env?: Record<string, string>; config?: Partial<AppConfig> } = {},
): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'gatepass-test-'));
  const scratch = database.kind === 'postgres' ? await createMigratedDatabase() : null;
  const config = loadConfig(
    {
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      SEED_SAMPLE_DATA: String(options.seed ?? false),
      // Suites sign many people up from one address; the rate-limit suite turns limits on itself.
      RATE_LIMITS: 'off',
      ...options.env,
    },
    { pgliteDir: 'memory://', databaseUrl: scratch?.url, ...options.config },
  );
  const built = await buildApp(config, {
    pgliteTemplate: database.kind === 'pglite' ? await pgliteTemplate() : undefined,
  });
  return {
    ...built,
    close: async () => {
      await built.app.close();
      await scratch?.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
