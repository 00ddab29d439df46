import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBody } from '../../../contract/common';
import { eventIdParams } from '../../../contract/events';
import { eventTicketsResponse, ticketList } from '../../../contract/tickets';
import type { Database } from '../../db/client';
import * as service from './service';

export const ticketRoutes =
  (db: Database): FastifyPluginAsync =>
  async (app) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    // The spec calls both /api/tickets and /api/tickets/; Fastify treats them as one route only
    // with ignoreTrailingSlash, which app.ts turns on.
    r.get('/tickets', { schema: { response: { 200: ticketList } } }, async () =>
      service.listPublicTickets(db),
    );

    r.get(
      '/tickets/event/:eventId',
      { schema: { params: eventIdParams, response: { 200: eventTicketsResponse, 404: errorBody } } },
      async (request, reply) => {
        const tickets = await service.listEventTickets(
          db,
          request.params.eventId,
          request.sessionUser?.id ?? null,
        );
        if (!tickets) return reply.code(404).send({ message: 'Event not found' });
        return { tickets };
      },
    );
  };
