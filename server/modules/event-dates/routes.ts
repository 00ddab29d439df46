import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBody } from '../../../contract/common';
import {
  addDatesRequest,
  dateIdParams,
  eventDatesResponse,
  organiserDatesResponse,
} from '../../../contract/eventDates';
import { eventIdParams } from '../../../contract/events';
import type { AppDeps } from '../../context';
import { MANAGING_ROLES, VIEWING_ROLES } from '../access/eventAccess';
import { managesEventParam } from '../access/routeGuards';
import { requireUser } from '../auth/plugin';
import * as service from './service';

/** An event's dates (contract/eventDates.ts, decision 046). */
export const eventDateRoutes =
  (deps: AppDeps): FastifyPluginAsync =>
  async (app) => {
    const { db } = deps;
    const r = app.withTypeProvider<ZodTypeProvider>();
    const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
    const viewer = { onRequest: requireUser, preValidation: managesEventParam(db, VIEWING_ROLES) };
    const manager = { onRequest: requireUser, preValidation: managesEventParam(db, MANAGING_ROLES) };

    r.get(
      '/events/:eventId/dates',
      { schema: { params: eventIdParams, response: { 200: eventDatesResponse, 404: errorBody } } },
      async (request, reply) => {
        const dates = await service.publicDates(db, request.params.eventId, request.sessionUser?.id ?? null);
        if (!dates) return reply.code(404).send({ message: 'Event not found' });
        return { dates };
      },
    );

    r.get(
      '/events/:eventId/dates/manage',
      { ...viewer, schema: { params: eventIdParams, response: { 200: organiserDatesResponse, ...errors } } },
      async (request) => service.listForOrganiser(db, request.params.eventId),
    );

    r.post(
      '/events/:eventId/dates',
      {
        ...manager,
        schema: {
          params: eventIdParams,
          body: addDatesRequest,
          response: { 201: organiserDatesResponse, ...errors },
        },
      },
      async (request, reply) => {
        const list = await service.addDates(db, request.params.eventId, request.body, Date.now());
        return reply.code(201).send(list);
      },
    );

    r.delete(
      '/events/:eventId/dates/:dateId',
      { ...manager, schema: { params: dateIdParams, response: { 200: organiserDatesResponse, ...errors } } },
      async (request) => service.removeDate(db, request.params.eventId, request.params.dateId),
    );

    r.post(
      '/events/:eventId/dates/copy-tickets',
      { ...manager, schema: { params: eventIdParams, response: { 200: organiserDatesResponse, ...errors } } },
      async (request) => service.copyTypesToDates(db, request.params.eventId),
    );
  };
