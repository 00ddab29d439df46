import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod/mini';
import { lagosToInstant } from '../../../contract/lagosTime';
import { nairaToKobo } from '../../../contract/money';
import type { createTicketRequest, OrganiserTicket, updateTicketRequest } from '../../../contract/tickets';
import { isStorageKey } from '../../adapters/storage';
import type { AppDeps } from '../../context';
import { discountCodes, ticketTypes } from '../../db/schema';
import { HttpError } from '../../http/errors';
import { manageableEvent, manageableTicketType } from '../access/eventAccess';
import { closeWithDate, dateOfType } from '../event-dates/service';
import { assertOwnImage, releaseImages } from '../images/ownership';
import { soldByTicketType, ticketTypeHasOrders } from '../management/orderQueries';
import { payoutForTicket } from '../payouts/service';
import { toOrganiserTicket } from './views';

type CreateInput = z.output<typeof createTicketRequest>;
type UpdateInput = z.output<typeof updateTicketRequest>;

export { ONLY_OWNER_PAYOUTS, OWNER_PAYOUT_NEEDED } from '../payouts/service';

export const TICKET_HAS_SALES =
  'Tickets of this type have been sold, so it cannot be deleted. You can change its quantity or sales window instead.';

export const TABLE_HAS_SALES =
  'Tables of this type have been sold, so its guests per table and how they enter cannot change. Add a new ticket type instead.';

/** `/api/images/tickets/<file>` (as the upload answered) → its storage key; anything else is refused. */
function imageKeyFromUrl(image: string | null | undefined): string | null | undefined {
  if (image === undefined) return undefined;
  if (image === null || image === '') return null;
  const key = image.replace(/^\/api\/images\//, '').split('?')[0]!;
  if (!key.startsWith('tickets/') || !isStorageKey(key)) {
    throw new HttpError(400, 'Ticket image must be an image uploaded to Gatepass');
  }
  return key;
}

/**
 * The image key the form asks for, checked: well formed, and uploaded by the caller (someone else's
 * key is refused, so replacing or deleting this type can never remove their file). The type's own
 * current image passes as it is: the edit form sends it back unchanged.
 */
async function ownImageKey(
  deps: AppDeps,
  userId: string,
  image: string | null | undefined,
  current: string | null = null,
) {
  const key = imageKeyFromUrl(image);
  if (key && key !== current) await assertOwnImage(deps.db, key, userId);
  return key;
}

const windowEdge = (value: string | null | undefined) => (value ? lagosToInstant(value) : null);

/** Columns from the ticket form (shared by create and update). */
function ticketColumns(input: CreateInput | UpdateInput) {
  const paid = input.ticketType === 'paid';
  return {
    ticketName: input.ticketName,
    ticketDescription: input.ticketDescription ?? '',
    ticketType: input.ticketType,
    ticketStock: input.ticketStock,
    capacity: input.ticketStock === 'limited' ? (input.availableTickets ?? null) : null,
    purchaseLimit: input.purchaseLimit,
    benefits: input.benefits,
    priceKobo: paid ? nairaToKobo(input.ticketPrice ?? 0) : 0,
    salesFrom: windowEdge(input.onSaleFrom),
    salesUntil: windowEdge(input.onSaleUntil),
    // Left as it is when a form does not say (an older client's edit must not unhide a type).
    ...(input.hidden === undefined ? {} : { hidden: input.hidden }),
    // A table for N (decision 067); left as it is when a form does not say.
    ...(input.tableSize === undefined ? {} : { tableSize: input.tableSize }),
    ...(input.tableOneCode === undefined ? {} : { tableOneCode: input.tableOneCode }),
  };
}

/**
 * 'Add ticket' on the wizard and the management page. A paid ticket needs the event owner's saved
 * payout account; the form never sets one (decision 053), so nothing is created without it.
 */
export async function createTicket(
  deps: AppDeps,
  userId: string,
  input: CreateInput,
): Promise<OrganiserTicket> {
  const event = await manageableEvent(deps.db, input.eventId, userId);
  const imageKey = await ownImageKey(deps, userId, input.image);
  // Payouts are the owner's alone (decisions 043, 053): every paid type is paid out to the owner's
  // saved account.
  await payoutForTicket(deps, event, userId, input);
  const [row] = await deps.db
    .insert(ticketTypes)
    .values({ eventId: input.eventId, ...ticketColumns(input), imageKey: imageKey ?? null })
    .returning();
  return toOrganiserTicket(row!, 0);
}

/**
 * Edits a ticket type. For limited stock `availableTickets` is the new total for sale, which cannot
 * fall below what is already sold or held.
 */
export async function updateTicket(
  deps: AppDeps,
  userId: string,
  ticketId: string,
  input: UpdateInput,
): Promise<OrganiserTicket> {
  const { ticket, event } = await manageableTicketType(deps.db, ticketId, userId);
  const imageKey = await ownImageKey(deps, userId, input.image, ticket.imageKey);
  const columns = ticketColumns(input);
  // A dated type's sales still close when its date ends (decision 046), whatever the form says.
  const date = await dateOfType(deps.db, ticket.eventDateId);
  if (date) columns.salesUntil = closeWithDate(columns.salesUntil, date);
  const paidSold = (await soldByTicketType(deps.db, event.id)).get(ticket.id) ?? 0;
  const taken = Math.max(ticket.sold, paidSold);
  // Tables already sold were issued as N tickets each: N, and how they enter, stay as they were sold.
  const tableChanged =
    (columns.tableSize !== undefined && (columns.tableSize ?? null) !== ticket.tableSize) ||
    (columns.tableOneCode !== undefined && columns.tableOneCode !== ticket.tableOneCode);
  if (tableChanged && (taken > 0 || ticket.tablesNumbered > 0)) throw new HttpError(409, TABLE_HAS_SALES);
  if (columns.capacity !== null && columns.capacity < taken) {
    throw new HttpError(
      409,
      `${taken} ${ticket.ticketName} ticket${taken === 1 ? ' is' : 's are'} already sold or held, so the quantity cannot be lower than ${taken}.`,
    );
  }
  await payoutForTicket(deps, event, userId, input);
  // The same conditional as checkout's: never below what is sold, even if a sale lands meanwhile.
  const [row] = await deps.db
    .update(ticketTypes)
    .set({ ...columns, ...(imageKey === undefined ? {} : { imageKey }) })
    .where(
      columns.capacity === null
        ? eq(ticketTypes.id, ticketId)
        : sql`${ticketTypes.id} = ${ticketId} and ${ticketTypes.sold} <= ${columns.capacity}`,
    )
    .returning();
  if (!row) throw new HttpError(409, 'Tickets were sold while you edited; reload and try again.');
  if (imageKey !== undefined && ticket.imageKey !== imageKey) await releaseImages(deps, [ticket.imageKey]);
  return toOrganiserTicket(row, paidSold);
}

/** Deletes a ticket type nobody has bought or reserved; refused with a message once any order holds it. */
export async function deleteTicket(deps: AppDeps, userId: string, ticketId: string): Promise<void> {
  const { ticket } = await manageableTicketType(deps.db, ticketId, userId);
  if (ticket.sold > 0 || (await ticketTypeHasOrders(deps.db, ticketId)))
    throw new HttpError(409, TICKET_HAS_SALES);
  await deps.db.transaction(async (tx) => {
    // Discount codes limited to this type forget it; a code for this type alone goes with it (an
    // empty list would mean "every type"). No order used them: the type has none.
    await tx.delete(discountCodes).where(sql`${discountCodes.ticketTypeIds} = array[${ticketId}::uuid]`);
    await tx
      .update(discountCodes)
      .set({ ticketTypeIds: sql`array_remove(${discountCodes.ticketTypeIds}, ${ticketId}::uuid)` })
      .where(sql`${ticketId}::uuid = any(${discountCodes.ticketTypeIds})`);
    await tx.delete(ticketTypes).where(sql`${ticketTypes.id} = ${ticketId} and ${ticketTypes.sold} = 0`);
  });
  await releaseImages(deps, [ticket.imageKey]);
}
