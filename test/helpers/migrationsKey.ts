import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { migrationsFolder } from '../../server/db/client';

/**
 * A short hash of the committed migrations (and `extra`, e.g. the engine's version): the name of a
 * migrated template stays valid exactly as long as the migrations it was made from.
 */
export async function migrationsKey(extra = ''): Promise<string> {
  const hash = createHash('sha256');
  hash.update(extra);
  const files = (await readdir(migrationsFolder, { recursive: true })).map(String).sort();
  for (const file of files) {
    if (!file.endsWith('.sql') && !file.endsWith('.json')) continue;
    hash.update(file);
    hash.update(await readFile(path.join(migrationsFolder, file)));
  }
  return hash.digest('hex').slice(0, 16);
}
