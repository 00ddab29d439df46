import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../../db/client';
import { isUuid } from '../../db/query';
import { events, eventTeamActivity, orders, ticketTypes, users } from '../../db/schema';
import { type EventRole, roleOn } from '../access/eventAccess';

/**
 * The team's activity log (decision 043): every action a team member takes on an event is recorded
 * (who, what, on what, when) for the owner. One table of the actions worth recording, by route;
 * the event is found before the handler runs (a deleted ticket type still names its event), the
 * row is written only when the route answered 2xx, before the answer leaves. The owner's own
 * actions are not recorded. Targets are ids, never a ticket code or token.
 */
type Action = {
  label: string;
  target?: 'discountId' | 'accessCodeId' | 'linkId' | 'ticketId' | 'orderId' | 'questionId';
};

const ACTIONS: Record<string, Action> = {
  'PUT /events/:eventId': { label: 'Edited the event details' },
  'POST /events/:eventId/publish': { label: 'Published the event' },
  'POST /events/:eventId/unpublish': { label: 'Unpublished the event' },
  'POST /events/:eventId/sales': { label: 'Paused or reopened sales' },
  'PUT /events/:eventId/ticket-email': { label: 'Changed the ticket email message' },
  'PUT /events/:eventId/ticket-changes': { label: 'Changed the ticket transfer settings' },
  'POST /events/:eventId/test-email': { label: 'Sent a test ticket email' },
  'POST /events/:eventId/duplicate': { label: 'Duplicated the event' },
  'PUT /events/update-image/:eventId': { label: 'Changed the poster' },
  'GET /events/:eventId/guestlist.csv': { label: 'Exported the guest list (CSV)' },
  'GET /events/:eventId/sales.csv': { label: 'Exported sales (CSV)' },
  'POST /events/:eventId/discounts': { label: 'Created a discount code' },
  'PUT /events/:eventId/discounts/:discountId': { label: 'Edited a discount code', target: 'discountId' },
  'DELETE /events/:eventId/discounts/:discountId': { label: 'Deleted a discount code', target: 'discountId' },
  'POST /events/:eventId/access-codes': { label: 'Created an access code' },
  'DELETE /events/:eventId/access-codes/:accessCodeId': {
    label: 'Deleted an access code',
    target: 'accessCodeId',
  },
  'POST /events/:eventId/questions': { label: 'Added a checkout question' },
  'PUT /events/:eventId/questions/:questionId': { label: 'Edited a checkout question', target: 'questionId' },
  'DELETE /events/:eventId/questions/:questionId': {
    label: 'Deleted a checkout question',
    target: 'questionId',
  },
  'POST /events/:eventId/questions/:questionId/move': { label: 'Reordered the checkout questions' },
  'POST /events/:eventId/dates': { label: 'Added dates' },
  'DELETE /events/:eventId/dates/:dateId': { label: 'Removed a date' },
  'POST /events/:eventId/dates/copy-tickets': { label: 'Copied ticket types to every date' },
  'POST /events/:eventId/checkin-links': { label: 'Created a check-in link' },
  'DELETE /events/:eventId/checkin-links/:linkId': { label: 'Revoked a check-in link', target: 'linkId' },
  'POST /checkin/:eventId': { label: 'Scanned a ticket' },
  'DELETE /checkin/:eventId/:code': { label: 'Undid a check-in' },
  'POST /checkin/:eventId/sync': { label: 'Uploaded offline scans' },
  'POST /tickets/create': { label: 'Added a ticket type' },
  'PUT /tickets/:ticketId': { label: 'Edited a ticket type', target: 'ticketId' },
  'DELETE /tickets/:ticketId': { label: 'Deleted a ticket type', target: 'ticketId' },
  'PUT /tickets/update-image/:ticketId': { label: 'Changed a ticket type picture', target: 'ticketId' },
  'PATCH /orders/:orderId/tickets/:code': { label: 'Corrected an attendee', target: 'orderId' },
  'POST /orders/:orderId/cancel': { label: 'Cancelled an order', target: 'orderId' },
  'POST /orders/:orderId/refunds': { label: 'Refunded an order', target: 'orderId' },
  'POST /orders/:orderId/resend': { label: "Resent an order's tickets", target: 'orderId' },
};

type Pending = { eventId: string; userId: string; role: EventRole; label: string; target: string | null };
const pending = new WeakMap<FastifyRequest, Pending>();

async function eventOf(db: Database, params: Record<string, string>, body: unknown) {
  const byId = async (table: typeof ticketTypes | typeof orders, id: string | undefined) => {
    if (!id || !isUuid(id)) return null;
    const [row] = await db.select({ eventId: table.eventId }).from(table).where(eq(table.id, id)).limit(1);
    return row?.eventId ?? null;
  };
  if (params.eventId) return isUuid(params.eventId) ? params.eventId : null;
  if (params.ticketId) return byId(ticketTypes, params.ticketId);
  if (params.orderId) return byId(orders, params.orderId);
  const fromBody = (body as { eventId?: unknown } | null)?.eventId;
  return typeof fromBody === 'string' && isUuid(fromBody) ? fromBody : null;
}

/** `hook` first, then the route's own (as an instance hook ran before them). */
function first<H>(hooks: H | H[] | undefined, hook: unknown): H[] {
  return hooks === undefined
    ? [hook as H]
    : Array.isArray(hooks)
      ? [hook as H, ...hooks]
      : [hook as H, hooks];
}

/**
 * Adds the two hooks to the routes of ACTIONS only, as the API instance registers them (install
 * before its routes): every other request — a flash sale's POST /orders — runs neither (decision 068).
 */
export function recordTeamActivity(api: FastifyInstance, db: Database, prefix: string) {
  api.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const path = route.url.slice(prefix.length);
    if (!methods.some((m) => ACTIONS[`${m} ${path}`])) return;
    route.preHandler = first(route.preHandler, before);
    route.onSend = first(route.onSend, after);
  });

  async function before(request: FastifyRequest) {
    const user = request.sessionUser;
    const url = request.routeOptions.url;
    if (!user || !url) return;
    const action = ACTIONS[`${request.method} ${url.slice(prefix.length)}`];
    if (!action) return;
    const params = (request.params ?? {}) as Record<string, string>;
    const eventId = await eventOf(db, params, request.body);
    if (!eventId) return;
    const [event] = await db
      .select({ id: events.id, organiserId: events.organiserId })
      .from(events)
      .where(eq(events.id, eventId))
      .limit(1);
    if (!event) return;
    const role = await roleOn(db, event, user.id);
    if (!role || role === 'organiser') return;
    const target = action.target ? (params[action.target] ?? null) : null;
    pending.set(request, { eventId, userId: user.id, role, label: action.label, target });
  }

  async function after(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
    const entry = pending.get(request);
    if (!entry || reply.statusCode >= 400) return payload;
    pending.delete(request);
    const [who] = await db
      .select({ firstName: users.firstName, lastName: users.lastName, email: users.email })
      .from(users)
      .where(eq(users.id, entry.userId));
    const actor = who ? `${who.firstName} ${who.lastName} (${who.email})` : 'A former member';
    await db.insert(eventTeamActivity).values({
      eventId: entry.eventId,
      userId: entry.userId,
      actor,
      role: entry.role,
      action: entry.label,
      target: entry.target,
    });
    return payload;
  }
}
