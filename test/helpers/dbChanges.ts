import { sql } from 'drizzle-orm';
import type { Database } from '../../server/db/client';
import { queryRows } from '../../server/db/query';

/**
 * Counts committed row changes in every table of a scratch test database, to prove a refused request
 * changed nothing. A row trigger on each table bumps one counter row in the same transaction, so a
 * change that was rolled back (a lost unique race answered 409) is not counted, and reading the
 * counter is one cheap query however large the tables grow. Left out, each for a stated reason:
 * - rate_limit_buckets: counting attempts, refused ones included, is its whole job;
 * - sessions.last_seen_at: any authenticated request refreshes it (at most once a minute);
 * - mail_outbox delivery columns: the mail worker moves them on its own schedule.
 * Only for throw-away databases: it adds a table, a function and triggers.
 */
const SKIPPED_TABLES = new Set(['rate_limit_buckets', 'fuzz_change_counter']);
const SKIPPED_COLUMNS: Record<string, string[]> = {
  sessions: ['last_seen_at'],
  mail_outbox: ['status', 'attempts', 'next_attempt_at', 'sent_at', 'last_error'],
};

const literal = (s: string) => `'${s.replaceAll("'", "''")}'`;
const ident = (s: string) => `"${s.replaceAll('"', '""')}"`;

export async function trackChanges(db: Database): Promise<() => Promise<number>> {
  await db.execute(sql.raw('create table if not exists fuzz_change_counter (changes bigint not null)'));
  await db.execute(
    sql.raw('insert into fuzz_change_counter select 0 where not exists (select 1 from fuzz_change_counter)'),
  );
  await db.execute(
    sql.raw(`create or replace function fuzz_note_change() returns trigger language plpgsql as $$
declare before_row jsonb; after_row jsonb; i int;
begin
  if TG_OP = 'UPDATE' then
    before_row := to_jsonb(OLD); after_row := to_jsonb(NEW);
    for i in 0 .. TG_NARGS - 1 loop
      before_row := before_row - TG_ARGV[i]; after_row := after_row - TG_ARGV[i];
    end loop;
    if before_row = after_row then return null; end if;
  end if;
  update fuzz_change_counter set changes = changes + 1;
  return null;
end $$`),
  );
  const tables = (
    await queryRows<{ table_name: string }>(
      db,
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
    )
  )
    .map((r) => String(r.table_name))
    .filter((name) => !SKIPPED_TABLES.has(name));
  for (const name of tables) {
    const args = (SKIPPED_COLUMNS[name] ?? []).map(literal).join(', ');
    await db.execute(sql.raw(`drop trigger if exists fuzz_changes on ${ident(name)}`));
    await db.execute(
      sql.raw(
        `create trigger fuzz_changes after insert or update or delete on ${ident(name)} for each row execute function fuzz_note_change(${args})`,
      ),
    );
  }
  return async () =>
    Number(
      (await queryRows<{ changes: string }>(db, sql.raw('select changes from fuzz_change_counter')))[0]
        ?.changes,
    );
}
