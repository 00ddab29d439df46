import { randomInt } from 'node:crypto';
import { ONSALE_MESSAGES, type OnsalePlace, type OnsaleRoom } from '../../../contract/onsale';
import type { Tx } from '../../db/query';
import { HttpError } from '../../http/errors';
import { MESSAGES } from '../orders/messages';
import {
  type Arrival,
  insertUndrawn,
  markManyAdmitted,
  NOBODY,
  placeManyAtBack,
  type RoomRead,
  type RoomShared,
  readMany,
} from './batchData';
import { Coalescer } from './coalesce';
import { countInDraw, drawIfDue, placeAtBack } from './data';
import type { PassKeeper } from './pass';
import { admittedBy, type RoomSettings, rateOf, retryAfter, roomOn, seatsOf, turnAt } from './room';

/**
 * The waiting room's flows (decision 059): join, and "where am I". Each reads the state from the
 * database, settles what the clock says is due (the draw, a place, the turn's start) with one
 * conditional write at most, and answers. Nothing is kept between requests. Concurrent requests of
 * one process for one event share their reads and writes (coalesce.ts): one statement per batch,
 * not per buyer, which is what lets a few processes take 100,000 arrivals in a minute.
 */

export type OnsaleDeps = {
  db: Tx;
  settings: RoomSettings;
  passes: PassKeeper;
  reads: Coalescer<null, RoomRead>;
  joins: Coalescer<number, true>;
  admits: Coalescer<null, true>;
  /** Runs the draw if due; one attempt per event at a time in this process. */
  draw: (eventId: string) => Promise<void>;
};

const notFound = () => new HttpError(404, MESSAGES.eventNotFound);

/** The room's flows for one process: its database, settings, passes, and its batches. */
export function onsaleDeps(db: Tx, settings: RoomSettings, passes: PassKeeper): OnsaleDeps {
  const reads = new Coalescer<null, RoomRead>(async (eventId, inputs) => {
    const got = await readMany(db, eventId, [...inputs.keys()]);
    const out = new Map<string, RoomRead | Error>();
    for (const userId of inputs.keys())
      out.set(
        userId,
        got?.shared.status === 'published'
          ? { ...got.shared, ...(got.mine.get(userId) ?? NOBODY) }
          : notFound(),
      );
    return out;
  });
  const joins = new Coalescer<number, true>((eventId, arrivals) =>
    joinBatch(db, settings, eventId, arrivals),
  );
  const admits = new Coalescer<null, true>(async (eventId, inputs) => {
    await markManyAdmitted(db, eventId, [...inputs.keys()]);
    return new Map([...inputs.keys()].map((k) => [k, true as const]));
  });
  // At the draw's instant every waiting buyer asks at once: without this each of their requests
  // opened a transaction that queued on the room row's lock and held a pool connection meanwhile.
  const drawing = new Map<string, Promise<void>>();
  const draw = (eventId: string) => {
    let running = drawing.get(eventId);
    if (!running) {
      running = drawIfDue(db, eventId, settings.drawGraceSeconds).finally(() => drawing.delete(eventId));
      drawing.set(eventId, running);
    }
    return running;
  };
  return { db, settings, passes, reads, joins, admits, draw };
}

/**
 * One batch of joins for an event: one read of the event and every joiner, then at most one INSERT
 * for those before the draw and one for those after it. Before the draw a row keeps the arrival
 * instant (this process's clock when the request came in) and, when that was before the on-sale
 * time, a random key: the draw ranks by the key, then by arrival. After the draw, places at the back
 * by arrival. Unverified accounts get their 403; the rest resolve and read their place.
 */
async function joinBatch(
  db: Tx,
  settings: RoomSettings,
  eventId: string,
  arrivals: Map<string, number>,
): Promise<Map<string, true | Error>> {
  const out = new Map<string, true | Error>();
  const got = await readMany(db, eventId, [...arrivals.keys()]);
  if (got?.shared.status !== 'published') {
    for (const userId of arrivals.keys()) out.set(userId, notFound());
    return out;
  }
  const { shared } = got;
  const undrawn: Arrival[] = [];
  const back: Arrival[] = [];
  const requeue: string[] = [];
  for (const [userId, arrivedMs] of arrivals) {
    out.set(userId, true);
    if (!isOn(shared, settings)) continue;
    const mine = got.mine.get(userId) ?? NOBODY;
    if (!mine.verified) out.set(userId, new HttpError(403, ONSALE_MESSAGES.verifyFirst));
    else if (mine.joined) {
      // The turn passed unused: joining again queues at the back, never at the old place.
      if (stateOf({ ...shared, ...mine }, settings).state === 'expired') requeue.push(userId);
    } else {
      const early = shared.opensMs !== null && arrivedMs < shared.opensMs;
      (shared.drawn ? back : undrawn).push({ userId, arrivedMs, drawKey: early ? drawKey() : null });
    }
  }
  await insertUndrawn(db, eventId, undrawn);
  await placeManyAtBack(db, eventId, back);
  for (const userId of requeue) await placeAtBack(db, eventId, userId, 'requeue');
  return out;
}

/**
 * 2^48 - 1 values (randomInt's ceiling): ties are practically impossible, and the arrival instant
 * then the user id break any that happen. From the CSPRNG, so no one can predict or steer the draw.
 */
const drawKey = () => randomInt(2 ** 48 - 1) / 2 ** 48;

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** Seats anyone can still buy now; Infinity when a visible type is unlimited. */
function seatsLeft(r: RoomShared): number {
  if (r.capacity !== null) return r.capacity - r.sold;
  const seats = seatsOf(r, r.types);
  return seats === null ? Number.POSITIVE_INFINITY : seats - r.soldOfLimited;
}

const isOn = (r: RoomShared, s: RoomSettings) =>
  roomOn({ ...r, onsaleAt: r.opensMs === null ? null : new Date(r.opensMs) }, r.types, s);

/** The draw's size, cached a few seconds per process: a display figure, not a rule. */
const drawSizes = new Map<string, { n: number; until: number }>();
async function drawSize(db: Tx, eventId: string, nowMs: number): Promise<number> {
  const hit = drawSizes.get(eventId);
  if (hit && hit.until > nowMs) return hit.n;
  const n = await countInDraw(db, eventId);
  if (drawSizes.size > 1000) drawSizes.clear();
  drawSizes.set(eventId, { n, until: nowMs + 5000 });
  return n;
}

/** GET /api/onsale/:eventId/room: what the event page needs to send Get Tickets through the queue. */
export async function room(deps: OnsaleDeps, eventId: string): Promise<OnsaleRoom> {
  const got = await readMany(deps.db, eventId, []);
  if (got?.shared.status !== 'published') throw notFound();
  const r = got.shared;
  return {
    eventId,
    on: isOn(r, deps.settings),
    opensAt: iso(r.opensMs),
    admitPerSecond: rateOf(r, deps.settings),
    soldOut: seatsLeft(r) <= 0,
  };
}

/**
 * POST /api/onsale/:eventId/join: a place for this account (the same one when asked again).
 * `arrivedMs`: when the request reached this process, which decides "before the on-sale time".
 */
export async function join(
  deps: OnsaleDeps,
  eventId: string,
  userId: string,
  arrivedMs: number,
): Promise<OnsalePlace> {
  await deps.joins.ask(eventId, userId, arrivedMs);
  return place(deps, eventId, userId);
}

/** When the draw is due: the on-sale time plus the grace for joins still in flight. */
const drawAt = (opensMs: number, s: RoomSettings) => opensMs + s.drawGraceSeconds * 1000;

/** GET /api/onsale/:eventId: where this account stands, settling what the clock made due. */
export async function place(deps: OnsaleDeps, eventId: string, userId: string): Promise<OnsalePlace> {
  const { db, settings } = deps;
  let r = await deps.reads.ask(eventId, userId, null);
  if (isOn(r, settings) && r.joined && r.opensMs !== null && r.nowMs >= r.opensMs) {
    if (r.place === null) {
      if (!r.drawn && r.nowMs >= drawAt(r.opensMs, settings)) {
        await deps.draw(eventId);
        r = await deps.reads.ask(eventId, userId, null);
      } else if (r.drawn) {
        // A join that committed just after the draw's snapshot: the next place at the back.
        await placeAtBack(db, eventId, userId, 'unplaced');
        r = await deps.reads.ask(eventId, userId, null);
      }
    }
    if (r.place !== null && stateOf(r, settings).state === 'dueNow') {
      await deps.admits.ask(eventId, userId, null);
      r = await deps.reads.ask(eventId, userId, null);
    }
  }
  const inDraw = r.drawn ? r.drawnCount : await drawSize(db, eventId, r.nowMs);
  return present(deps, eventId, userId, r, inDraw);
}

type Standing =
  | { state: 'closed' | 'notJoined' | 'draw' | 'waiting' | 'soldOut' | 'dueNow'; admitted: number }
  | { state: 'admitted' | 'expired'; admitted: number; passExpiresMs: number };

/** Where the row stands by the clock. `dueNow`: admitted by the rate, but the turn has not started. */
function stateOf(r: RoomRead, s: RoomSettings): Standing {
  if (!isOn(r, s)) return { state: 'closed', admitted: 0 };
  const opens = r.opensMs ?? 0;
  const admitted = admittedBy(opens, rateOf(r, s), r.nowMs);
  if (!r.joined) return { state: 'notJoined', admitted };
  if (r.nowMs < opens || r.place === null) return { state: 'draw', admitted };
  const soldOut = seatsLeft(r) <= 0;
  if (r.admittedMs !== null) {
    const passExpiresMs = r.admittedMs + s.passSeconds * 1000;
    if (r.nowMs >= passExpiresMs) return { state: 'expired', admitted, passExpiresMs };
    // A live pass stays usable while sold out: seats that come back (holds ending) are its to take.
    return { state: 'admitted', admitted, passExpiresMs };
  }
  if (soldOut) return { state: 'soldOut', admitted };
  // The turn's clock starts when the buyer is there to take it, so a phone that was offline at its
  // turn still gets its full pass time when it comes back (while seats last).
  return r.place <= admitted ? { state: 'dueNow', admitted } : { state: 'waiting', admitted };
}

function present(
  deps: OnsaleDeps,
  eventId: string,
  userId: string,
  r: RoomRead,
  inDraw: number,
): OnsalePlace {
  const s = stateOf(r, deps.settings);
  const rate = rateOf(r, deps.settings);
  const opens = r.opensMs;
  const jitter = Math.random();
  let estimateSeconds: number | null = null;
  let retryAfterSeconds = 30;
  if (s.state === 'draw' && opens !== null) {
    // Before opening the place is unknown: the honest figure is when the last of the draw gets in.
    const toOpen = Math.max(0, (opens - r.nowMs) / 1000);
    const toDraw = Math.max(0, (drawAt(opens, deps.settings) - r.nowMs) / 1000);
    estimateSeconds = toOpen + inDraw / rate;
    // Everyone in the draw asks just after opening: spread over up to 10 s (a quarter of the draw's
    // length at the rate, at least 3 s), so a big draw is not one burst; the first places lose at
    // most that, and their turn's clock only starts when they ask.
    const spread = Math.min(10, Math.max(3, inDraw / rate / 4));
    retryAfterSeconds =
      toDraw > 30 ? retryAfter(toDraw, jitter) : Math.round((toDraw + 0.5 + jitter * spread) * 10) / 10;
  } else if ((s.state === 'waiting' || s.state === 'dueNow') && opens !== null && r.place !== null) {
    const toGo = Math.max(0, (turnAt(opens, rate, r.place) - r.nowMs) / 1000);
    estimateSeconds = Math.round(toGo);
    retryAfterSeconds = retryAfter(toGo, jitter);
  } else if (s.state === 'admitted') {
    estimateSeconds = 0;
    retryAfterSeconds = Math.max(2, Math.min(30, (s.passExpiresMs - r.nowMs) / 1000));
  }
  const admitted = s.state === 'admitted';
  return {
    eventId,
    state: s.state === 'dueNow' ? 'waiting' : s.state,
    opensAt: iso(opens),
    place: r.place,
    admitted: s.admitted,
    inDraw,
    admitPerSecond: rate,
    estimateSeconds,
    pass: admitted ? deps.passes.issue(eventId, userId, new Date(s.passExpiresMs)) : null,
    passExpiresAt: admitted ? iso(s.passExpiresMs) : null,
    retryAfterSeconds,
    serverTime: new Date(r.nowMs).toISOString(),
  };
}
