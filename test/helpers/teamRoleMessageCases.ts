import { type Case, MANAGE, type RoleMakers, type RoleWorld } from './teamRoles';

/**
 * The matrix's cases for guest messages (decision 063): writing to the guests is managing the event
 * (permissions.ts 'event.manage'), so the owner and co-organisers may; finance and the door may not.
 * Each send first sells a ticket, so an allowed role meets a guest to write to (not a 409).
 */
export function guestMessageCases(w: RoleWorld, m: RoleMakers): Case[] {
  const { eventId } = w;
  const draft = () => ({ audience: 'event', subject: 'Gates open at 6', body: 'Bring ID.' });
  return [
    {
      route: 'GET /api/events/:eventId/messages',
      allowed: MANAGE,
      make: async () => ({ method: 'GET', url: `/api/events/${eventId}/messages` }),
    },
    {
      route: 'POST /api/events/:eventId/messages/preview',
      allowed: MANAGE,
      make: async () => ({ method: 'POST', url: `/api/events/${eventId}/messages/preview`, body: draft() }),
    },
    {
      route: 'POST /api/events/:eventId/messages/test',
      allowed: MANAGE,
      make: async () => ({ method: 'POST', url: `/api/events/${eventId}/messages/test`, body: draft() }),
    },
    {
      route: 'POST /api/events/:eventId/messages',
      allowed: MANAGE,
      make: async () => {
        await m.newOrder();
        return { method: 'POST', url: `/api/events/${eventId}/messages`, body: draft() };
      },
    },
  ];
}
