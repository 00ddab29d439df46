import { and, eq } from 'drizzle-orm';
import type { Storage } from '../../adapters/storage';
import type { Database } from '../../db/client';
import type { Tx } from '../../db/query';
import { events, ticketTypes, uploads } from '../../db/schema';
import { HttpError } from '../../http/errors';

/**
 * The uploads registry: who uploaded which stored image (db/schema/uploads.ts), and the one rule for
 * removing files. A file is shared by whatever rows point at it (a key reused by its owner, data from
 * before the registry), so replacing or deleting one row never deletes a file another row still shows.
 */

export const NOT_YOUR_IMAGE = 'You can only use images you uploaded to Gatepass.';

/** Records `key` as uploaded by `ownerId` (just after the bytes are stored). */
export async function recordUpload(db: Tx, key: string, ownerId: string): Promise<void> {
  await db.insert(uploads).values({ key, ownerId }).onConflictDoNothing();
}

/**
 * Refuses (403) a key `userId` did not upload. An unknown key gets the same answer, so the check
 * cannot be used to learn which keys exist.
 */
export async function assertOwnImage(db: Database, key: string, userId: string): Promise<void> {
  const [row] = await db
    .select({ key: uploads.key })
    .from(uploads)
    .where(and(eq(uploads.key, key), eq(uploads.ownerId, userId)))
    .limit(1);
  if (!row) throw new HttpError(403, NOT_YOUR_IMAGE);
}

/** Whether any event or ticket type still points at `key`. */
async function stillUsed(db: Database, key: string): Promise<boolean> {
  const [event] = await db.select({ id: events.id }).from(events).where(eq(events.imageKey, key)).limit(1);
  if (event) return true;
  const [type] = await db
    .select({ id: ticketTypes.id })
    .from(ticketTypes)
    .where(eq(ticketTypes.imageKey, key))
    .limit(1);
  return type !== undefined;
}

/**
 * Called after rows stopped pointing at these keys (a replaced image, a deleted ticket type or
 * account): each file no row uses any more is deleted, with its registry entry; a file still used
 * elsewhere stays. Run after the rows' change committed, so a crash leaves an unused file at worst,
 * never a row pointing at a missing one.
 */
export async function releaseImages(
  deps: { db: Database; storage: Storage },
  keys: readonly (string | null | undefined)[],
): Promise<void> {
  const unique = [...new Set(keys.filter((key): key is string => !!key))];
  for (const key of unique) {
    if (await stillUsed(deps.db, key)) continue;
    await deps.db.delete(uploads).where(eq(uploads.key, key));
    await deps.storage.remove(key);
  }
}
