import type { WaitingRoomMode } from '../../../contract/onsale';

/**
 * The waiting room's rules as pure functions of rows already read and a clock (decision 059): whether
 * the room is on, and how far the queue's front has moved. Any process computes the same from the
 * same rows, which is what lets a process die without anyone losing a place.
 */

export type RoomEvent = {
  onsaleAt: Date | null;
  waitingRoom: WaitingRoomMode;
  admitPerSecond: number | null;
  capacity: number | null;
};
export type RoomType = { capacity: number | null; hidden: boolean };
export type RoomSettings = {
  autoSeats: number;
  admitPerSecond: number;
  passSeconds: number;
  /** The draw runs this long after the on-sale time (joins that arrived before it are still in flight). */
  drawGraceSeconds: number;
};

/**
 * The seats an event can ever sell to the public: its overall capacity, else the sum of its visible
 * types' capacities; null when a visible type is unlimited (no scarcity, nothing to queue for).
 */
export function seatsOf(event: Pick<RoomEvent, 'capacity'>, types: RoomType[]): number | null {
  if (event.capacity !== null) return event.capacity;
  const visible = types.filter((t) => !t.hidden);
  if (visible.some((t) => t.capacity === null)) return null;
  return visible.reduce((sum, t) => sum + (t.capacity ?? 0), 0);
}

/**
 * On when the organiser says so, or on 'auto' for an event with more seats than the deployment's
 * threshold. Never without an on-sale time: the draw needs an instant to draw at.
 */
export function roomOn(
  event: RoomEvent,
  types: RoomType[],
  settings: Pick<RoomSettings, 'autoSeats'>,
): boolean {
  if (!event.onsaleAt || event.waitingRoom === 'off') return false;
  if (event.waitingRoom === 'on') return true;
  const seats = seatsOf(event, types);
  return seats !== null && seats > settings.autoSeats;
}

export const rateOf = (
  event: Pick<RoomEvent, 'admitPerSecond'>,
  settings: Pick<RoomSettings, 'admitPerSecond'>,
) => event.admitPerSecond ?? settings.admitPerSecond;

/**
 * How many places have been admitted at `nowMs`: the rate times the seconds since opening. Derived
 * from the clock, never counted in memory, so every process agrees and a restart changes nothing.
 */
export function admittedBy(opensAtMs: number, rate: number, nowMs: number): number {
  if (nowMs < opensAtMs) return 0;
  return Math.floor(((nowMs - opensAtMs) / 1000) * rate);
}

/** When place `place` (1-based) is admitted: the instant the front reaches it. */
export function turnAt(opensAtMs: number, rate: number, place: number): number {
  return opensAtMs + Math.ceil((place * 1000) / rate);
}

/**
 * When to ask again: often near one's turn, rarely far from it, so 100,000 waiting phones cost the
 * server little. A spread (jitter) keeps them from arriving in step. Before opening, the page asks
 * again just after the opening instant (the draw), spread over a few seconds.
 */
export function retryAfter(secondsToGo: number, jitter: number): number {
  const base = Math.min(30, Math.max(2, secondsToGo / 3));
  return Math.round((base + jitter * Math.min(5, base / 2)) * 10) / 10;
}
