import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { postgresTemplate } from './postgresTemplate';

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

type ScratchDatabase = { url: string; drop: () => Promise<void> };

/** A throw-away database on the PostgreSQL server with every migration applied already. */
export async function createMigratedDatabase(): Promise<ScratchDatabase> {
  if (!postgresUrl) throw new Error('TEST_DATABASE_URL is not set');
  return createScratchDatabase(await postgresTemplate(postgresUrl));
}

/**
 * Creates a throw-away database on the PostgreSQL server — empty, or a copy of `template` — and
 * returns its URL and a drop function.
 */
export async function createScratchDatabase(template?: string): Promise<ScratchDatabase> {
  if (!postgresUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `gatepass_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  await createDatabase(admin, `create database ${name}${template ? ` template ${template}` : ''}`);
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

/** PostgreSQL refuses a copy while another session is connected to its template (55006): retried. */
async function createDatabase(admin: pg.Client, sql: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await admin.query(sql);
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== '55006' || attempt === 20) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
    }
  }
}
