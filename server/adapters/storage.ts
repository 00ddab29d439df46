import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Where uploaded files (posters, ticket images) and their resized variants are kept. Keys are
 * relative paths such as "posters/3f2c….webp", random and never reused, so a key's bytes never
 * change. Two stores: local disk under DATA_DIR/uploads (this file, the embedded default) and
 * PostgreSQL (databaseStorage.ts, with DATABASE_URL, so every process serves what any one stored).
 */
export type Storage = {
  put: (folder: string, extension: string, bytes: Buffer) => Promise<string>;
  get: (key: string) => Promise<Buffer | null>;
  /** A derived copy of a stored file (e.g. "w320", a resized variant), or null if none is kept yet. */
  getVariant: (key: string, variant: string) => Promise<Buffer | null>;
  /** Keeps a derived copy; writing one that another process kept meanwhile is not an error. */
  putVariant: (key: string, variant: string, bytes: Buffer, contentType: string) => Promise<void>;
  /** Deletes a stored file and every variant of it; a missing file is not an error. */
  remove: (key: string) => Promise<void>;
};

const KEY_PATTERN = /^[a-z0-9-]+\/[a-zA-Z0-9-]+\.(webp|png|jpg|jpeg|svg|gif|avif)$/;
const VARIANT_PATTERN = /^[a-z0-9]+$/;

export function isStorageKey(key: string): boolean {
  return KEY_PATTERN.test(key);
}

export function isVariantName(variant: string): boolean {
  return VARIANT_PATTERN.test(variant);
}

export function newStorageKey(folder: string, extension: string): string {
  const key = `${folder}/${randomUUID()}.${extension}`;
  if (!isStorageKey(key)) throw new Error(`Invalid storage key ${key}`);
  return key;
}

const CONTENT_TYPES: Record<string, string> = {
  webp: 'image/webp',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  svg: 'image/svg+xml',
  gif: 'image/gif',
  avif: 'image/avif',
};

export function contentTypeOf(key: string): string {
  return CONTENT_TYPES[key.slice(key.lastIndexOf('.') + 1)] ?? 'application/octet-stream';
}

/** Where the local store keeps a variant; also read by the files:to-db move. */
export const DERIVED_DIR = '.derived';

async function readOrNull(file: string): Promise<Buffer | null> {
  try {
    return await readFile(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

async function writeAtomic(absolutePath: string, bytes: Buffer) {
  await mkdir(path.dirname(absolutePath), { recursive: true });
  // Write then rename, so a reader never sees half a file.
  const tmp = `${absolutePath}.${randomUUID()}.tmp`;
  await writeFile(tmp, bytes);
  await rename(tmp, absolutePath);
}

/** Local disk: keys are validated so a key (or variant name) can never escape the uploads directory. */
export function createLocalStorage(uploadsDir: string): Storage {
  const original = (key: string) => (isStorageKey(key) ? path.join(uploadsDir, key) : null);
  const derived = (key: string, variant: string) =>
    isStorageKey(key) && isVariantName(variant) ? path.join(uploadsDir, DERIVED_DIR, variant, key) : null;

  return {
    async put(folder, extension, bytes) {
      const key = newStorageKey(folder, extension);
      await writeAtomic(path.join(uploadsDir, key), bytes);
      return key;
    },
    async get(key) {
      const target = original(key);
      return target ? readOrNull(target) : null;
    },
    async getVariant(key, variant) {
      const target = derived(key, variant);
      return target ? readOrNull(target) : null;
    },
    async putVariant(key, variant, bytes) {
      const target = derived(key, variant);
      if (!target) throw new Error(`Invalid storage key ${key} or variant ${variant}`);
      await writeAtomic(target, bytes);
    },
    async remove(key) {
      const target = original(key);
      if (!target) return;
      await rm(target, { force: true });
      const derivedRoot = path.join(uploadsDir, DERIVED_DIR);
      const variants = await readdir(derivedRoot).catch(() => [] as string[]);
      await Promise.all(variants.map((variant) => rm(path.join(derivedRoot, variant, key), { force: true })));
    },
  };
}
