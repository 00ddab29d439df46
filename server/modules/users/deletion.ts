import { and, eq, gte, inArray, isNotNull, notInArray, or, sql } from 'drizzle-orm';
import { instantToLagos } from '../../../contract/lagosTime';
import type { SessionUser } from '../../context';
import type { Tx } from '../../db/query';
import {
  emailTokens,
  events,
  issuedTickets,
  orders,
  passwordResetCodes,
  paymentAttempts,
  payoutAccounts,
  sessions,
  testPayments,
  ticketTypes,
  users,
} from '../../db/schema';
import { HttpError } from '../../http/errors';
import { newToken } from '../auth/tokens';
import { releaseImages } from '../images/ownership';
import { type Deps, findById } from './lookup';
import { MESSAGES } from './messages';
import { hashPassword, verifyPassword } from './password';

/** Order statuses that mean money moved (or must move back): such orders are never deleted. */
const MONEY_STATUSES = ['paid', 'refund_due', 'refunded'] as const;

/**
 * Deleting an account removes the person, never the money records (decision 024):
 *
 * - Refused (409, nothing changes) while one of their events still to come has sales (sold seats,
 *   a paid order or a payment under way), or while a refund is in progress on an order they bought
 *   or one of their events (refund due, or a refund pending or failed-and-retried with the provider).
 * - Their events without any money record go, with their abandoned checkouts, as before.
 * - Events with money records stay (orders, payment attempts and refunds need their event); any
 *   still to come are taken off sale. Their user row then stays too, anonymised (the events point
 *   at it); otherwise it is deleted.
 * - Orders they bought stay, with their name, email and phone replaced; so do the tickets issued
 *   in their name and the test provider's copy of their email.
 * - Sessions, email links, reset codes and the payout account (bank details) go.
 * - Image files go last, and only those no remaining row still uses (a duplicated event shares
 *   its source's poster until it is replaced).
 */
export async function deleteAccount(deps: Deps, session: SessionUser, password: string): Promise<string> {
  const user = await findById(deps, session.id);
  if (!(await verifyPassword(user.passwordHash, password))) throw new HttpError(400, MESSAGES.wrongPassword);
  // Made before the transaction (argon2 takes a while): the anonymised row's password, never told.
  const unusableHash = await hashPassword(newToken());
  const today = instantToLagos(new Date()).slice(0, 10);

  const imageKeys = await deps.db.transaction(async (tx) => {
    const own = tx.select({ id: events.id }).from(events).where(eq(events.organiserId, user.id));
    // Lock the ticket types first: a sale racing this deletion waits, then finds nothing to sell.
    await tx
      .select({ id: ticketTypes.id })
      .from(ticketTypes)
      .where(inArray(ticketTypes.eventId, own))
      .for('update');

    await refuseWhileMoneyIsMoving(tx, user.id, today);

    // Events with any money record: an order that reached money, or any payment attempt.
    const withMoney = await tx
      .selectDistinct({ id: orders.eventId })
      .from(orders)
      .leftJoin(paymentAttempts, eq(paymentAttempts.orderId, orders.id))
      .where(
        and(
          inArray(orders.eventId, own),
          or(inArray(orders.status, [...MONEY_STATUSES]), isNotNull(paymentAttempts.id)),
        ),
      );
    const keptIds = withMoney.map((r) => r.id);
    const gone = tx
      .select({ id: events.id })
      .from(events)
      .where(
        and(eq(events.organiserId, user.id), keptIds.length ? notInArray(events.id, keptIds) : undefined),
      );
    const ticketImages = await tx
      .select({ key: ticketTypes.imageKey })
      .from(ticketTypes)
      .where(inArray(ticketTypes.eventId, gone));
    // Their orders are abandoned checkouts (no payment attempt, never paid); items cascade.
    await tx.delete(orders).where(inArray(orders.eventId, gone));
    const eventImages = await tx
      .delete(events)
      .where(inArray(events.id, gone))
      .returning({ key: events.imageKey });
    if (keptIds.length) {
      // Kept for their money records; none still to come stays on sale without its organiser.
      await tx
        .update(events)
        .set({ status: 'draft', salesPaused: true, updatedAt: sql`now()` })
        .where(and(inArray(events.id, keptIds), gte(events.endDate, today)));
    }

    await anonymiseOrdersOf(tx, user.id, user.email);

    await tx.delete(payoutAccounts).where(eq(payoutAccounts.userId, user.id));
    if (keptIds.length) {
      await tx.delete(sessions).where(eq(sessions.userId, user.id));
      await tx.delete(emailTokens).where(eq(emailTokens.userId, user.id));
      await tx.delete(passwordResetCodes).where(eq(passwordResetCodes.userId, user.id));
      const tag = user.id.replaceAll('-', '');
      await tx
        .update(users)
        .set({
          firstName: 'Deleted',
          lastName: 'account',
          username: `deleted_${tag}`,
          email: `deleted-${tag}@deleted.invalid`,
          pendingEmail: null,
          passwordHash: unusableHash,
          emailVerifiedAt: null,
          updatedAt: sql`now()`,
        })
        .where(eq(users.id, user.id));
    } else {
      // Sessions, email links and reset codes cascade from the user row; their orders keep null.
      await tx.delete(users).where(eq(users.id, user.id));
    }

    return [...eventImages, ...ticketImages].map((row) => row.key);
  });
  // Files go only after the rows are gone for good (a crash here leaves an unused file, never a row
  // pointing at a missing one), and only those no other row still shows: the one rule of releaseImages.
  await releaseImages(deps, imageKeys);
  return MESSAGES.accountDeleted;
}

async function refuseWhileMoneyIsMoving(tx: Tx, userId: string, today: string) {
  const upcoming = tx
    .select({ id: events.id })
    .from(events)
    .where(and(eq(events.organiserId, userId), gte(events.endDate, today)));
  const [sold] = await tx
    .select({ id: ticketTypes.id })
    .from(ticketTypes)
    .where(and(inArray(ticketTypes.eventId, upcoming), sql`${ticketTypes.sold} > 0`))
    .limit(1);
  const [selling] = await tx
    .select({ id: orders.id })
    .from(orders)
    .leftJoin(paymentAttempts, eq(paymentAttempts.orderId, orders.id))
    .where(
      and(
        inArray(orders.eventId, upcoming),
        or(
          inArray(orders.status, ['paid', 'refund_due']),
          inArray(paymentAttempts.status, ['pending', 'success']),
        ),
      ),
    )
    .limit(1);
  if (sold || selling) throw new HttpError(409, MESSAGES.hasUpcomingSales);

  const own = tx.select({ id: events.id }).from(events).where(eq(events.organiserId, userId));
  const [refunding] = await tx
    .select({ id: orders.id })
    .from(orders)
    .leftJoin(paymentAttempts, eq(paymentAttempts.orderId, orders.id))
    .where(
      and(
        or(eq(orders.buyerUserId, userId), inArray(orders.eventId, own)),
        or(eq(orders.status, 'refund_due'), inArray(paymentAttempts.refundStatus, ['pending', 'failed'])),
      ),
    )
    .limit(1);
  if (refunding) throw new HttpError(409, MESSAGES.refundInProgress);
}

/** The orders this person bought stay for the books; who they were does not. */
async function anonymiseOrdersOf(tx: Tx, userId: string, email: string) {
  const bought = await tx
    .select({ id: orders.id, attendees: orders.attendees })
    .from(orders)
    .where(eq(orders.buyerUserId, userId));
  const mine = (e: string) => e.trim().toLowerCase() === email.trim().toLowerCase();
  for (const order of bought) {
    const anonymous = `deleted-${order.id.replaceAll('-', '')}@deleted.invalid`;
    await tx
      .update(orders)
      .set({
        buyerUserId: null,
        buyerFirstName: 'Deleted',
        buyerLastName: 'account',
        buyerEmail: anonymous,
        buyerPhone: '',
        emailUpdates: false,
        // Seats they sent to other people stay in those people's names; their own seats do not.
        attendees: order.attendees.map((a) =>
          mine(a.email) ? { ...a, firstName: 'Deleted', lastName: 'account', email: anonymous } : a,
        ),
        updatedAt: sql`now()`,
      })
      .where(eq(orders.id, order.id));
    await tx
      .update(issuedTickets)
      .set({ attendeeFirstName: 'Deleted', attendeeLastName: 'account', attendeeEmail: anonymous })
      .where(
        and(
          eq(issuedTickets.orderId, order.id),
          sql`lower(${issuedTickets.attendeeEmail}) = ${email.trim().toLowerCase()}`,
        ),
      );
    await tx.update(testPayments).set({ email: anonymous }).where(eq(testPayments.orderId, order.id));
  }
}
