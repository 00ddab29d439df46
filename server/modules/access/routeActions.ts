import type { FastifyInstance } from 'fastify';
import { routesOf } from '../../http/routeCatalogue';
import type { ActionName } from './permissions';

/**
 * Every route under /api and the action it performs (decision 048): the table in permissions.ts
 * says who may. A table keyed by method and URL keeps the routes' own files as they were, and
 * checkRouteActions makes it complete: a route added without an entry here stops the app at start
 * (and so every test), as does an entry whose route is gone.
 */
export const ROUTE_ACTIONS: Record<string, ActionName> = {
  'GET /api/health': 'public',
  'GET /api/events': 'public',
  'GET /api/events/trending': 'public',
  'GET /api/events/newest': 'public',
  'GET /api/events/:eventId': 'public',
  'GET /api/events/:eventId/related': 'public',
  'GET /api/events/:eventId/calendar.ics': 'public',
  'GET /api/events/user/:userId': 'public',
  'GET /api/tickets': 'public',
  'GET /api/tickets/event/:eventId': 'public',
  'GET /api/images/:folder/:file': 'public',
  'POST /api/contact': 'public',
  'POST /api/newsletter': 'public',
  'POST /api/users/register': 'public',
  'POST /api/users/quick-checkout': 'public',
  'POST /api/users/set-password': 'public',
  'GET /api/users/verify-email': 'public',
  'POST /api/users/resend-verification-email': 'public',
  'POST /api/users/login': 'public',
  'GET /api/users/me': 'account',
  'PUT /api/users/:id': 'account',
  'POST /api/users/logout': 'account',
  'POST /api/users/forgot-password': 'public',
  'POST /api/users/verify-otp': 'public',
  'POST /api/users/reset-password': 'public',
  'POST /api/users/change-password': 'account',
  'GET /api/users/sessions': 'account',
  'DELETE /api/users/sessions/:sessionId': 'account',
  'POST /api/users/me/activity': 'account',
  'PUT /api/users/me/settings': 'account',
  'DELETE /api/users/me': 'account',
  'POST /api/orders': 'account',
  'GET /api/orders/mine': 'account',
  'GET /api/orders/:orderId': 'order.read',
  'PUT /api/orders/:orderId/items': 'order.buy',
  'DELETE /api/orders/:orderId': 'order.buy',
  'POST /api/orders/:orderId/discount': 'order.buy',
  'DELETE /api/orders/:orderId/discount': 'order.buy',
  'POST /api/orders/:orderId/pay': 'order.buy',
  'POST /api/orders/:orderId/verify': 'order.read',
  'POST /api/orders/:orderId/resend': 'order.resend',
  'PATCH /api/orders/:orderId/tickets/:code': 'order.attendee',
  'POST /api/orders/:orderId/give-back': 'order.buy',
  'POST /api/orders/:orderId/cancel': 'order.money',
  'POST /api/orders/:orderId/refunds': 'order.money',
  'POST /api/orders/:orderId/refunds/quote': 'order.money',
  'GET /api/waitlist/event/:eventId': 'account',
  'POST /api/waitlist': 'account',
  'DELETE /api/waitlist/:ticketId': 'account',
  'GET /api/events/:eventId/waitlist': 'event.manage',
  'PUT /api/events/:eventId/waitlist': 'event.manage',
  'PUT /api/events/:eventId/waitlist/:ticketId': 'event.manage',
  'GET /api/tickets/mine': 'account',
  'GET /api/tickets/code/:code': 'ticket.read',
  'GET /api/tickets/code/:code/pdf': 'ticket.read',
  'GET /api/tickets/code/:code/qr.svg': 'ticket.read',
  'POST /api/tickets/code/:code/transfer': 'ticket.change',
  'POST /api/tickets/code/:code/name': 'ticket.change',
  'PUT /api/tickets/code/:code/device-key': 'ticket.change',
  'POST /api/tickets/code/:code/device-key/move': 'ticket.change',
  'POST /api/tickets/check': 'public',
  'POST /api/tickets/shared': 'public',
  'POST /api/tickets/shared/claim': 'account',
  'GET /api/tickets/public-key': 'public',
  'GET /api/tickets/revoked': 'public',
  'POST /api/checkin/:eventId': 'event.scan',
  'DELETE /api/checkin/:eventId/:code': 'event.scan',
  'GET /api/checkin/:eventId/list': 'event.scan',
  'GET /api/checkin/:eventId/search': 'event.scan',
  'POST /api/checkin/:eventId/sync': 'event.scan',
  'POST /api/checkin/:eventId/box-office/sync': 'event.sell',
  'POST /api/checkin/:eventId/box-office/release': 'event.sell',
  'GET /api/events/:eventId/cash-up': 'event.cashup',
  'GET /api/events/:eventId/cash-up.csv': 'event.cashup',
  'GET /api/checkin/links/:token': 'public',
  'POST /api/checkin/links/session': 'public',
  'GET /api/events/:eventId/checkin-links': 'event.checkin',
  'POST /api/events/:eventId/checkin-links': 'event.checkin',
  'DELETE /api/events/:eventId/checkin-links/:linkId': 'event.checkin',
  // Whether a link takes money at the door is the owner's alone (decision 062).
  'PATCH /api/events/:eventId/checkin-links/:linkId': 'event.team',
  'GET /api/events/:eventId/checkins': 'event.checkin',
  'GET /api/payments/test/:reference': 'public',
  'POST /api/payments/test/:reference/approve': 'public',
  'POST /api/payments/test/:reference/decline': 'public',
  'POST /api/payments/webhook': 'provider',
  'POST /api/events/create': 'account',
  'PUT /api/events/:eventId': 'event.manage',
  'GET /api/events/:eventId/manage': 'event.view',
  'POST /api/events/:eventId/publish': 'event.manage',
  'POST /api/events/:eventId/unpublish': 'event.manage',
  'POST /api/events/:eventId/sales': 'event.manage',
  'PUT /api/events/:eventId/ticket-email': 'event.manage',
  'PUT /api/events/:eventId/ticket-changes': 'event.manage',
  'PUT /api/events/:eventId/fee-mode': 'event.manage',
  'POST /api/events/:eventId/test-email': 'event.manage',
  'POST /api/events/:eventId/duplicate': 'event.manage',
  'PUT /api/events/update-image/:eventId': 'event.manage',
  'POST /api/tickets/create': 'event.manage',
  'PUT /api/tickets/:ticketId': 'event.manage',
  'DELETE /api/tickets/:ticketId': 'event.manage',
  'PUT /api/tickets/update-image/:ticketId': 'event.manage',
  'GET /api/payments/banks': 'account',
  'GET /api/payments/resolve': 'account',
  'GET /api/payments/payout-account': 'account',
  'PUT /api/payments/payout-account': 'account',
  'GET /api/events/:eventId/discounts': 'event.manage',
  'POST /api/events/:eventId/discounts': 'event.manage',
  'PUT /api/events/:eventId/discounts/:discountId': 'event.manage',
  'DELETE /api/events/:eventId/discounts/:discountId': 'event.manage',
  'GET /api/events/:eventId/access-codes': 'event.manage',
  'POST /api/events/:eventId/access-codes': 'event.manage',
  'DELETE /api/events/:eventId/access-codes/:accessCodeId': 'event.manage',
  'GET /api/events/:eventId/checkout-questions': 'public',
  'GET /api/events/:eventId/questions': 'event.questions',
  'POST /api/events/:eventId/questions': 'event.manage',
  'PUT /api/events/:eventId/questions/:questionId': 'event.manage',
  'DELETE /api/events/:eventId/questions/:questionId': 'event.manage',
  'POST /api/events/:eventId/questions/:questionId/move': 'event.manage',
  'GET /api/events/:eventId/dates': 'public',
  'GET /api/events/:eventId/dates/manage': 'event.view',
  'POST /api/events/:eventId/dates': 'event.manage',
  'DELETE /api/events/:eventId/dates/:dateId': 'event.manage',
  'POST /api/events/:eventId/dates/copy-tickets': 'event.manage',
  'GET /api/events/:eventId/messages': 'event.manage',
  'POST /api/events/:eventId/messages/preview': 'event.manage',
  'POST /api/events/:eventId/messages/test': 'event.manage',
  'POST /api/events/:eventId/messages': 'event.manage',
  'POST /api/guest-messages/for-ticket': 'public',
  'POST /api/guest-messages/unsubscribe': 'public',
  'POST /api/guest-messages/unsubscribe/one-click': 'public',
  'GET /api/events/:eventId/guestlist': 'event.guestlist',
  'GET /api/events/:eventId/guestlist.csv': 'event.guestlist',
  'GET /api/events/:eventId/sales': 'event.sales',
  'GET /api/events/:eventId/sales/charts': 'event.sales',
  'GET /api/events/:eventId/sales.csv': 'event.sales',
  'GET /api/events/:eventId/statement': 'event.sales',
  'GET /api/events/:eventId/statement.csv': 'event.sales',
  'GET /api/events/:eventId/checkins/charts': 'event.checkin',
  'GET /api/events/:eventId/team': 'event.team',
  'POST /api/events/:eventId/team/invitations': 'event.team',
  'DELETE /api/events/:eventId/team/:memberId': 'event.team',
  'GET /api/events/:eventId/door': 'event.checkin',
  'POST /api/team/accept': 'account',
  'GET /api/team/events': 'account',
  'GET /api/onsale/:eventId/room': 'public',
  'POST /api/onsale/:eventId/join': 'account',
  'GET /api/onsale/:eventId': 'account',
  'GET /api/events/:eventId/onsale': 'event.manage',
  'PUT /api/events/:eventId/onsale': 'event.manage',
  'GET /api/dev/outbox': 'public',
  // Promoters on commission (decision 064).
  'GET /api/events/:eventId/promoters': 'event.sales',
  'POST /api/events/:eventId/promoters': 'event.manage',
  'PUT /api/events/:eventId/promoters/:promoterId': 'event.manage',
  'DELETE /api/events/:eventId/promoters/:promoterId': 'event.manage',
  'GET /api/events/:eventId/promoters.csv': 'event.sales',
  'GET /api/promoters/mine': 'account',
  'POST /api/promoters/click': 'public',
};

/**
 * Routes whose body can ask for a stricter action than the route's own: a ticket saved with payout
 * details (bank, account number) changes where the money goes, which is the owner's alone.
 */
export const BODY_ACTIONS: Record<string, { fields: readonly string[]; action: ActionName }> = {
  'POST /api/tickets/create': { fields: ['bank', 'accountNumber'], action: 'payout.change' },
  'PUT /api/tickets/:ticketId': { fields: ['bank', 'accountNumber'], action: 'payout.change' },
};

/** The routes of `app` under /api that the table does not name, and the entries that name no route. */
export function routeActionGaps(app: FastifyInstance): { undeclared: string[]; unknown: string[] } {
  const registered = routesOf(app)
    .filter((r) => r.url.startsWith('/api') && r.method !== 'HEAD')
    .map((r) => `${r.method} ${r.url}`);
  const known = new Set(registered);
  return {
    undeclared: registered.filter((key) => !(key in ROUTE_ACTIONS)),
    unknown: Object.keys(ROUTE_ACTIONS).filter((key) => !known.has(key)),
  };
}

/**
 * Refuses to start an app with a route under /api whose action nobody declared. (An entry without
 * its route is fine at start: some routes exist only in some set-ups, the dev outbox for one; the
 * permission-matrix test lists those.)
 */
export function checkRouteActions(app: FastifyInstance) {
  const { undeclared } = routeActionGaps(app);
  if (undeclared.length > 0) {
    throw new Error(
      `Permission table out of date (server/modules/access/routeActions.ts): no action declared for ${undeclared.join(', ')}`,
    );
  }
}
