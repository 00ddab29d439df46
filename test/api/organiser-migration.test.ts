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
import { createScratchDatabase, testDatabases } from '../helpers/databases';

const migrations = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../server/db/migrations');

/** A migrations folder holding only 0000, as a database created before the organiser tables (decision 010) had applied. */
async function folderWithFirstMigration(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'gatepass-mig-'));
  await mkdir(path.join(dir, 'meta'));
  await copyFile(path.join(migrations, '0000_init.sql'), path.join(dir, '0000_init.sql'));
  await copyFile(path.join(migrations, 'meta/0000_snapshot.json'), path.join(dir, 'meta/0000_snapshot.json'));
  const journal = JSON.parse(await readFile(path.join(migrations, 'meta/_journal.json'), 'utf8'));
  journal.entries = journal.entries.filter((e: { idx: number }) => e.idx === 0);
  await writeFile(path.join(dir, 'meta/_journal.json'), JSON.stringify(journal));
  return dir;
}

type Query = (sql: string) => Promise<Record<string, unknown>[]>;

const OLD_DATA = `
insert into users (id, first_name, last_name, username, email, password_hash) values
  ('00000000-0000-4000-8000-000000000001', 'Ada', 'Okafor', 'ada', 'ada@example.ng', 'x'),
  ('00000000-0000-4000-8000-000000000002', 'Bayo', 'Ade', 'bayo', 'bayo@example.ng', 'x'),
  ('00000000-0000-4000-8000-000000000003', 'Chi', 'Obi', 'chi', 'chi@example.ng', 'x');
insert into events (id, organiser_id, event_name, category, start_date, end_date, start_time, end_time, event_location) values
  ('10000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000001', 'A', 'Music', '2030-01-01', '2030-01-01', '10:00', '12:00', 'online'),
  ('10000000-0000-4000-8000-000000000002', '00000000-0000-4000-8000-000000000002', 'B', 'Music', '2030-01-01', '2030-01-01', '10:00', '12:00', 'online'),
  ('10000000-0000-4000-8000-000000000003', '00000000-0000-4000-8000-000000000003', 'C', 'Music', '2030-01-01', '2030-01-01', '10:00', '12:00', 'online');
insert into ticket_types (event_id, ticket_name, price_kobo, ticket_type, ticket_stock, bank_name, bank_code, account_number, account_name, created_at) values
  ('10000000-0000-4000-8000-000000000001', 'Old VIP', 500000, 'paid', 'unlimited', 'Access Bank', '044', '1111111111', 'ADA OLD', now() - interval '2 days'),
  ('10000000-0000-4000-8000-000000000001', 'New VIP', 900000, 'paid', 'unlimited', 'Guaranty Trust Bank', '058', '2222222222', 'ADA NEW', now() - interval '1 day'),
  ('10000000-0000-4000-8000-000000000001', 'Free', 0, 'free', 'unlimited', null, null, null, null, now()),
  ('10000000-0000-4000-8000-000000000002', 'Named bank only', 100000, 'paid', 'unlimited', 'Zenith Bank', null, '3333333333', 'BAYO', now()),
  ('10000000-0000-4000-8000-000000000003', 'Free only', 0, 'free', 'unlimited', null, null, null, null, now());
`;

async function checkMigratedData(query: Query) {
  const accounts = await query(
    'select user_id, bank_code, bank_name, account_number, account_name, provider_mode, subaccount_code from payout_accounts order by user_id',
  );
  expect(accounts).toEqual([
    {
      user_id: '00000000-0000-4000-8000-000000000001',
      bank_code: '058',
      bank_name: 'Guaranty Trust Bank',
      account_number: '2222222222',
      account_name: 'ADA NEW',
      provider_mode: 'test',
      subaccount_code: null,
    },
    {
      user_id: '00000000-0000-4000-8000-000000000002',
      bank_code: '',
      bank_name: 'Zenith Bank',
      account_number: '3333333333',
      account_name: 'BAYO',
      provider_mode: 'test',
      subaccount_code: null,
    },
  ]);
  const columns = (
    await query(
      "select column_name from information_schema.columns where table_name = 'ticket_types' order by column_name",
    )
  ).map((r) => r.column_name);
  expect(columns).not.toContain('account_number');
  expect(columns).not.toContain('bank_code');
  expect(columns).toEqual(expect.arrayContaining(['sales_from', 'sales_until']));
  expect(await query('select count(*)::int as n from ticket_types')).toEqual([{ n: 5 }]);
  const events = await query(
    'select capacity, sales_paused, ticket_email_message, needs_dates from events limit 1',
  );
  expect(events[0]).toEqual({
    capacity: null,
    sales_paused: false,
    ticket_email_message: '',
    needs_dates: false,
  });
}

describe.each(testDatabases)('migration 0001 keeps existing payout details on $name', (database) => {
  let firstOnly: string;
  beforeAll(async () => {
    firstOnly = await folderWithFirstMigration();
  });
  afterAll(async () => rm(firstOnly, { recursive: true, force: true }));

  it('moves each organiser’s latest ticket bank details to payout_accounts and drops them from ticket types', async () => {
    if (database.kind === 'pglite') {
      const client = new PGlite();
      try {
        const db = drizzlePglite(client);
        await migratePglite(db, { migrationsFolder: firstOnly });
        await client.exec(OLD_DATA);
        await migratePglite(db, { migrationsFolder: migrations });
        await checkMigratedData(async (sql) => (await client.query<Record<string, unknown>>(sql)).rows);
      } finally {
        await client.close();
      }
      return;
    }
    const scratch = await createScratchDatabase();
    const client = new pg.Client({ connectionString: scratch.url });
    // The scratch database is dropped WITH (FORCE) afterwards; a late notice of that is not a failure.
    client.on('error', () => {});
    await client.connect();
    try {
      const db = drizzlePg(client);
      await migratePg(db, { migrationsFolder: firstOnly });
      await client.query(OLD_DATA);
      await migratePg(db, { migrationsFolder: migrations });
      await checkMigratedData(async (sql) => (await client.query(sql)).rows);
    } finally {
      await client.end();
      await scratch.drop();
    }
    // A fresh PGlite boots and migrates twice inside the test itself (no hook): slow on a busy machine.
  }, 180_000);
});
