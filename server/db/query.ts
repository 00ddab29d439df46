import type { SQL } from 'drizzle-orm';
import { uuid } from '../../contract/common';
import type { Database } from './client';

/**
 * The database helpers every module uses, written once: what a query runs on, how raw SQL rows are
 * read, and how an id from a URL is checked before it reaches a uuid column.
 */

/**
 * The handle or an open transaction: everything a module's reads and writes need, including
 * `transaction`, which on an open transaction is a savepoint (so a refusal inside it leaves the
 * outer transaction usable).
 */
export type Tx = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute' | 'transaction'>;

/** What a raw query needs. */
export type Executor = Pick<Database, 'execute'>;

/** Runs raw SQL and gives its rows, typed by the caller (both drivers answer `{ rows }`). */
export async function queryRows<T>(db: Executor, query: SQL): Promise<T[]> {
  const result = await db.execute(query);
  return (result as unknown as { rows: T[] }).rows;
}

/** Runs `work` in a savepoint of `tx`: all of it or nothing, and the outer transaction goes on. */
export function savepoint<T>(tx: Tx, work: (sp: Tx) => Promise<T>): Promise<T> {
  return tx.transaction((sp) => work(sp));
}

/** An id that can be looked up (a malformed one is a 404, never a database error). */
export function isUuid(value: string): boolean {
  return uuid.safeParse(value).success;
}
