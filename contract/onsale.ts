import * as z from 'zod/mini';
import { idParam } from './common';
import { lagosDateTime } from './lagosTime';

/**
 * The on-sale waiting room (decision 059).
 *
 * Anyone:
 * - GET  /api/onsale/:eventId/room       → onsaleRoomResponse (is the room on, when does the sale open)
 * Signed-in buyers (a confirmed email: one place per verified account):
 * - POST /api/onsale/:eventId/join       → onsalePlaceResponse (idempotent: the same place again)
 * - GET  /api/onsale/:eventId            → onsalePlaceResponse ('notJoined' before joining)
 * Organiser (the event's managers):
 * - GET  /api/events/:eventId/onsale     → onsaleSettingsResponse
 * - PUT  /api/events/:eventId/onsale     onsaleSettingsRequest → onsaleSettingsResponse
 * While the room is on, POST /api/orders for the event needs `onsalePass` (the pass an admitted buyer
 * is handed here): 403 without one or with one that expired. Before the on-sale time nothing is sold
 * (409), room or not.
 */

export const WAITING_ROOM_MODES = ['auto', 'on', 'off'] as const;
export const waitingRoomMode = z.enum(WAITING_ROOM_MODES);
export type WaitingRoomMode = z.infer<typeof waitingRoomMode>;

export const ADMIT_PER_SECOND = { min: 1, max: 10_000 } as const;

export const onsaleEventParams = z.object({ eventId: idParam('Event id') });

/** A pass: `v1.<expiry, unix seconds>.<HMAC-SHA256, base64url>` (server/modules/onsale/pass.ts). */
export const onsalePass = z
  .string({ error: 'The queue pass must be text' })
  .check(z.regex(/^v1\.\d{1,12}\.[A-Za-z0-9_-]{43}$/, 'Not a queue pass'));

export const ONSALE_MESSAGES = {
  notYet: (opensLagos: string) => `Tickets go on sale at ${opensLagos} (Lagos time).`,
  passNeeded:
    'This sale has a waiting room: join the queue on the event page to get your turn, then buy with the pass it gives you.',
  passExpired:
    'Your turn in the queue has passed (the pass expired). Join the queue again from the event page.',
  passInvalid: 'That queue pass is not valid for this event and account.',
  verifyFirst: 'Confirm your email address to join the queue: one place per verified account.',
  drawnAlready: 'The on-sale time cannot move once the sale has opened and the queue has been drawn.',
  needsTime: 'Set an on-sale time to turn the waiting room on.',
} as const;

export const onsaleRoomResponse = z.object({
  eventId: z.string(),
  /** Buyers go through the queue (and checkout asks for a pass). */
  on: z.boolean(),
  /** ISO instant; null = on sale from publication. */
  opensAt: z.nullable(z.string()),
  admitPerSecond: z.int(),
  soldOut: z.boolean(),
});
export type OnsaleRoom = z.infer<typeof onsaleRoomResponse>;

/**
 * Where a buyer stands. `closed`: there is no room, go and buy. `draw`: joined before opening, the
 * place is drawn at opening. `waiting`: has a place, not yet admitted. `admitted`: `pass` is valid
 * until `passExpiresAt`. `expired`: the turn came and went unused. `soldOut`: nothing left now (seats
 * that come back are offered to those admitted, so keep waiting). `notJoined`: no place yet.
 */
export const onsaleState = z.enum([
  'closed',
  'notJoined',
  'draw',
  'waiting',
  'admitted',
  'expired',
  'soldOut',
]);
export type OnsaleState = z.infer<typeof onsaleState>;

export const onsalePlaceResponse = z.object({
  eventId: z.string(),
  state: onsaleState,
  opensAt: z.nullable(z.string()),
  /** 1-based; null before the draw. */
  place: z.nullable(z.int()),
  /** People admitted so far (the queue's front). */
  admitted: z.int(),
  /** People in the draw so far (joined before opening). */
  inDraw: z.int(),
  admitPerSecond: z.int(),
  /** Seconds until this buyer's turn, from the rate (0 when admitted); before opening, to the latest turn. */
  estimateSeconds: z.nullable(z.number()),
  pass: z.nullable(z.string()),
  passExpiresAt: z.nullable(z.string()),
  /** When to ask again; the page adds its own backoff on errors. */
  retryAfterSeconds: z.number(),
  /** The server's clock (ISO), so the page counts down against it, not the phone's. */
  serverTime: z.string(),
});
export type OnsalePlace = z.infer<typeof onsalePlaceResponse>;

export const onsaleSettingsRequest = z.object({
  /** Lagos wall-clock 'YYYY-MM-DDTHH:MM', or null for on sale from publication. */
  opensAt: z.nullable(lagosDateTime('On-sale time')),
  waitingRoom: waitingRoomMode,
  /** null = the deployment's rate. */
  admitPerSecond: z.nullable(
    z
      .int('Admissions per second must be a whole number')
      .check(
        z.minimum(ADMIT_PER_SECOND.min, `At least ${ADMIT_PER_SECOND.min} a second`),
        z.maximum(ADMIT_PER_SECOND.max, `At most ${ADMIT_PER_SECOND.max} a second`),
      ),
  ),
});
export type OnsaleSettingsRequest = z.infer<typeof onsaleSettingsRequest>;

export const onsaleSettingsResponse = z.object({
  /** Lagos wall-clock, as the organiser typed it. */
  opensAt: z.nullable(z.string()),
  waitingRoom: waitingRoomMode,
  admitPerSecond: z.nullable(z.int()),
  /** What applies now: the room is on (auto counts the seats against `autoSeats`). */
  roomOn: z.boolean(),
  seats: z.nullable(z.int()),
  autoSeats: z.int(),
  deploymentAdmitPerSecond: z.int(),
  /** Places given so far (0 before anyone joined). */
  queued: z.int(),
});
export type OnsaleSettings = z.infer<typeof onsaleSettingsResponse>;
