import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { storedFiles } from '../db/schema';
import { contentTypeOf, DERIVED_DIR, isStorageKey, isVariantName } from './storage';

export type MoveReport = { copied: number; alreadyThere: number; skipped: string[] };

async function entries(dir: string): Promise<string[]> {
  return readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT' || error.code === 'ENOTDIR') return [];
    throw error;
  });
}

/**
 * Copies what the local-disk store kept under `uploadsDir` (originals, then the resized variants in
 * .derived/<variant>/) into stored_files, for a deployment moving from one process to several.
 * Re-runnable: a key already in the database is left as it is (keys are never reused, so its bytes
 * are the same). Half-written files (*.tmp) and names that are not storage keys are skipped and
 * listed. The files on disk are left in place for the operator to remove once satisfied.
 */
export async function moveFilesToDatabase(db: Database, uploadsDir: string): Promise<MoveReport> {
  const report: MoveReport = { copied: 0, alreadyThere: 0, skipped: [] };
  const keep = async (key: string, variant: string, file: string, contentType: string) => {
    const bytes = await readFile(file);
    const inserted = await db
      .insert(storedFiles)
      .values({ key, variant, contentType, bytes })
      .onConflictDoNothing()
      .returning({ key: storedFiles.key });
    if (inserted.length) report.copied += 1;
    else report.alreadyThere += 1;
  };

  for (const folder of await entries(uploadsDir)) {
    if (folder === DERIVED_DIR) continue;
    for (const name of await entries(path.join(uploadsDir, folder))) {
      const key = `${folder}/${name}`;
      if (isStorageKey(key)) await keep(key, '', path.join(uploadsDir, key), contentTypeOf(key));
      else report.skipped.push(key);
    }
  }

  const derivedRoot = path.join(uploadsDir, DERIVED_DIR);
  for (const variant of await entries(derivedRoot)) {
    for (const folder of await entries(path.join(derivedRoot, variant))) {
      for (const name of await entries(path.join(derivedRoot, variant, folder))) {
        const key = `${folder}/${name}`;
        const label = `${DERIVED_DIR}/${variant}/${key}`;
        if (!isVariantName(variant) || !isStorageKey(key)) {
          report.skipped.push(label);
          continue;
        }
        // A variant whose original is gone would never be served (the image route finds the
        // variant first, but a removed key must stay removed): leave it behind.
        const [original] = await db
          .select({ key: storedFiles.key })
          .from(storedFiles)
          .where(and(eq(storedFiles.key, key), eq(storedFiles.variant, '')))
          .limit(1);
        if (!original) {
          report.skipped.push(label);
          continue;
        }
        // The image route renders every variant as WebP.
        await keep(key, variant, path.join(derivedRoot, variant, key), 'image/webp');
      }
    }
  }
  return report;
}
