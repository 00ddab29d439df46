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
};

export const NOT_ALLOWED_TO_SELL = 'The organiser has not allowed this check-in link to sell tickets.';

/**
 * onRequest guard of the selling routes: whoever may scan (requireScanner: the owner, a co-organiser
 * or door supervisor signed in, or a live check-in link of this event), and for a link, only if the
 * owner allowed that link to sell (403 otherwise).
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
    if (!link?.canSell) throw new HttpError(403, NOT_ALLOWED_TO_SELL);
  };
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
  };
}
