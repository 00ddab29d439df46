import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBody } from '../../../contract/common';
import { eventIdParams } from '../../../contract/events';
import {
  checkoutQuestionsResponse,
  questionIdParams,
  questionListResponse,
  questionMoveRequest,
  questionRequest,
} from '../../../contract/questions';
import type { AppDeps } from '../../context';
import { GUESTLIST_ROLES, MANAGING_ROLES } from '../access/eventAccess';
import { managesEventParam } from '../access/routeGuards';
import { requireUser } from '../auth/plugin';
import * as service from './service';

/**
 * Checkout questions (contract/questions.ts, decision 045): the owner and co-organisers edit them;
 * the whole team may read the list (its answers are the guest list's, which the whole team reads);
 * buyers read only what checkout asks.
 */
export const questionRoutes =
  (deps: AppDeps): FastifyPluginAsync =>
  async (app) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const editors = { onRequest: requireUser, preValidation: managesEventParam(deps.db, MANAGING_ROLES) };
    const readers = { onRequest: requireUser, preValidation: managesEventParam(deps.db, GUESTLIST_ROLES) };
    const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
    const list = { 200: questionListResponse, ...errors };

    r.get(
      '/events/:eventId/checkout-questions',
      { schema: { params: eventIdParams, response: { 200: checkoutQuestionsResponse, 404: errorBody } } },
      async (request) => ({ questions: await service.publicQuestions(deps.db, request.params.eventId) }),
    );

    r.get(
      '/events/:eventId/questions',
      { ...readers, schema: { params: eventIdParams, response: list } },
      async (request) => ({
        questions: await service.listQuestions(deps.db, request.params.eventId),
      }),
    );

    r.post(
      '/events/:eventId/questions',
      {
        ...editors,
        schema: {
          params: eventIdParams,
          body: questionRequest,
          response: { 201: questionListResponse, ...errors },
        },
      },
      async (request, reply) =>
        reply
          .code(201)
          .send({ questions: await service.createQuestion(deps.db, request.params.eventId, request.body) }),
    );

    r.put(
      '/events/:eventId/questions/:questionId',
      { ...editors, schema: { params: questionIdParams, body: questionRequest, response: list } },
      async (request) => ({
        questions: await service.updateQuestion(
          deps.db,
          request.params.eventId,
          request.params.questionId,
          request.body,
        ),
      }),
    );

    r.delete(
      '/events/:eventId/questions/:questionId',
      { ...editors, schema: { params: questionIdParams, response: list } },
      async (request) => ({
        questions: await service.deleteQuestion(deps.db, request.params.eventId, request.params.questionId),
      }),
    );

    r.post(
      '/events/:eventId/questions/:questionId/move',
      { ...editors, schema: { params: questionIdParams, body: questionMoveRequest, response: list } },
      async (request) => ({
        questions: await service.moveQuestion(
          deps.db,
          request.params.eventId,
          request.params.questionId,
          request.body.direction,
        ),
      }),
    );
  };
