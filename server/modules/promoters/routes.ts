import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { errorBody } from '../../../contract/common';
import { eventIdParams } from '../../../contract/events';
import {
  myPromotionsResponse,
  PROMOTER_CODE_PATTERN,
  promoterClickRequest,
  promoterClickResponse,
  promoterCreateRequest,
  promoterParams,
  promotersResponse,
  promoterUpdateRequest,
} from '../../../contract/promoters';
import type { AppDeps } from '../../context';
import { MANAGING_ROLES, SALES_ROLES } from '../access/eventAccess';
import { managesEventParam } from '../access/routeGuards';
import { currentUser, requireUser } from '../auth/plugin';
import * as edit from './edit';
import * as service from './service';

/** Promoters on commission (contract/promoters.ts, decision 064), under /api. */
export const promoterRoutes =
  (deps: AppDeps): FastifyPluginAsync =>
  async (app) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
    const money = { onRequest: requireUser, preValidation: managesEventParam(deps.db, SALES_ROLES) };
    const managers = { onRequest: requireUser, preValidation: managesEventParam(deps.db, MANAGING_ROLES) };
    const uid = (request: Parameters<typeof currentUser>[0]) => currentUser(request).id;

    r.get(
      '/events/:eventId/promoters',
      { ...money, schema: { params: eventIdParams, response: { 200: promotersResponse, ...errors } } },
      async (request) => service.listPromoters(deps, uid(request), request.params.eventId),
    );

    r.post(
      '/events/:eventId/promoters',
      {
        ...managers,
        schema: {
          params: eventIdParams,
          body: promoterCreateRequest,
          response: { 201: promotersResponse, ...errors },
        },
      },
      async (request, reply) =>
        reply
          .code(201)
          .send(await service.createPromoter(deps, uid(request), request.params.eventId, request.body)),
    );

    r.put(
      '/events/:eventId/promoters/:promoterId',
      {
        ...managers,
        schema: {
          params: promoterParams,
          body: promoterUpdateRequest,
          response: { 200: promotersResponse, ...errors },
        },
      },
      async (request) =>
        edit.updatePromoter(
          deps,
          uid(request),
          request.params.eventId,
          request.params.promoterId,
          request.body,
        ),
    );

    r.delete(
      '/events/:eventId/promoters/:promoterId',
      { ...managers, schema: { params: promoterParams, response: { 200: promotersResponse, ...errors } } },
      async (request) =>
        edit.removePromoter(deps, uid(request), request.params.eventId, request.params.promoterId),
    );

    r.get(
      '/events/:eventId/promoters.csv',
      // No response schema: the body is text/csv.
      { ...money, schema: { params: eventIdParams } },
      async (request, reply) =>
        reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', 'attachment; filename="promoters.csv"')
          .header('cache-control', 'no-store')
          .send(await service.promotersCsv(deps, uid(request), request.params.eventId)),
    );

    r.get(
      '/promoters/mine',
      { onRequest: requireUser, schema: { response: { 200: myPromotionsResponse, ...errors } } },
      async (request) => service.myPromotions(deps, uid(request)),
    );

    r.post(
      '/promoters/click',
      { schema: { body: promoterClickRequest, response: { 200: promoterClickResponse, ...errors } } },
      async (request) => service.countClick(deps, request.body.code),
    );
  };

/**
 * GET /r/<code> (outside /api): the short link redirects to the event page with ?ref=, where the
 * browser keeps the attribution and counts the click; an unknown code goes to the home page.
 */
export const promoterShortLinkRoute =
  (deps: AppDeps): FastifyPluginAsync =>
  async (app) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get('/r/:code', { schema: { params: z.object({ code: z.string() }) } }, async (request, reply) => {
      const code = request.params.code.toLowerCase();
      const target = PROMOTER_CODE_PATTERN.test(code) ? await service.linkTarget(deps, code) : null;
      // A removed promoter's link still shows the event, without attributing anything (decision 070).
      const to = !target
        ? '/'
        : target.live
          ? `/event-details/${target.eventId}?ref=${code}`
          : `/event-details/${target.eventId}`;
      return reply.header('cache-control', 'no-store').redirect(to, 302);
    });
  };
