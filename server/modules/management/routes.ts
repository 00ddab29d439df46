import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBody } from '../../../contract/common';
import { eventIdParams } from '../../../contract/events';
import { guestlistQuery, guestlistResponse, salesResponse } from '../../../contract/organiser';
import { checkinChartsResponse, salesChartsResponse } from '../../../contract/organiserCharts';
import { payoutStatementResponse } from '../../../contract/payoutStatement';
import type { AppDeps } from '../../context';
import { CHECKIN_ROLES, GUESTLIST_ROLES, SALES_ROLES } from '../access/eventAccess';
import { managesEventParam } from '../access/routeGuards';
import { currentUser, requireUser } from '../auth/plugin';
import * as service from './service';

/** Guestlist (JSON and CSV), sales (JSON, CSV and charts) and check-in charts of an event, for the roles of its team that may see each (decision 043). */
export const managementRoutes =
  (deps: AppDeps): FastifyPluginAsync =>
  async (app) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    // Who may read what (decision 043): the guest list is the door's too; money is not.
    const guestlistTeam = {
      onRequest: requireUser,
      preValidation: managesEventParam(deps.db, GUESTLIST_ROLES),
    };
    const salesTeam = { onRequest: requireUser, preValidation: managesEventParam(deps.db, SALES_ROLES) };
    const doorTeam = { onRequest: requireUser, preValidation: managesEventParam(deps.db, CHECKIN_ROLES) };
    const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };

    r.get(
      '/events/:eventId/guestlist',
      {
        ...guestlistTeam,
        schema: {
          params: eventIdParams,
          querystring: guestlistQuery,
          response: { 200: guestlistResponse, ...errors },
        },
      },
      async (request) =>
        service.eventGuestlist(deps, currentUser(request).id, request.params.eventId, request.query),
    );

    r.get(
      '/events/:eventId/guestlist.csv',
      // No response schema: the body is text/csv.
      { ...guestlistTeam, schema: { params: eventIdParams, querystring: guestlistQuery } },
      async (request, reply) => {
        const csv = await service.eventGuestlistCsv(
          deps,
          currentUser(request).id,
          request.params.eventId,
          request.query,
        );
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', 'attachment; filename="guestlist.csv"')
          .header('cache-control', 'no-store')
          .send(csv);
      },
    );

    r.get(
      '/events/:eventId/sales',
      { ...salesTeam, schema: { params: eventIdParams, response: { 200: salesResponse, ...errors } } },
      async (request) => service.eventSales(deps, currentUser(request).id, request.params.eventId),
    );

    // The charts (decision 039): the same paid orders as /sales, over time.
    r.get(
      '/events/:eventId/sales/charts',
      { ...salesTeam, schema: { params: eventIdParams, response: { 200: salesChartsResponse, ...errors } } },
      async (request) => service.eventSalesCharts(deps, currentUser(request).id, request.params.eventId),
    );

    r.get(
      '/events/:eventId/sales.csv',
      // No response schema: the body is text/csv.
      { ...salesTeam, schema: { params: eventIdParams } },
      async (request, reply) => {
        const csv = await service.eventSalesCsv(deps, currentUser(request).id, request.params.eventId);
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', 'attachment; filename="sales.csv"')
          .header('cache-control', 'no-store')
          .send(csv);
      },
    );

    // The payout statement: where every Naira went, per order, reconciled to the kobo.
    r.get(
      '/events/:eventId/statement',
      {
        ...salesTeam,
        schema: { params: eventIdParams, response: { 200: payoutStatementResponse, ...errors } },
      },
      async (request) => service.eventStatement(deps, currentUser(request).id, request.params.eventId),
    );

    r.get(
      '/events/:eventId/statement.csv',
      // No response schema: the body is text/csv.
      { ...salesTeam, schema: { params: eventIdParams } },
      async (request, reply) => {
        const csv = await service.eventStatementCsv(deps, currentUser(request).id, request.params.eventId);
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', 'attachment; filename="payout-statement.csv"')
          .header('cache-control', 'no-store')
          .send(csv);
      },
    );

    r.get(
      '/events/:eventId/checkins/charts',
      { ...doorTeam, schema: { params: eventIdParams, response: { 200: checkinChartsResponse, ...errors } } },
      async (request) => service.eventCheckinCharts(deps, currentUser(request).id, request.params.eventId),
    );
  };
