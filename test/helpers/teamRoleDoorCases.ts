import { freeTicket } from './organiser';
import {
  CASHUP,
  type Case,
  CHECKIN,
  MANAGE,
  NOT_YOUR_ORDER,
  OWNER,
  type RoleMakers,
  type RoleWorld,
  SALES,
  unique,
} from './teamRoles';

/** The matrix's cases for the door, ticket types, orders and the team. */
export function doorTicketOrderCases(w: RoleWorld, m: RoleMakers): Case[] {
  const { eventId, ownerDoes } = w;
  const { newTicketType, newLink, newOrder, newPaidOrder } = m;
  return [
    {
      route: 'GET /api/events/:eventId/checkin-links',
      allowed: CHECKIN,
      make: async () => ({ method: 'GET', url: `/api/events/${eventId}/checkin-links` }),
    },
    {
      route: 'POST /api/events/:eventId/checkin-links',
      allowed: CHECKIN,
      make: async () => ({
        method: 'POST',
        url: `/api/events/${eventId}/checkin-links`,
        body: { label: unique('Gate ') },
      }),
    },
    {
      route: 'DELETE /api/events/:eventId/checkin-links/:linkId',
      allowed: CHECKIN,
      make: async () => ({
        method: 'DELETE',
        url: `/api/events/${eventId}/checkin-links/${await newLink()}`,
      }),
    },
    {
      route: 'PATCH /api/events/:eventId/checkin-links/:linkId',
      allowed: OWNER,
      make: async () => ({
        method: 'PATCH',
        url: `/api/events/${eventId}/checkin-links/${await newLink()}`,
        body: { canSell: true },
      }),
    },
    {
      route: 'GET /api/events/:eventId/checkins',
      allowed: CHECKIN,
      make: async () => ({ method: 'GET', url: `/api/events/${eventId}/checkins` }),
    },
    {
      route: 'POST /api/checkin/:eventId',
      allowed: CHECKIN,
      make: async () => {
        const order = await newOrder();
        return { method: 'POST', url: `/api/checkin/${eventId}`, body: { code: order.tickets[0]!.code } };
      },
    },
    {
      route: 'DELETE /api/checkin/:eventId/:code',
      allowed: CHECKIN,
      make: async () => {
        const code = (await newOrder()).tickets[0]!.code;
        await ownerDoes({ method: 'POST', url: `/api/checkin/${eventId}`, body: { code } });
        return { method: 'DELETE', url: `/api/checkin/${eventId}/${code}` };
      },
    },
    {
      route: 'GET /api/checkin/:eventId/list',
      allowed: CHECKIN,
      make: async () => ({ method: 'GET', url: `/api/checkin/${eventId}/list` }),
    },
    {
      route: 'GET /api/checkin/:eventId/search',
      allowed: CHECKIN,
      make: async () => ({ method: 'GET', url: `/api/checkin/${eventId}/search?q=Ngozi` }),
    },
    {
      route: 'POST /api/checkin/:eventId/sync',
      allowed: CHECKIN,
      make: async () => ({
        method: 'POST',
        url: `/api/checkin/${eventId}/sync`,
        body: { deviceId: '5b1f0c3e-7a2b-4c8d-9e1f-2a3b4c5d6e7f', scans: [] },
      }),
    },
    // The box office (decision 062): the door team sells; the owner and finance read the cash-up.
    {
      route: 'POST /api/checkin/:eventId/box-office/sync',
      allowed: CHECKIN,
      make: async () => ({
        method: 'POST',
        url: `/api/checkin/${eventId}/box-office/sync`,
        body: { deviceId: crypto.randomUUID(), sales: [], ticketTypeIds: [w.freeTypeId] },
      }),
    },
    {
      route: 'POST /api/checkin/:eventId/box-office/release',
      allowed: CHECKIN,
      make: async () => ({
        method: 'POST',
        url: `/api/checkin/${eventId}/box-office/release`,
        body: { deviceId: crypto.randomUUID() },
      }),
    },
    {
      route: 'GET /api/events/:eventId/cash-up',
      allowed: CASHUP,
      make: async () => ({ method: 'GET', url: `/api/events/${eventId}/cash-up` }),
    },
    {
      route: 'GET /api/events/:eventId/cash-up.csv',
      allowed: CASHUP,
      make: async () => ({ method: 'GET', url: `/api/events/${eventId}/cash-up.csv` }),
    },
    {
      route: 'POST /api/tickets/create',
      allowed: MANAGE,
      make: async () => ({ method: 'POST', url: '/api/tickets/create', body: freeTicket(eventId) }),
    },
    {
      route: 'PUT /api/tickets/:ticketId',
      allowed: MANAGE,
      make: async () => {
        const { eventId: _e, ...rest } = freeTicket(eventId, { ticketName: 'Early bird' });
        return { method: 'PUT', url: `/api/tickets/${await newTicketType()}`, body: rest };
      },
    },
    {
      route: 'DELETE /api/tickets/:ticketId',
      allowed: MANAGE,
      make: async () => ({ method: 'DELETE', url: `/api/tickets/${await newTicketType()}` }),
    },
    {
      route: 'PUT /api/tickets/update-image/:ticketId',
      allowed: MANAGE,
      make: async () => ({
        method: 'PUT',
        url: `/api/tickets/update-image/${await newTicketType()}`,
        multipart: { field: 'ticketImage', png: true },
      }),
    },
    {
      route: 'PATCH /api/orders/:orderId/tickets/:code',
      allowed: MANAGE,
      make: async () => {
        const order = await newOrder();
        return {
          method: 'PATCH',
          url: `/api/orders/${order._id}/tickets/${order.tickets[0]!.code}`,
          body: { firstName: 'Bisi', lastName: 'Adeyemi', email: 'bisi@example.ng' },
        };
      },
    },
    {
      route: 'POST /api/orders/:orderId/cancel',
      allowed: SALES,
      make: async () => ({ method: 'POST', url: `/api/orders/${(await newOrder())._id}/cancel` }),
    },
    {
      route: 'POST /api/orders/:orderId/refunds',
      allowed: SALES,
      make: async () => ({
        method: 'POST',
        url: `/api/orders/${(await newPaidOrder())._id}/refunds`,
        body: { amountNaira: 100, reason: 'Goodwill', requestKey: unique('refund-') },
      }),
    },
    {
      route: 'POST /api/orders/:orderId/refunds/quote',
      allowed: SALES,
      make: async () => {
        const order = await newPaidOrder();
        return {
          method: 'POST',
          url: `/api/orders/${order._id}/refunds/quote`,
          body: { tickets: [order.tickets[0]!.code] },
        };
      },
    },
    {
      route: 'POST /api/orders/:orderId/resend',
      allowed: SALES,
      make: async () => ({ method: 'POST', url: `/api/orders/${(await newOrder())._id}/resend` }),
      refusal: NOT_YOUR_ORDER,
    },
    {
      route: 'GET /api/orders/:orderId',
      allowed: SALES,
      make: async () => ({ method: 'GET', url: `/api/orders/${(await newOrder())._id}` }),
      refusal: NOT_YOUR_ORDER,
    },
    {
      route: 'GET /api/events/:eventId/team',
      allowed: OWNER,
      make: async () => ({ method: 'GET', url: `/api/events/${eventId}/team` }),
    },
    {
      route: 'POST /api/events/:eventId/team/invitations',
      allowed: OWNER,
      make: async () => ({
        method: 'POST',
        url: `/api/events/${eventId}/team/invitations`,
        body: { email: `${unique('helper')}@example.ng`.toLowerCase(), role: 'door' },
      }),
    },
    {
      route: 'DELETE /api/events/:eventId/team/:memberId',
      allowed: OWNER,
      make: async () => {
        const team = await ownerDoes({
          method: 'POST',
          url: `/api/events/${eventId}/team/invitations`,
          body: { email: `${unique('gone')}@example.ng`.toLowerCase(), role: 'finance' },
        });
        return { method: 'DELETE', url: `/api/events/${eventId}/team/${team.invitations.at(-1).id}` };
      },
    },
  ];
}
