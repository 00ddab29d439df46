import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ACCESS_CODE_MESSAGES } from '../../../contract/accessCodes';
import { errorBody } from '../../../contract/common';
import { eventIdParams } from '../../../contract/events';
import { eventTicketsQuery, eventTicketsResponse, ticketList } from '../../../contract/tickets';
import type { AppDeps } from '../../context';
import { unlockFor } from '../access-codes/service';
import { createRateLimiter } from '../ratelimit/limiter';
import * as service from './service';

export const ticketRoutes =
  (deps: AppDeps): FastifyPluginAsync =>
  async (app) => {
    const { db } = deps;
    const r = app.withTypeProvider<ZodTypeProvider>();
    const limiter = createRateLimiter({
      db,
      enabled: deps.config.rateLimits,
      overrides: deps.config.rateLimitRules,
    });

    // The spec calls both /api/tickets and /api/tickets/; Fastify treats them as one route only
    // with ignoreTrailingSlash, which app.ts turns on.
    r.get('/tickets', { schema: { response: { 200: ticketList } } }, async () =>
      service.listPublicTickets(db),
    );

    r.get(
      '/tickets/event/:eventId',
      {
        schema: {
          params: eventIdParams,
          querystring: eventTicketsQuery,
          response: { 200: eventTicketsResponse, 404: errorBody },
        },
      },
      async (request, reply) => {
        const { eventId } = request.params;
        const code = request.query.access?.trim();
        let unlocked: ReadonlySet<string> = new Set();
        if (code) {
          // Access codes are guessed like discount codes: the same limits per buyer and address.
          await limiter.check('discount', request, reply, request.sessionUser?.id);
          const unlock = await unlockFor(db, eventId, code);
          if (!unlock) return reply.code(404).send({ message: ACCESS_CODE_MESSAGES.notValid });
          unlocked = new Set(unlock.ticketTypeIds);
        }
        const tickets = await service.listEventTickets(
          db,
          eventId,
          request.sessionUser?.id ?? null,
          unlocked,
        );
        if (!tickets) return reply.code(404).send({ message: 'Event not found' });
        return { tickets };
      },
    );
  };
