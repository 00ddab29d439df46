import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBody } from '../../../contract/common';
import {
  onsaleEventParams,
  onsalePlaceResponse,
  onsaleRoomResponse,
  onsaleSettingsRequest,
  onsaleSettingsResponse,
} from '../../../contract/onsale';
import { managesEventParam } from '../access/routeGuards';
import { currentUser, requireUser } from '../auth/plugin';
import type { CheckoutDeps } from '../orders/deps';
import { createRateLimiter } from '../ratelimit/limiter';
import { passesOf } from './gate';
import * as service from './service';
import { readOnsaleSettings, saveOnsaleSettings } from './settings';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };

const userId = (request: FastifyRequest) => currentUser(request).id;

/** The waiting room (contract/onsale.ts, decision 059). */
export const onsaleRoutes =
  (deps: CheckoutDeps): FastifyPluginAsync =>
  async (app) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const od = service.onsaleDeps(deps.db, deps.config.onsale, passesOf(deps.signer));
    const signedIn = { onRequest: requireUser };
    const manager = { onRequest: requireUser, preValidation: managesEventParam(deps.db) };
    const limiter = createRateLimiter({
      db: deps.db,
      enabled: deps.config.rateLimits,
      overrides: deps.config.rateLimitRules,
    });

    r.get(
      '/onsale/:eventId/room',
      { schema: { params: onsaleEventParams, response: { 200: onsaleRoomResponse, ...errors } } },
      async (request) => service.room(od, request.params.eventId),
    );

    r.post(
      '/onsale/:eventId/join',
      {
        ...signedIn,
        schema: {
          params: onsaleEventParams,
          response: { 200: onsalePlaceResponse, 429: errorBody, ...errors },
        },
      },
      async (request, reply) => {
        // Accounts made in bulk from one address join from it: the per-IP limit caps what they add.
        await limiter.check('queue', request, reply, userId(request));
        // When the request reached this process (its first hook), not when the session look-up and
        // the limiter let it through: that instant decides "before the on-sale time".
        const arrivedMs = performance.timeOrigin + performance.now() - reply.elapsedTime;
        return service.join(od, request.params.eventId, userId(request), arrivedMs);
      },
    );

    r.get(
      '/onsale/:eventId',
      {
        ...signedIn,
        schema: { params: onsaleEventParams, response: { 200: onsalePlaceResponse, ...errors } },
      },
      async (request, reply) => {
        // Never cached by a proxy or the browser: the answer is this account's and changes each second.
        reply.header('cache-control', 'no-store');
        return service.place(od, request.params.eventId, userId(request));
      },
    );

    r.get(
      '/events/:eventId/onsale',
      {
        ...manager,
        schema: { params: onsaleEventParams, response: { 200: onsaleSettingsResponse, ...errors } },
      },
      async (request) => readOnsaleSettings(deps.db, deps.config.onsale, request.params.eventId),
    );

    r.put(
      '/events/:eventId/onsale',
      {
        ...manager,
        schema: {
          params: onsaleEventParams,
          body: onsaleSettingsRequest,
          response: { 200: onsaleSettingsResponse, ...errors },
        },
      },
      async (request) =>
        saveOnsaleSettings(deps.db, deps.config.onsale, request.params.eventId, request.body),
    );
  };
