import { instantToLagos } from '../../../contract/lagosTime';
import { ONSALE_MESSAGES } from '../../../contract/onsale';
import type { CreateOrderRequest } from '../../../contract/orders';
import { HttpError } from '../../http/errors';
import type { TicketSigner } from '../issued-tickets/signing';
import { PASS_PURPOSE, type PassKeeper, passKeeper } from './pass';
import { type RoomEvent, type RoomSettings, type RoomType, roomOn } from './room';

/**
 * The checkout's side of the waiting room (decision 059), run by the reservation batch's screening
 * on the event row it has already read: no extra query, so a flash sale without a room pays one
 * comparison and a sale with one pays one HMAC per order.
 */

const keepers = new WeakMap<TicketSigner, PassKeeper>();

/** The pass keeper for a signer: the same key in every process that holds the ticket signing key. */
export function passesOf(signer: TicketSigner): PassKeeper {
  let keeper = keepers.get(signer);
  if (!keeper) {
    keeper = passKeeper(signer.secretFor(PASS_PURPOSE));
    keepers.set(signer, keeper);
  }
  return keeper;
}

export type OnsaleGate = (
  event: RoomEvent,
  types: RoomType[],
  userId: string,
  body: Pick<CreateOrderRequest, 'eventId' | 'onsalePass'>,
  nowMs: number,
) => void;

/** Refuses a new order before the on-sale time (409) and, while the room is on, without a live pass (403). */
export function onsaleGate(settings: RoomSettings, passes: PassKeeper): OnsaleGate {
  return (event, types, userId, body, nowMs) => {
    if (!event.onsaleAt) return;
    if (nowMs < event.onsaleAt.getTime())
      throw new HttpError(409, ONSALE_MESSAGES.notYet(instantToLagos(event.onsaleAt).replace('T', ' ')));
    if (!roomOn(event, types, settings)) return;
    const check = passes.check(body.eventId, userId, body.onsalePass, nowMs);
    if (check.ok) return;
    if (check.reason === 'missing') throw new HttpError(403, ONSALE_MESSAGES.passNeeded);
    if (check.reason === 'expired') throw new HttpError(403, ONSALE_MESSAGES.passExpired);
    throw new HttpError(403, ONSALE_MESSAGES.passInvalid);
  };
}
