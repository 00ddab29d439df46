import { sql } from 'drizzle-orm';
import type { WaitingRoomMode } from '../../../contract/onsale';
import { queryRows, type Tx } from '../../db/query';
import type { RoomType } from './room';

/**
 * The waiting room's SQL (decision 059). Instants travel as epoch milliseconds (float8) so both
 * drivers hand back plain numbers, and every "now" is the database's: one clock for every process.
 */

/** People who joined before opening (the draw's size so far). */
export async function countInDraw(db: Tx, eventId: string): Promise<number> {
  const rows = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from onsale_queue where event_id = ${eventId}::uuid and draw_key is not null`,
  );
  return rows[0]?.n ?? 0;
}

/**
 * The draw, once per event, `graceSeconds` after the on-sale time (joins that arrived before it may
 * still be in flight): whichever process first finds it due takes the room row's lock and, in the
 * same statement, ranks every pre-opening arrival by its random key, then numbers those who arrived
 * since the opening by arrival. Others wait on the lock and then find `drawn_at` set, so it never
 * runs twice.
 */
export async function drawIfDue(db: Tx, eventId: string, graceSeconds: number): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(
      sql`insert into onsale_rooms (event_id) values (${eventId}::uuid) on conflict do nothing`,
    );
    const won = await queryRows<{ event_id: string }>(
      tx,
      sql`update onsale_rooms set drawn_at = now()
        where event_id = ${eventId}::uuid and drawn_at is null
          and exists (select 1 from events where id = ${eventId}::uuid
            and onsale_at + make_interval(secs => ${graceSeconds}) <= now())
        returning event_id`,
    );
    if (won.length === 0) return;
    await tx.execute(sql`with ranked as (
        select user_id, row_number() over (order by draw_key is null, draw_key, joined_at, user_id) as rn
        from onsale_queue where event_id = ${eventId}::uuid and place is null
      ), placed as (
        update onsale_queue q set place = ranked.rn from ranked
        where q.event_id = ${eventId}::uuid and q.user_id = ranked.user_id
        returning q.place, q.draw_key
      )
      update onsale_rooms set drawn_count = (select count(*) from placed where draw_key is not null),
        last_place = (select count(*) from placed)
      where event_id = ${eventId}::uuid`);
  });
}

/**
 * The next place at the back for one row: a straggler whose join committed after the draw, or a
 * buyer whose turn passed and who queues again (new arrivals come in batches: placeManyAtBack).
 */
export async function placeAtBack(
  db: Tx,
  eventId: string,
  userId: string,
  how: 'unplaced' | 'requeue',
): Promise<number | null> {
  const room = sql`room as (update onsale_rooms set last_place = last_place + 1
    where event_id = ${eventId}::uuid and drawn_at is not null returning last_place)`;
  const rows = await queryRows<{ place: number }>(
    db,
    sql`with ${room}
            update onsale_queue q set place = room.last_place, joined_at = now(),
              draw_key = ${how === 'requeue' ? sql`null` : sql`q.draw_key`}, admitted_at = null
            from room where q.event_id = ${eventId}::uuid and q.user_id = ${userId}::uuid
              and ${how === 'requeue' ? sql`q.admitted_at is not null` : sql`q.place is null`}
            returning q.place`,
  );
  return rows[0]?.place ?? null;
}

/** Records the moment this buyer was first admitted (the turn's clock starts); the first writer wins. */
export async function markAdmitted(db: Tx, eventId: string, userId: string): Promise<void> {
  await db.execute(
    sql`update onsale_queue set admitted_at = now()
      where event_id = ${eventId}::uuid and user_id = ${userId}::uuid and admitted_at is null`,
  );
}

export type SettingsRow = {
  opensMs: number | null;
  waitingRoom: WaitingRoomMode;
  admitPerSecond: number | null;
  capacity: number | null;
  types: RoomType[];
  drawn: boolean;
  queued: number;
};

export async function readSettings(db: Tx, eventId: string): Promise<SettingsRow | null> {
  const rows = await queryRows<Omit<SettingsRow, 'types'> & { types: [number | null, boolean][] | null }>(
    db,
    sql`select (extract(epoch from e.onsale_at) * 1000)::float8 as "opensMs", e.waiting_room as "waitingRoom",
      e.admit_per_second as "admitPerSecond", e.capacity,
      (select json_agg(json_build_array(t.capacity, t.hidden)) from ticket_types t where t.event_id = e.id) as types,
      exists (select 1 from onsale_rooms r where r.event_id = e.id and r.drawn_at is not null) as drawn,
      (select count(*)::int from onsale_queue q where q.event_id = e.id) as queued
    from events e where e.id = ${eventId}::uuid`,
  );
  const row = rows[0];
  if (!row) return null;
  return { ...row, types: (row.types ?? []).map(([capacity, hidden]) => ({ capacity, hidden })) };
}

export async function writeSettings(
  db: Tx,
  eventId: string,
  s: { opensAt: Date | null; waitingRoom: WaitingRoomMode; admitPerSecond: number | null },
): Promise<void> {
  await db.execute(
    sql`update events set onsale_at = ${s.opensAt ? s.opensAt.toISOString() : null}::timestamptz,
      waiting_room = ${s.waitingRoom}, admit_per_second = ${s.admitPerSecond}::int, updated_at = now()
      where id = ${eventId}::uuid`,
  );
}
