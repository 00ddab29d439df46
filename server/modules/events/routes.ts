import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBody } from '../../../contract/common';
import {
  carouselQuery,
  event,
  eventIdParams,
  eventList,
  eventSearchQuery,
  PAGING_HEADERS,
  userIdParams,
} from '../../../contract/events';
import type { Database } from '../../db/client';
import { calendarFileName, eventToIcs } from './calendar';
import { newestEvents, relatedEvents, searchEvents, trendingEvents } from './discovery';
import * as service from './service';

const notFound = { message: 'Event not found' };

export const eventRoutes =
  (db: Database, appUrl: string): FastifyPluginAsync =>
  async (app) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    // The listing and search: still a plain array; paging travels in headers.
    r.get(
      '/events',
      { schema: { querystring: eventSearchQuery, response: { 200: eventList, 400: errorBody } } },
      async (request, reply) => {
        const result = await searchEvents(db, request.query);
        reply
          .header(PAGING_HEADERS.total, String(result.total))
          .header(PAGING_HEADERS.page, String(result.page))
          .header(PAGING_HEADERS.pageSize, String(result.pageSize))
          .header('access-control-expose-headers', Object.values(PAGING_HEADERS).join(', '));
        return result.events;
      },
    );

    r.get(
      '/events/trending',
      { schema: { querystring: carouselQuery, response: { 200: eventList, 400: errorBody } } },
      async (request) => trendingEvents(db, request.query.limit),
    );

    r.get(
      '/events/newest',
      { schema: { querystring: carouselQuery, response: { 200: eventList, 400: errorBody } } },
      async (request) => newestEvents(db, request.query.limit),
    );

    r.get(
      '/events/:eventId',
      { schema: { params: eventIdParams, response: { 200: event, 404: errorBody } } },
      async (request, reply) => {
        const found = await service.getVisibleEvent(
          db,
          request.params.eventId,
          request.sessionUser?.id ?? null,
        );
        if (!found) return reply.code(404).send(notFound);
        return found;
      },
    );

    r.get(
      '/events/:eventId/related',
      { schema: { params: eventIdParams, response: { 200: eventList, 404: errorBody } } },
      async (request, reply) => {
        const found = await service.getPublishedEvent(db, request.params.eventId);
        if (!found) return reply.code(404).send(notFound);
        return relatedEvents(db, found);
      },
    );

    r.get(
      '/events/:eventId/calendar.ics',
      // No response schema: the body is text/calendar, not JSON.
      { schema: { params: eventIdParams } },
      async (request, reply) => {
        const found = await service.getPublishedEvent(db, request.params.eventId);
        if (!found) return reply.code(404).send(notFound);
        return reply
          .type('text/calendar; charset=utf-8')
          .header('content-disposition', `attachment; filename="${calendarFileName(found.eventName)}"`)
          .header('cache-control', 'no-cache')
          .send(eventToIcs(found, appUrl));
      },
    );

    r.get(
      '/events/user/:userId',
      { schema: { params: userIdParams, response: { 200: eventList } } },
      async (request) => service.listByOrganiser(db, request.params.userId, request.sessionUser?.id ?? null),
    );
  };
