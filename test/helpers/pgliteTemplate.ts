import { existsSync } from 'node:fs';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { migrationsFolder } from '../../server/db/client';
import { migrationsKey } from './migrationsKey';

/**
 * A dump of a freshly migrated in-memory PGlite database, made once per set of migrations (and
 * PGlite version) and kept in the temp folder for every test file: starting from it costs a
 * fraction of initdb + migrations, which each of the suites' many throw-away apps used to pay.
 * Nothing is shared but the starting bytes: every app gets its own database.
 */
let cached: Promise<Blob> | null = null;

export function pgliteTemplate(): Promise<Blob> {
  cached ??= loadOrMake();
  return cached;
}

async function loadOrMake(): Promise<Blob> {
  const file = path.join(
    tmpdir(),
    `gatepass-pglite-template-${await migrationsKey(await pgliteVersion())}.tar`,
  );
  if (existsSync(file)) return new Blob([await readFile(file)]);
  const client = await PGlite.create('memory://');
  await migrate(drizzle(client), { migrationsFolder });
  const dump = await client.dumpDataDir('none');
  await client.close();
  // Several test files may make it at once: each writes its own file and renames it into place.
  const partial = `${file}.${process.pid}.part`;
  await writeFile(partial, new Uint8Array(await dump.arrayBuffer()));
  await rename(partial, file);
  return dump;
}

async function pgliteVersion(): Promise<string> {
  const pkg = path.join(import.meta.dirname, '../../node_modules/@electric-sql/pglite/package.json');
  return String(JSON.parse(await readFile(pkg, 'utf8')).version);
}
