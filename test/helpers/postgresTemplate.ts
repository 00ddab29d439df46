import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { migrationsFolder } from '../../server/db/client';
import { migrationsKey } from './migrationsKey';

/**
 * The name of a PostgreSQL database holding the committed migrations and nothing else, made once
 * per set of migrations on the test server and kept there. A suite's scratch database is created
 * from it (`create database … template …`, ~0.1 s) instead of running every migration again
 * (~0.8 s, paid by each of the suites' few hundred throw-away apps). Nothing is shared but the
 * starting bytes: every app gets its own database, and nobody ever connects to the template.
 */
let cached: Promise<string> | null = null;

export function postgresTemplate(adminUrl: string): Promise<string> {
  cached ??= findOrMake(adminUrl);
  return cached;
}

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

async function findOrMake(adminUrl: string): Promise<string> {
  const name = `gatepass_tpl_${await migrationsKey('postgres')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    // Test files in parallel (and several runs on one server) may all find it missing at once:
    // one makes it under the lock, the others wait and then find it.
    await admin.query("select pg_advisory_lock(hashtext('gatepass test template'))");
    const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) {
      // Built under another name and renamed when complete, so a half-migrated template (a run
      // killed mid-way) is never copied; a leftover from such a run is dropped first.
      const building = `${name}_building`;
      await admin.query(`drop database if exists ${building} with (force)`);
      await admin.query(`create database ${building}`);
      const pool = new pg.Pool({ connectionString: withDatabase(adminUrl, building), max: 1 });
      try {
        await migrate(drizzle(pool), { migrationsFolder });
      } finally {
        await pool.end();
      }
      await admin.query(`alter database ${building} rename to ${name}`);
      // Nobody connects to it again — not even autovacuum, which skips a database that allows no
      // connections (a copy fails while anyone is connected to its template).
      await admin.query(`alter database ${name} with is_template true allow_connections false`);
    }
    return name;
  } finally {
    await admin.query("select pg_advisory_unlock(hashtext('gatepass test template'))").catch(() => {});
    await admin.end();
  }
}
