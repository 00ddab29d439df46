import { type Case, MANAGE, type RoleWorld, SALES, unique } from './teamRoles';

/** The matrix's cases for an event's promoters (decision 064): managers add them, the money side reads them. */
export function promoterRouteCases(w: RoleWorld): Case[] {
  const { eventId, ownerDoes } = w;
  // A fresh promoter per call, so one role's removal never leaves the next nothing to act on.
  const newPromoter = async () => {
    const email = `${unique('promoter').toLowerCase()}@example.ng`;
    const { promoters } = await ownerDoes({
      method: 'POST',
      url: `/api/events/${eventId}/promoters`,
      body: { name: 'Matrix Promoter', email, commission: { kind: 'percent', value: 10 } },
    });
    return (promoters as { id: string; email: string }[]).find((p) => p.email === email)!.id;
  };
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
      route: 'PUT /api/events/:eventId/promoters/:promoterId',
      allowed: MANAGE,
      make: async () => ({
        method: 'PUT',
        url: `/api/events/${eventId}/promoters/${await newPromoter()}`,
        body: { name: 'Matrix Promoter Renamed', commission: { kind: 'flat', value: 500 } },
      }),
    },
    {
      route: 'DELETE /api/events/:eventId/promoters/:promoterId',
      allowed: MANAGE,
      make: async () => ({
        method: 'DELETE',
        url: `/api/events/${eventId}/promoters/${await newPromoter()}`,
      }),
    },
    {
      route: 'GET /api/events/:eventId/promoters.csv',
      allowed: SALES,
      make: async () => ({ method: 'GET', url: `/api/events/${eventId}/promoters.csv` }),
    },
  ];
}
