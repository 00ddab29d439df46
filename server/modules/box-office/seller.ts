import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { checkinLinks, users } from '../../db/schema';
import { HttpError } from '../../http/errors';
import { requireScanner, scannerOf } from '../checkin/access';
import type { CheckinDeps } from '../checkin/deps';

/** Who sells at the door, on which device: what every sale and allowance records. */
export type Seller = {
  eventId: string;
  deviceId: string;
  device: string | null;
  /** The link's label, or null for a signed-in team member. */
  gate: string | null;
  linkId: string | null;
  userId: string | null;
  /** As the cash-up names them: the member's name, or the link's label. */
  staffName: string;
  /** A link limited to some types sells only those; null = every type of the event. */
  ticketTypeIds: string[] | null;
  /**
   * False for a link the owner stopped selling: its device may still upload what it sold within the
   * seats it held (the money was taken), but takes no seat beyond them and no new allowance.
   */
  selling: boolean;
};

export const NOT_ALLOWED_TO_SELL = 'The organiser has not allowed this check-in link to sell tickets.';

/** Links the owner has not allowed to sell (or stopped), by request: read once, by the guard. */
const stopped = new WeakSet<FastifyRequest>();

/**
 * onRequest guard of the selling routes: whoever may scan (requireScanner: the owner, a co-organiser
 * or door supervisor signed in, or a live check-in link of this event). A link the owner did not
 * allow to sell passes as `selling: false`: the route lets it upload only within seats its device
 * still holds (allowed once, then stopped) and refuses it otherwise (`refuseStoppedLink`).
 */
export function requireSeller(deps: CheckinDeps) {
  const scanner = requireScanner(deps);
  return async (request: FastifyRequest) => {
    await scanner(request);
    const who = scannerOf(request);
    if (who.kind !== 'link') return;
    const [link] = await deps.db
      .select({ canSell: checkinLinks.canSell })
      .from(checkinLinks)
      .where(eq(checkinLinks.id, who.linkId))
      .limit(1);
    if (!link?.canSell) stopped.add(request);
  };
}

/**
 * A link that may not sell is refused (403), unless it uploads sales from a device that held seats of
 * this event when the link could sell: those are answered one by one (recorded within the seats it
 * still held, 'duplicate' when sent before, refused beyond), so no sale is stuck on the device.
 */
export function refuseStoppedLink(seller: Seller, uploadsFromASeller: boolean) {
  if (!seller.selling && !uploadsFromASeller) throw new HttpError(403, NOT_ALLOWED_TO_SELL);
}

/** The seller of a request the guard let through, selling on `deviceId`. */
export async function sellerOf(
  deps: CheckinDeps,
  request: FastifyRequest,
  eventId: string,
  deviceId: string,
  device: string | null,
): Promise<Seller> {
  const who = scannerOf(request);
  if (who.kind === 'link') {
    return {
      eventId,
      deviceId,
      device,
      gate: who.gate,
      linkId: who.linkId,
      userId: null,
      staffName: who.gate,
      ticketTypeIds: who.ticketTypeIds,
      selling: !stopped.has(request),
    };
  }
  const [user] = await deps.db
    .select({ firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, who.userId))
    .limit(1);
  return {
    eventId,
    deviceId,
    device,
    gate: null,
    linkId: null,
    userId: who.userId,
    staffName: user ? `${user.firstName} ${user.lastName}`.trim() : 'Team member',
    ticketTypeIds: null,
    selling: true,
  };
}
