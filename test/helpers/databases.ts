import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * The API suites run once per database: always on in-memory PGlite, and on a real PostgreSQL
 * server when TEST_DATABASE_URL is set. Each suite gets a fresh database of its own on that
 * server (created here, dropped afterwards), so files can run in parallel without sharing rows.
 */
export type TestDatabase = { name: 'PGlite' | 'PostgreSQL'; kind: 'pglite' | 'postgres' };

export const postgresUrl = process.env.TEST_DATABASE_URL;

export const testDatabases: TestDatabase[] = [
  { name: 'PGlite', kind: 'pglite' },
  ...(postgresUrl ? [{ name: 'PostgreSQL', kind: 'postgres' } as const] : []),
];

if (!postgresUrl && !process.env.GATEPASS_QUIET_SKIP) {
  process.env.GATEPASS_QUIET_SKIP = '1';
  console.warn(
    '\n  !!! TEST_DATABASE_URL is not set: the API suites run on PGlite only; the PostgreSQL runs are SKIPPED.\n',
  );
}

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/** Creates a throw-away database on the PostgreSQL server; returns its URL and a drop function. */
export async function createScratchDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  if (!postgresUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `gatepass_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  return {
    url: withDatabase(postgresUrl, name),
    drop: async () => {
      const c = new pg.Client({ connectionString: postgresUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}
