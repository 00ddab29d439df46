import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBody } from '../../../contract/common';
import { eventIdParams } from '../../../contract/events';
import {
  doorSummaryResponse,
  myTeamEventsResponse,
  teamAcceptRequest,
  teamAcceptResponse,
  teamInviteRequest,
  teamMemberParams,
  teamResponse,
} from '../../../contract/team';
import type { AppDeps } from '../../context';
import { CHECKIN_ROLES, OWNER_ROLES } from '../access/eventAccess';
import { managesEventParam } from '../access/routeGuards';
import { currentUser, requireUser } from '../auth/plugin';
import { doorSummary } from './door';
import * as service from './service';

/** An event's team (contract/team.ts, decision 043): the owner's page, and the invitee's accept. */
export const teamRoutes =
  (deps: AppDeps): FastifyPluginAsync =>
  async (app) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const owner = { onRequest: requireUser, preValidation: managesEventParam(deps.db, OWNER_ROLES) };
    const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
    const uid = (request: Parameters<typeof currentUser>[0]) => currentUser(request).id;

    r.get(
      '/events/:eventId/team',
      { ...owner, schema: { params: eventIdParams, response: { 200: teamResponse, ...errors } } },
      async (request) => service.ownersTeam(deps, uid(request), request.params.eventId),
    );

    r.post(
      '/events/:eventId/team/invitations',
      {
        ...owner,
        schema: {
          params: eventIdParams,
          body: teamInviteRequest,
          response: { 201: teamResponse, ...errors },
        },
      },
      async (request, reply) =>
        reply.code(201).send(await service.invite(deps, uid(request), request.params.eventId, request.body)),
    );

    r.delete(
      '/events/:eventId/team/:memberId',
      { ...owner, schema: { params: teamMemberParams, response: { 200: teamResponse, ...errors } } },
      async (request) =>
        service.removeFromTeam(deps, uid(request), request.params.eventId, request.params.memberId),
    );

    r.get(
      '/events/:eventId/door',
      {
        onRequest: requireUser,
        preValidation: managesEventParam(deps.db, CHECKIN_ROLES),
        schema: { params: eventIdParams, response: { 200: doorSummaryResponse, ...errors } },
      },
      async (request) => doorSummary(deps, uid(request), request.params.eventId),
    );

    r.post(
      '/team/accept',
      {
        onRequest: requireUser,
        schema: { body: teamAcceptRequest, response: { 200: teamAcceptResponse, ...errors, 410: errorBody } },
      },
      async (request) => service.acceptInvitation(deps, uid(request), request.body.token),
    );

    r.get(
      '/team/events',
      { onRequest: requireUser, schema: { response: { 200: myTeamEventsResponse, 401: errorBody } } },
      async (request) => service.myTeamEvents(deps, uid(request)),
    );
  };
