import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBody } from '../../../contract/common';
import { newsletterRequest, newsletterResponse } from '../../../contract/newsletter';
import type { AppDeps } from '../../context';
import { createRateLimiter } from '../ratelimit/limiter';
import { subscribe } from './service';

/** POST /api/newsletter: 201 for a new subscription, 200 when the address was already on the list. */
export const newsletterRoutes =
  (deps: AppDeps): FastifyPluginAsync =>
  async (app) => {
    const limiter = createRateLimiter({
      db: deps.db,
      enabled: deps.config.rateLimits,
      overrides: deps.config.rateLimitRules,
    });
    app.withTypeProvider<ZodTypeProvider>().post(
      '/newsletter',
      {
        schema: {
          body: newsletterRequest,
          response: { 200: newsletterResponse, 201: newsletterResponse, 400: errorBody, 429: errorBody },
        },
      },
      async (request, reply) => {
        // Each subscription mails a confirmation: limited per IP and per address subscribed.
        await limiter.check('newsletter', request, reply, request.body.email);
        const { created } = await subscribe(deps, request.body);
        return reply.code(created ? 201 : 200).send({
          created,
          message: created
            ? 'Thanks for subscribing! Check your inbox for a confirmation email.'
            : 'You’re already subscribed to our events newsletter.',
        });
      },
    );
  };
