import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * File storage on local disk under DATA_DIR/uploads. Keys are relative paths such as
 * "posters/3f2c….webp"; they are validated so a key can never escape the uploads directory.
 */
export type Storage = {
  put: (folder: string, extension: string, bytes: Buffer) => Promise<string>;
  get: (key: string) => Promise<Buffer | null>;
  /** Absolute path of a derived file (e.g. a resized variant), created on demand by the caller. */
  derivedPath: (key: string, variant: string) => string | null;
  exists: (absolutePath: string) => Promise<boolean>;
  writeAtomic: (absolutePath: string, bytes: Buffer) => Promise<void>;
  /** Deletes a stored file and every resized variant of it; a missing file is not an error. */
  remove: (key: string) => Promise<void>;
};

const KEY_PATTERN = /^[a-z0-9-]+\/[a-zA-Z0-9-]+\.(webp|png|jpg|jpeg|svg|gif|avif)$/;

export function isStorageKey(key: string): boolean {
  return KEY_PATTERN.test(key);
}

export function createLocalStorage(uploadsDir: string): Storage {
  const resolve = (key: string) => (isStorageKey(key) ? path.join(uploadsDir, key) : null);

  async function writeAtomic(absolutePath: string, bytes: Buffer) {
    await mkdir(path.dirname(absolutePath), { recursive: true });
    // Write then rename, so a reader never sees half a file.
    const tmp = `${absolutePath}.${randomUUID()}.tmp`;
    await writeFile(tmp, bytes);
    await rename(tmp, absolutePath);
  }

  return {
    async put(folder, extension, bytes) {
      const key = `${folder}/${randomUUID()}.${extension}`;
      const target = resolve(key);
      if (!target) throw new Error(`Invalid storage key ${key}`);
      await writeAtomic(target, bytes);
      return key;
    },
    async get(key) {
      const target = resolve(key);
      if (!target) return null;
      try {
        return await readFile(target);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    derivedPath(key, variant) {
      return isStorageKey(key) ? path.join(uploadsDir, '.derived', variant, key) : null;
    },
    async exists(absolutePath) {
      try {
        await stat(absolutePath);
        return true;
      } catch {
        return false;
      }
    },
    writeAtomic,
    async remove(key) {
      const target = resolve(key);
      if (!target) return;
      await rm(target, { force: true });
      const derivedRoot = path.join(uploadsDir, '.derived');
      const variants = await readdir(derivedRoot).catch(() => [] as string[]);
      await Promise.all(variants.map((variant) => rm(path.join(derivedRoot, variant, key), { force: true })));
    },
  };
}
