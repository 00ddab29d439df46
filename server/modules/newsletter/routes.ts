import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBody } from '../../../contract/common';
import { newsletterRequest, newsletterResponse } from '../../../contract/newsletter';
import type { AppDeps } from '../../context';
import { subscribe } from './service';

/** POST /api/newsletter: 201 for a new subscription, 200 when the address was already on the list. */
export const newsletterRoutes =
  (deps: AppDeps): FastifyPluginAsync =>
  async (app) => {
    app.withTypeProvider<ZodTypeProvider>().post(
      '/newsletter',
      {
        schema: {
          body: newsletterRequest,
          response: { 200: newsletterResponse, 201: newsletterResponse, 400: errorBody },
        },
      },
      async (request, reply) => {
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
