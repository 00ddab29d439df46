import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBody } from '../../../contract/common';
import { contactRequest, contactResponse } from '../../../contract/contact';
import type { AppDeps } from '../../context';
import { receiveContactMessage } from './service';

/** POST /api/contact: the Contact Us form. 201 once stored and queued for the team's inbox. */
export const contactRoutes =
  (deps: AppDeps): FastifyPluginAsync =>
  async (app) => {
    app
      .withTypeProvider<ZodTypeProvider>()
      .post(
        '/contact',
        { schema: { body: contactRequest, response: { 201: contactResponse, 400: errorBody } } },
        async (request, reply) => {
          await receiveContactMessage(deps, request.body);
          return reply.code(201).send({ message: 'Email Sent successfully!' });
        },
      );
  };
