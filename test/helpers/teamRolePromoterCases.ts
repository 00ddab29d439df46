import { type Case, MANAGE, type RoleWorld, SALES, unique } from './teamRoles';

/** The matrix's cases for an event's promoters (decision 064): managers add them, the money side reads them. */
export function promoterRouteCases(w: RoleWorld): Case[] {
  const { eventId } = w;
  return [
    {
      route: 'GET /api/events/:eventId/promoters',
      allowed: SALES,
      make: async () => ({ method: 'GET', url: `/api/events/${eventId}/promoters` }),
    },
    {
      route: 'POST /api/events/:eventId/promoters',
      allowed: MANAGE,
      make: async () => ({
        method: 'POST',
        url: `/api/events/${eventId}/promoters`,
        body: {
          name: 'Matrix Promoter',
          email: `${unique('promoter').toLowerCase()}@example.ng`,
          commission: { kind: 'percent', value: 10 },
        },
      }),
    },
    {
      route: 'GET /api/events/:eventId/promoters.csv',
      allowed: SALES,
      make: async () => ({ method: 'GET', url: `/api/events/${eventId}/promoters.csv` }),
    },
  ];
}
