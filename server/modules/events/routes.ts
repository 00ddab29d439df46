import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBody } from '../../../contract/common';
import { event, eventIdParams, eventList, userIdParams } from '../../../contract/events';
import type { Database } from '../../db/client';
import * as service from './service';

export const eventRoutes =
  (db: Database): FastifyPluginAsync =>
  async (app) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get('/events', { schema: { response: { 200: eventList } } }, async () => service.listPublished(db));

    r.get(
      '/events/:eventId',
      { schema: { params: eventIdParams, response: { 200: event, 404: errorBody } } },
      async (request, reply) => {
        const found = await service.getVisibleEvent(
          db,
          request.params.eventId,
          request.sessionUser?.id ?? null,
        );
        if (!found) return reply.code(404).send({ message: 'Event not found' });
        return found;
      },
    );

    r.get(
      '/events/user/:userId',
      { schema: { params: userIdParams, response: { 200: eventList } } },
      async (request) => service.listByOrganiser(db, request.params.userId, request.sessionUser?.id ?? null),
    );
  };
