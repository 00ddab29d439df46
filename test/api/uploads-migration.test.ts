import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploads, users } from '../../server/db/schema';
import { createScratchDatabase, testDatabases } from '../helpers/databases';
import { buildTestApp } from '../helpers/testApp';

const migrations = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../server/db/migrations');

/** A migrations folder as a database from before the uploads registry had applied it. */
async function folderBeforeUploads(): Promise<string> {
  const journal = JSON.parse(await readFile(path.join(migrations, 'meta/_journal.json'), 'utf8'));
  // By name, not number: migrations made in parallel may be renumbered when branches merge.
  const at = journal.entries.findIndex((e: { tag: string }) => e.tag.endsWith('_image_uploads'));
  if (at < 1) throw new Error('the image_uploads migration is missing');
  const before = journal.entries.slice(0, at);
  const dir = await mkdtemp(path.join(tmpdir(), 'gatepass-mig-uploads-'));
  await mkdir(path.join(dir, 'meta'));
  for (const entry of before as { tag: string; idx: number }[]) {
    await copyFile(path.join(migrations, `${entry.tag}.sql`), path.join(dir, `${entry.tag}.sql`));
  }
  await writeFile(path.join(dir, 'meta/_journal.json'), JSON.stringify({ ...journal, entries: before }));
  return dir;
}

const ADA = '00000000-0000-4000-8000-000000000001';
const BAYO = '00000000-0000-4000-8000-000000000002';
const OLD_DATA = `
insert into users (id, first_name, last_name, username, email, password_hash) values
  ('${ADA}', 'Ada', 'Okafor', 'ada', 'ada@example.ng', 'x'),
  ('${BAYO}', 'Bayo', 'Ade', 'bayo', 'bayo@example.ng', 'x');
insert into events (id, organiser_id, event_name, category, start_date, end_date, start_time, end_time, event_location, image_key, created_at) values
  ('10000000-0000-4000-8000-000000000001', '${ADA}', 'A', 'Music', '2030-01-01', '2030-01-01', '10:00', '12:00', 'online', 'posters/ada-poster.webp', now() - interval '3 days'),
  ('10000000-0000-4000-8000-000000000002', '${BAYO}', 'B', 'Music', '2030-01-01', '2030-01-01', '10:00', '12:00', 'online', 'posters/bayo-poster.webp', now() - interval '1 day'),
  ('10000000-0000-4000-8000-000000000003', '${BAYO}', 'B2', 'Music', '2030-01-01', '2030-01-01', '10:00', '12:00', 'online', null, now());
insert into ticket_types (event_id, ticket_name, price_kobo, ticket_type, ticket_stock, image_key, created_at) values
  ('10000000-0000-4000-8000-000000000001', 'Ada VIP', 0, 'free', 'unlimited', 'tickets/ada-vip.webp', now() - interval '2 days'),
  ('10000000-0000-4000-8000-000000000003', 'Bayo copy of Ada', 0, 'free', 'unlimited', 'tickets/ada-vip.webp', now()),
  ('10000000-0000-4000-8000-000000000003', 'Bayo own', 0, 'free', 'unlimited', 'tickets/bayo.webp', now()),
  ('10000000-0000-4000-8000-000000000003', 'No image', 0, 'free', 'unlimited', null, now());
`;

const EXPECTED = [
  { key: 'posters/ada-poster.webp', owner_id: ADA },
  { key: 'posters/bayo-poster.webp', owner_id: BAYO },
  // Used by both organisers' types: it goes to the earliest use, Ada's.
  { key: 'tickets/ada-vip.webp', owner_id: ADA },
  { key: 'tickets/bayo.webp', owner_id: BAYO },
];
const LIST = 'select key, owner_id from uploads order by key';

describe.each(testDatabases)('images stored before the uploads registry on $name', (database) => {
  let before: string;
  beforeAll(async () => {
    before = await folderBeforeUploads();
  });
  afterAll(async () => rm(before, { recursive: true, force: true }));

  it('the migration records each stored image with the organiser of the event that uses it', async () => {
    if (database.kind === 'pglite') {
      const client = new PGlite();
      try {
        const db = drizzlePglite(client);
        await migratePglite(db, { migrationsFolder: before });
        await client.exec(OLD_DATA);
        await migratePglite(db, { migrationsFolder: migrations });
        expect((await client.query(LIST)).rows).toEqual(EXPECTED);
      } finally {
        await client.close();
      }
      return;
    }
    const scratch = await createScratchDatabase();
    const client = new pg.Client({ connectionString: scratch.url });
    client.on('error', () => {});
    await client.connect();
    try {
      const db = drizzlePg(client);
      await migratePg(db, { migrationsFolder: before });
      await client.query(OLD_DATA);
      await migratePg(db, { migrationsFolder: migrations });
      expect((await client.query(LIST)).rows).toEqual(EXPECTED);
    } finally {
      await client.end();
      await scratch.drop();
    }
  }, 180_000);

  it('the sample posters are recorded as the sample organiser’s uploads', async () => {
    const t = await buildTestApp(database, { seed: true });
    try {
      const [ada] = await t.deps.db.select().from(users);
      const rows = await t.deps.db.select().from(uploads);
      expect(rows).toHaveLength(6);
      expect(rows.every((r) => r.ownerId === ada!.id && r.key.startsWith('posters/'))).toBe(true);
    } finally {
      await t.close();
    }
  }, 120_000);
});
