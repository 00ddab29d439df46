import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBody } from '../../../contract/common';
import {
  discountIdParams,
  discountListResponse,
  discountRequest,
  discountSavedResponse,
} from '../../../contract/discounts';
import { eventIdParams } from '../../../contract/events';
import { messageOnly } from '../../../contract/organiser';
import type { AppDeps } from '../../context';
import { managesEventParam } from '../access/routeGuards';
import { currentUser, requireUser } from '../auth/plugin';
import * as service from './service';

/** Discount codes of an event, for its organiser (contract/discounts.ts). */
export const discountRoutes =
  (deps: AppDeps): FastifyPluginAsync =>
  async (app) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const owner = { onRequest: requireUser, preValidation: managesEventParam(deps.db) };
    const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };

    r.get(
      '/events/:eventId/discounts',
      { ...owner, schema: { params: eventIdParams, response: { 200: discountListResponse, ...errors } } },
      async (request) => ({
        discounts: await service.listDiscounts(deps, currentUser(request).id, request.params.eventId),
      }),
    );

    r.post(
      '/events/:eventId/discounts',
      {
        ...owner,
        schema: {
          params: eventIdParams,
          body: discountRequest,
          response: { 201: discountSavedResponse, ...errors },
        },
      },
      async (request, reply) => {
        const discount = await service.createDiscount(
          deps,
          currentUser(request).id,
          request.params.eventId,
          request.body,
        );
        return reply.code(201).send({ message: `Discount code ${discount.code} created`, discount });
      },
    );

    r.put(
      '/events/:eventId/discounts/:discountId',
      {
        ...owner,
        schema: {
          params: discountIdParams,
          body: discountRequest,
          response: { 200: discountSavedResponse, ...errors },
        },
      },
      async (request) => {
        const { eventId, discountId } = request.params;
        const discount = await service.updateDiscount(
          deps,
          currentUser(request).id,
          eventId,
          discountId,
          request.body,
        );
        return { message: `Discount code ${discount.code} saved`, discount };
      },
    );

    r.delete(
      '/events/:eventId/discounts/:discountId',
      { ...owner, schema: { params: discountIdParams, response: { 200: messageOnly, ...errors } } },
      async (request) => {
        const { eventId, discountId } = request.params;
        await service.deleteDiscount(deps, currentUser(request).id, eventId, discountId);
        return { message: 'Discount code deleted' };
      },
    );
  };
