import { sql } from 'drizzle-orm';
import type { WaitingRoomMode } from '../../../contract/onsale';
import { queryRows, type Tx } from '../../db/query';
import type { RoomType } from './room';

/**
 * The waiting room's SQL for many buyers at once (decision 059, "Joins in batches"): one read of the
 * event and every asking buyer's row, and one INSERT per kind of join, whatever the batch's size.
 * Instants travel as epoch milliseconds (float8) so both drivers hand back plain numbers, and every
 * "now" is the database's: one clock for every process.
 */

/**
 * Ids as one uuid[] built once (an InitPlan): `col = any(…)` is then an index condition. An
 * `in (select … from json_array_elements_text(…))` let the planner scan the event's whole queue and
 * re-read the list for every row: 3.7 s per batch of turn starts with 100,000 in the queue.
 */
const idArray = (ids: string[]) =>
  sql`array(select value::uuid from json_array_elements_text(${JSON.stringify(ids)}::json))`;

/** The event's side of a read: the same for every buyer in the batch. */
export type RoomShared = {
  nowMs: number;
  status: string;
  opensMs: number | null;
  waitingRoom: WaitingRoomMode;
  admitPerSecond: number | null;
  capacity: number | null;
  types: RoomType[];
  /** Seats sold or held over all types (event capacity counts against this). */
  sold: number;
  soldOfLimited: number;
  drawn: boolean;
  drawnCount: number;
};

/** One buyer's side of a read. */
export type RoomMine = {
  joined: boolean;
  place: number | null;
  inDraw: boolean;
  admittedMs: number | null;
  verified: boolean;
};

/** What one answer needs: the event, its seats, the room and this buyer's row. */
export type RoomRead = RoomShared & RoomMine;

export const NOBODY: RoomMine = {
  joined: false,
  place: null,
  inDraw: false,
  admittedMs: null,
  verified: false,
};

/** [id, joined, verified, place, inDraw, admittedMs] */
type Person = [string, boolean, boolean, number | null, boolean, number | null];
type Raw = Omit<RoomShared, 'types'> & {
  types: [number | null, number, boolean][] | null;
  people: Person[] | null;
};

/** The event and each of `userIds`' rows, in one round trip; null when there is no such event. */
export async function readMany(
  db: Tx,
  eventId: string,
  userIds: string[],
): Promise<{ shared: RoomShared; mine: Map<string, RoomMine> } | null> {
  const rows = await queryRows<Raw>(
    db,
    sql`select
      (extract(epoch from now()) * 1000)::float8 as "nowMs",
      e.status,
      (extract(epoch from e.onsale_at) * 1000)::float8 as "opensMs",
      e.waiting_room as "waitingRoom",
      e.admit_per_second as "admitPerSecond",
      e.capacity,
      (select json_agg(json_build_array(t.capacity, t.sold, t.hidden)) from ticket_types t
        where t.event_id = e.id) as types,
      coalesce((select sum(t.sold) from ticket_types t where t.event_id = e.id), 0)::int as sold,
      coalesce((select sum(t.sold) from ticket_types t where t.event_id = e.id
        and t.capacity is not null and not t.hidden), 0)::int as "soldOfLimited",
      (r.drawn_at is not null) as drawn,
      coalesce(r.drawn_count, 0)::int as "drawnCount",
      (select json_agg(json_build_array(u.id, q.user_id is not null, u.email_verified_at is not null,
          q.place, q.draw_key is not null, (extract(epoch from q.admitted_at) * 1000)::float8))
        from users u
        left join onsale_queue q on q.event_id = e.id and q.user_id = u.id
        where u.id = any(${idArray(userIds)})
      ) as people
    from events e
    left join onsale_rooms r on r.event_id = e.id
    where e.id = ${eventId}::uuid`,
  );
  const row = rows[0];
  if (!row) return null;
  const { people, types, ...rest } = row;
  const mine = new Map<string, RoomMine>();
  for (const [id, joined, verified, place, inDraw, admittedMs] of people ?? [])
    mine.set(id, { joined, place, inDraw, admittedMs, verified });
  return {
    shared: { ...rest, types: (types ?? []).map(([capacity, , hidden]) => ({ capacity, hidden })) },
    mine,
  };
}

export type Arrival = { userId: string; arrivedMs: number; drawKey: number | null };

/**
 * Joins that came before the draw: a row each with the arrival instant and, for those that arrived
 * before the on-sale time, the random key the draw ranks them by (the rest are numbered after the
 * draw by arrival). No place yet: the draw gives it. Someone already in the queue keeps their row.
 */
export async function insertUndrawn(db: Tx, eventId: string, arrivals: Arrival[]): Promise<void> {
  if (arrivals.length === 0) return;
  const json = JSON.stringify(arrivals.map((a) => ({ u: a.userId, t: a.arrivedMs, k: a.drawKey })));
  await db.execute(
    sql`insert into onsale_queue (event_id, user_id, draw_key, joined_at)
      select ${eventId}::uuid, x.u, x.k, to_timestamp(x.t / 1000.0)
      from json_to_recordset(${json}::json) as x(u uuid, t float8, k float8)
      on conflict (event_id, user_id) do nothing`,
  );
}

/**
 * Joins after the draw: the next places at the back, in arrival order, for the whole batch with one
 * UPDATE of the room row (`last_place + n`), so the row's lock is taken once per batch, not per
 * buyer. A buyer whose row another process made in the meantime keeps it (that place is skipped: a
 * gap costs the front one slot, nobody their place).
 */
export async function placeManyAtBack(db: Tx, eventId: string, arrivals: Arrival[]): Promise<void> {
  if (arrivals.length === 0) return;
  const ordered = [...arrivals].sort((a, b) => a.arrivedMs - b.arrivedMs);
  const json = JSON.stringify(ordered.map((a, i) => ({ u: a.userId, o: i })));
  await db.execute(
    sql`with fresh as (
        select x.u, row_number() over (order by x.o) as n, count(*) over () as total
        from json_to_recordset(${json}::json) as x(u uuid, o int)
        where not exists (select 1 from onsale_queue q where q.event_id = ${eventId}::uuid and q.user_id = x.u)
      ), room as (
        update onsale_rooms set last_place = last_place + (select count(*) from fresh)
        where event_id = ${eventId}::uuid and drawn_at is not null and exists (select 1 from fresh)
        returning last_place
      )
      insert into onsale_queue (event_id, user_id, place)
      select ${eventId}::uuid, fresh.u, (room.last_place - fresh.total + fresh.n)::int from fresh cross join room
      on conflict (event_id, user_id) do nothing`,
  );
}

/** Starts the turn of every buyer in `userIds` who has none yet (the first writer wins). */
export async function markManyAdmitted(db: Tx, eventId: string, userIds: string[]): Promise<void> {
  if (userIds.length === 0) return;
  await db.execute(
    sql`update onsale_queue set admitted_at = now()
      where event_id = ${eventId}::uuid and user_id = any(${idArray(userIds)}) and admitted_at is null`,
  );
}
