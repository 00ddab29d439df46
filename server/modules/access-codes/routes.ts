import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  accessCodeIdParams,
  accessCodeListResponse,
  accessCodeRequest,
  accessCodeSavedResponse,
} from '../../../contract/accessCodes';
import { errorBody } from '../../../contract/common';
import { eventIdParams } from '../../../contract/events';
import type { AppDeps } from '../../context';
import { managesEventParam } from '../access/routeGuards';
import { requireUser } from '../auth/plugin';
import * as service from './service';

/** Access codes of an event, for its managers (contract/accessCodes.ts, decision 036). */
export const accessCodeRoutes =
  (deps: AppDeps): FastifyPluginAsync =>
  async (app) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const manager = { onRequest: requireUser, preValidation: managesEventParam(deps.db) };
    const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };

    r.get(
      '/events/:eventId/access-codes',
      { ...manager, schema: { params: eventIdParams, response: { 200: accessCodeListResponse, ...errors } } },
      async (request) => ({ accessCodes: await service.listAccessCodes(deps, request.params.eventId) }),
    );

    r.post(
      '/events/:eventId/access-codes',
      {
        ...manager,
        schema: {
          params: eventIdParams,
          body: accessCodeRequest,
          response: { 201: accessCodeSavedResponse, ...errors },
        },
      },
      async (request, reply) => {
        const made = await service.createAccessCode(deps, request.params.eventId, request.body);
        return reply.code(201).send({ message: `Access code ${made.code} created`, accessCode: made });
      },
    );

    r.delete(
      '/events/:eventId/access-codes/:accessCodeId',
      {
        ...manager,
        schema: { params: accessCodeIdParams, response: { 200: accessCodeListResponse, ...errors } },
      },
      async (request) => {
        const { eventId, accessCodeId } = request.params;
        await service.deleteAccessCode(deps, eventId, accessCodeId);
        return { accessCodes: await service.listAccessCodes(deps, eventId) };
      },
    );
  };
