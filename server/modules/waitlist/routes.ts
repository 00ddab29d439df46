import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBody } from '../../../contract/common';
import {
  joinWaitlistRequest,
  myWaitlistResponse,
  organiserWaitlistResponse,
  waitlistEventParams,
  waitlistEventTicketParams,
  waitlistOfferMinutesRequest,
  waitlistSwitchRequest,
  waitlistTicketParams,
} from '../../../contract/waitlist';
import { HttpError } from '../../http/errors';
import { managesEventParam } from '../access/routeGuards';
import { requireUser } from '../auth/plugin';
import type { CheckoutDeps } from '../orders/deps';
import * as service from './service';

function userId(request: FastifyRequest): string {
  if (!request.sessionUser) throw new HttpError(401, 'Please sign in to continue.');
  return request.sessionUser.id;
}

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };

/** The waiting list (contract/waitlist.ts, decision 042): visitors join and leave; managers see and set. */
export const waitlistRoutes =
  (deps: CheckoutDeps): FastifyPluginAsync =>
  async (app) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const signedIn = { onRequest: requireUser };
    const manager = { onRequest: requireUser, preValidation: managesEventParam(deps.db) };

    r.get(
      '/waitlist/event/:eventId',
      {
        ...signedIn,
        schema: { params: waitlistEventParams, response: { 200: myWaitlistResponse, ...errors } },
      },
      async (request) => service.myEntries(deps.db, userId(request), request.params.eventId),
    );

    r.post(
      '/waitlist',
      {
        ...signedIn,
        schema: { body: joinWaitlistRequest, response: { 201: myWaitlistResponse, ...errors } },
      },
      async (request, reply) =>
        reply.code(201).send(await service.joinWaitlist(deps, userId(request), request.body)),
    );

    r.delete(
      '/waitlist/:ticketId',
      {
        ...signedIn,
        schema: { params: waitlistTicketParams, response: { 200: myWaitlistResponse, ...errors } },
      },
      async (request) => service.leaveWaitlist(deps, userId(request), request.params.ticketId),
    );

    r.get(
      '/events/:eventId/waitlist',
      {
        ...manager,
        schema: { params: waitlistEventParams, response: { 200: organiserWaitlistResponse, ...errors } },
      },
      async (request) => service.organiserWaitlist(deps.db, request.params.eventId),
    );

    r.put(
      '/events/:eventId/waitlist',
      {
        ...manager,
        schema: {
          params: waitlistEventParams,
          body: waitlistOfferMinutesRequest,
          response: { 200: organiserWaitlistResponse, ...errors },
        },
      },
      async (request) => service.setOfferMinutes(deps.db, request.params.eventId, request.body.offerMinutes),
    );

    r.put(
      '/events/:eventId/waitlist/:ticketId',
      {
        ...manager,
        schema: {
          params: waitlistEventTicketParams,
          body: waitlistSwitchRequest,
          response: { 200: organiserWaitlistResponse, ...errors },
        },
      },
      async (request) =>
        service.switchWaitlist(deps, request.params.eventId, request.params.ticketId, request.body.enabled),
    );
  };
