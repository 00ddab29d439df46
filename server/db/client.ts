import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { listenPglite, listenPostgres } from './listen';
import * as schema from './schema';
import { pgliteLockConnection, postgresLockConnection, withStartupLock } from './startupLock';

/** One handle type for both drivers (a union of the two breaks `.returning()`). */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/** What a LISTEN subscription reports; `lost` means notifications may have been missed. */
export type ListenEvents = { notify: (payload: string) => void; lost: () => void; ready: () => void };

/** A LISTEN subscription (server/db/listen.ts). */
export type Subscription = {
  /**
   * One small read on the subscription's own connection (no pool to queue behind), for a check
   * that must go with the notifications: the read cache's data version. Rejects while the
   * connection is down.
   */
  query: (text: string) => Promise<Record<string, unknown>[]>;
  stop: () => Promise<void>;
};

export type DatabaseHandle = {
  db: Database;
  kind: 'pglite' | 'postgres';
  close: () => Promise<void>;
  /** LISTEN on a channel (server/db/listen.ts). */
  listen: (channel: string, events: ListenEvents) => Promise<Subscription>;
  /**
   * Runs a start-up step that must not run in two processes at once (first-run sample data) under
   * the same advisory lock as the migrations (server/db/startupLock.ts).
   */
  exclusive: <T>(work: () => Promise<T>) => Promise<T>;
};

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * Opens the database and applies the committed migrations.
 * `databaseUrl` set → node-postgres pool; otherwise PGlite in-process, in `pgliteDir`
 * (a directory for real data, `memory://` for throw-away tests).
 */
export async function openDatabase(opts: {
  databaseUrl?: string;
  pgliteDir: string;
  /**
   * PGlite only: a dump (`dumpDataDir`) of an already-migrated database to start from instead of
   * running initdb and every migration again. Tests boot hundreds of throw-away databases.
   */
  pgliteTemplate?: Blob;
  onIdleError?: (error: Error) => void;
  /** Told when another process holds the start-up lock and this one waits for it. */
  onLockWait?: () => void;
}): Promise<DatabaseHandle> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 });
    // An idle connection the server drops (restart, failover, admin kill) must not crash the
    // process: the pool discards it and the next query opens a new one.
    pool.on('error', (error) => opts.onIdleError?.(error));
    const db = drizzlePg(pool, { schema });
    const exclusive = <T>(work: () => Promise<T>) =>
      withStartupLock(postgresLockConnection(opts.databaseUrl!), work, opts.onLockWait);
    // Several processes starting at once would each try to create the migrations table and apply
    // the same files; under the lock the first applies them and the rest find them applied.
    await exclusive(() => migratePg(db, { migrationsFolder }));
    return {
      db: db as unknown as Database,
      kind: 'postgres',
      close: () => pool.end(),
      listen: (channel, events) => listenPostgres(opts.databaseUrl!, channel, events, opts.onIdleError),
      exclusive,
    };
  }
  if (!opts.pgliteDir.startsWith('memory://')) await mkdir(opts.pgliteDir, { recursive: true });
  const client = await PGlite.create(
    opts.pgliteTemplate
      ? { dataDir: opts.pgliteDir, loadDataDir: opts.pgliteTemplate }
      : { dataDir: opts.pgliteDir },
  );
  const db = drizzlePglite(client, { schema });
  const exclusive = <T>(work: () => Promise<T>) =>
    withStartupLock(pgliteLockConnection(client), work, opts.onLockWait);
  // With a template this finds every migration applied and does nothing.
  await exclusive(() => migratePglite(db, { migrationsFolder }));
  return {
    db: db as unknown as Database,
    kind: 'pglite',
    close: () => client.close(),
    listen: (channel, events) => listenPglite(client, channel, events),
    exclusive,
  };
}
