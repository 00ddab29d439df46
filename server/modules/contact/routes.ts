import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBody } from '../../../contract/common';
import { contactRequest, contactResponse } from '../../../contract/contact';
import type { AppDeps } from '../../context';
import { createRateLimiter } from '../ratelimit/limiter';
import { receiveContactMessage } from './service';

/** POST /api/contact: the Contact Us form. 201 once stored and queued for the team's inbox. */
export const contactRoutes =
  (deps: AppDeps): FastifyPluginAsync =>
  async (app) => {
    const limiter = createRateLimiter({
      db: deps.db,
      enabled: deps.config.rateLimits,
      overrides: deps.config.rateLimitRules,
    });
    app.withTypeProvider<ZodTypeProvider>().post(
      '/contact',
      {
        schema: {
          body: contactRequest,
          response: { 201: contactResponse, 400: errorBody, 429: errorBody },
        },
      },
      async (request, reply) => {
        // Per IP and per sender address: neither many addresses from one place nor one address
        // from many places can fill the team's inbox.
        await limiter.check('contact', request, reply, request.body.email);
        await receiveContactMessage(deps, request.body);
        return reply.code(201).send({ message: 'Email Sent successfully!' });
      },
    );
  };
