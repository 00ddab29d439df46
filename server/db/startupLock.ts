import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/**
 * One advisory-lock key for every start-up step that must not run twice at once (migrations,
 * first-run sample data). Any fixed 64-bit number works; this one spells "gatepass" in ASCII.
 */
export const STARTUP_LOCK_KEY = 0x6761746570617373n;

export type LockConnection = {
  query: (text: string) => Promise<unknown>;
  release: () => Promise<void>;
};

/**
 * Runs `work` while holding the start-up lock, so of N processes starting together on one
 * PostgreSQL database exactly one migrates (or loads the sample data) and the others wait, then
 * find the work done. The lock is taken on a connection of its own, not a pooled one: a session
 * lock belongs to the connection, and a pool would hand that connection to other queries or take
 * it back mid-way. If the process dies holding it, the server ends the session and the lock goes
 * with it. PGlite (one process) takes the same lock on its only connection: harmless there.
 */
export async function withStartupLock<T>(
  connect: () => Promise<LockConnection>,
  work: () => Promise<T>,
  onWait?: () => void,
): Promise<T> {
  const connection = await connect();
  try {
    const key = STARTUP_LOCK_KEY.toString();
    const got = (await connection.query(`select pg_try_advisory_lock(${key}) as got`)) as { got: boolean }[];
    if (!got[0]?.got) {
      onWait?.();
      await connection.query(`select pg_advisory_lock(${key})`);
    }
    try {
      return await work();
    } finally {
      await connection.query(`select pg_advisory_unlock(${key})`);
    }
  } finally {
    await connection.release();
  }
}

/** A fresh, unpooled PostgreSQL connection for the lock. */
export function postgresLockConnection(connectionString: string): () => Promise<LockConnection> {
  return async () => {
    const client = new pg.Client({ connectionString, application_name: 'gatepass-startup' });
    // Dropped mid-way, the next query on it rejects and start-up fails; no unhandled 'error' event.
    client.on('error', () => {});
    await client.connect();
    return {
      query: async (text) => (await client.query(text)).rows,
      release: () => client.end(),
    };
  };
}

/** PGlite's one connection: the lock is taken and given back on it; closing is the database's job. */
export function pgliteLockConnection(client: PGlite): () => Promise<LockConnection> {
  return async () => ({
    query: async (text) => (await client.query(text)).rows,
    release: async () => {},
  });
}
