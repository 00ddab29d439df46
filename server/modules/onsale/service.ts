import { ONSALE_MESSAGES, type OnsalePlace, type OnsaleRoom } from '../../../contract/onsale';
import type { Tx } from '../../db/query';
import { HttpError } from '../../http/errors';
import { MESSAGES } from '../orders/messages';
import { countInDraw, drawIfDue, joinDraw, markAdmitted, placeAtBack, type RoomRead, readRoom } from './data';
import type { PassKeeper } from './pass';
import { admittedBy, type RoomSettings, rateOf, retryAfter, roomOn, seatsOf, turnAt } from './room';

/**
 * The waiting room's flows (decision 059): join, and "where am I". Each reads the state from the
 * database (one statement), settles what the clock says is due (the draw, a place, the turn's start)
 * with one conditional write at most, and answers. Nothing is kept between requests.
 */

export type OnsaleDeps = { db: Tx; settings: RoomSettings; passes: PassKeeper };

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** Seats anyone can still buy now; Infinity when a visible type is unlimited. */
function seatsLeft(r: RoomRead): number {
  if (r.capacity !== null) return r.capacity - r.sold;
  const seats = seatsOf(r, r.types);
  return seats === null ? Number.POSITIVE_INFINITY : seats - r.soldOfLimited;
}

const isOn = (r: RoomRead, s: RoomSettings) =>
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

async function mustRead(db: Tx, eventId: string, userId: string | null): Promise<RoomRead> {
  const r = await readRoom(db, eventId, userId);
  if (r?.status !== 'published') throw new HttpError(404, MESSAGES.eventNotFound);
  return r;
}

/** GET /api/onsale/:eventId/room: what the event page needs to send Get Tickets through the queue. */
export async function room(deps: OnsaleDeps, eventId: string): Promise<OnsaleRoom> {
  const r = await mustRead(deps.db, eventId, null);
  return {
    eventId,
    on: isOn(r, deps.settings),
    opensAt: iso(r.opensMs),
    admitPerSecond: rateOf(r, deps.settings),
    soldOut: seatsLeft(r) <= 0,
  };
}

/** POST /api/onsale/:eventId/join: a place for this account (the same one when asked again). */
export async function join(deps: OnsaleDeps, eventId: string, userId: string): Promise<OnsalePlace> {
  const { db } = deps;
  const r = await mustRead(db, eventId, userId);
  if (!isOn(r, deps.settings)) return place(deps, eventId, userId, r);
  if (!r.verified) throw new HttpError(403, ONSALE_MESSAGES.verifyFirst);
  if (!r.joined) {
    const opened = r.opensMs !== null && r.nowMs >= r.opensMs;
    const inDraw = !opened && (await joinDraw(db, eventId, userId));
    if (!inDraw) {
      // Drawn already (the usual case after opening): no transaction on the room row just to find out.
      if (!r.drawn) await drawIfDue(db, eventId);
      await placeAtBack(db, eventId, userId, 'new');
    }
  } else if (stateOf(r, deps.settings).state === 'expired') {
    // The turn passed unused: joining again queues at the back, never at the old place.
    await placeAtBack(db, eventId, userId, 'requeue');
  }
  return place(deps, eventId, userId);
}

/** GET /api/onsale/:eventId: where this account stands, settling what the clock made due. */
export async function place(
  deps: OnsaleDeps,
  eventId: string,
  userId: string,
  already?: RoomRead,
): Promise<OnsalePlace> {
  const { db } = deps;
  let r = already ?? (await mustRead(db, eventId, userId));
  if (isOn(r, deps.settings) && r.joined && r.opensMs !== null && r.nowMs >= r.opensMs) {
    let changed = false;
    if (r.place === null) {
      if (!r.drawn) await drawIfDue(db, eventId);
      r = await mustRead(db, eventId, userId);
      // A pre-opening join that committed just after the draw: the next place at the back.
      if (r.place === null) await placeAtBack(db, eventId, userId, 'unplaced');
      changed = r.place === null;
    }
    const s = changed ? null : stateOf(r, deps.settings);
    if (s?.state === 'dueNow') {
      await markAdmitted(db, eventId, userId);
      changed = true;
    }
    if (changed) r = await mustRead(db, eventId, userId);
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
    estimateSeconds = toOpen + inDraw / rate;
    // Everyone in the draw asks just after opening: spread over up to 10 s (a quarter of the draw's
    // length at the rate, at least 3 s), so a big draw is not one burst; the first places lose at
    // most that, and their turn's clock only starts when they ask.
    const spread = Math.min(10, Math.max(3, inDraw / rate / 4));
    retryAfterSeconds =
      toOpen > 30 ? retryAfter(toOpen, jitter) : Math.round((toOpen + 0.5 + jitter * spread) * 10) / 10;
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
