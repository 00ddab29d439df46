import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { storedFiles } from '../db/schema';
import { contentTypeOf, isStorageKey, isVariantName, newStorageKey, type Storage } from './storage';

const ORIGINAL = '';

/**
 * Uploads kept in PostgreSQL (table stored_files), so a poster stored through one process is
 * served by every other: with DATABASE_URL the only state processes share is the database.
 * Posters and ticket images are small (re-encoded WebP, tens of KB), and each variant is read once
 * per process's read of it and then cached by browsers for a year, so the table is not a hot path.
 */
export function createDatabaseStorage(db: Database): Storage {
  const read = async (key: string, variant: string) => {
    const [row] = await db
      .select({ bytes: storedFiles.bytes })
      .from(storedFiles)
      .where(and(eq(storedFiles.key, key), eq(storedFiles.variant, variant)))
      .limit(1);
    return row?.bytes ?? null;
  };

  return {
    async put(folder, extension, bytes) {
      const key = newStorageKey(folder, extension);
      await db.insert(storedFiles).values({ key, variant: ORIGINAL, contentType: contentTypeOf(key), bytes });
      return key;
    },
    async get(key) {
      return isStorageKey(key) ? read(key, ORIGINAL) : null;
    },
    async getVariant(key, variant) {
      return isStorageKey(key) && isVariantName(variant) ? read(key, variant) : null;
    },
    async putVariant(key, variant, bytes, contentType) {
      if (!isStorageKey(key) || !isVariantName(variant))
        throw new Error(`Invalid storage key ${key} or variant ${variant}`);
      // Only beside a stored original (one removed meanwhile leaves no orphan behind), and two
      // processes rendering the same variant at once keep the first: the bytes are the same.
      await db.execute(sql`
        insert into ${storedFiles} (key, variant, content_type, bytes)
        select ${key}, ${variant}, ${contentType}, ${bytes}
        where exists (select 1 from ${storedFiles} where key = ${key} and variant = ${ORIGINAL})
        on conflict do nothing`);
    },
    async remove(key) {
      if (!isStorageKey(key)) return;
      await db.delete(storedFiles).where(eq(storedFiles.key, key));
    },
  };
}
