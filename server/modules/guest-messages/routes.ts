import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBody } from '../../../contract/common';
import { eventIdParams } from '../../../contract/events';
import {
  guestMessageDraft,
  guestMessagePreview,
  guestMessageSummary,
  guestMessagesResponse,
  guestMessageTestSent,
  latestGuestMessage,
  ticketMessageRequest,
  unsubscribedResponse,
  unsubscribeRequest,
} from '../../../contract/guestMessages';
import type { AppDeps } from '../../context';
import { MANAGING_ROLES } from '../access/eventAccess';
import { managesEventParam } from '../access/routeGuards';
import { currentUser, requireUser } from '../auth/plugin';
import * as service from './service';
import { unsubscribe } from './unsubscribe';
import type { GuestMessageWorker } from './worker';

/** A word to every guest (contract/guestMessages.ts, decision 063). */
export const guestMessageRoutes =
  (deps: AppDeps, worker: () => GuestMessageWorker | null): FastifyPluginAsync =>
  async (app) => {
    const { db } = deps;
    const r = app.withTypeProvider<ZodTypeProvider>();
    const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };
    const sendErrors = { ...errors, 409: errorBody, 429: errorBody };
    // Writing to the guests is managing the event: owner and co-organiser (permissions.ts 'event.manage').
    const manager = { onRequest: requireUser, preValidation: managesEventParam(db, MANAGING_ROLES) };

    r.get(
      '/events/:eventId/messages',
      { ...manager, schema: { params: eventIdParams, response: { 200: guestMessagesResponse, ...errors } } },
      async (request) => service.listMessages(db, request.params.eventId, Date.now()),
    );

    r.post(
      '/events/:eventId/messages/preview',
      {
        ...manager,
        schema: {
          params: eventIdParams,
          body: guestMessageDraft,
          response: { 200: guestMessagePreview, ...errors },
        },
      },
      async (request) =>
        service.previewMessage(deps, request.params.eventId, currentUser(request).id, request.body),
    );

    r.post(
      '/events/:eventId/messages/test',
      {
        ...manager,
        schema: {
          params: eventIdParams,
          body: guestMessageDraft,
          response: { 202: guestMessageTestSent, ...sendErrors },
        },
      },
      async (request, reply) => {
        const sent = await service.sendTestMessage(
          deps,
          request.params.eventId,
          currentUser(request).id,
          request.body,
          Date.now(),
        );
        worker()?.kick();
        return reply.code(202).send(sent);
      },
    );

    r.post(
      '/events/:eventId/messages',
      {
        ...manager,
        schema: {
          params: eventIdParams,
          body: guestMessageDraft,
          response: { 202: guestMessageSummary, ...sendErrors },
        },
      },
      async (request, reply) => {
        const message = await service.sendMessage(
          deps,
          request.params.eventId,
          currentUser(request).id,
          request.body,
          Date.now(),
        );
        worker()?.kick();
        return reply.code(202).send(message);
      },
    );

    // The ticket's code or share link travels in the body: never in a logged path.
    r.post(
      '/guest-messages/for-ticket',
      {
        schema: {
          body: ticketMessageRequest,
          response: { 200: latestGuestMessage, 400: errorBody, 404: errorBody },
        },
      },
      async (request) => service.latestForTicket(db, request.body.key),
    );

    // The unsubscribe page posts the link's token in the body (decision 070).
    r.post(
      '/guest-messages/unsubscribe',
      {
        schema: {
          body: unsubscribeRequest,
          response: { 200: unsubscribedResponse, 400: errorBody, 404: errorBody },
        },
      },
      async (request) => unsubscribe(deps, request.body.token),
    );

    // RFC 8058 one-click: a mail app POSTs `List-Unsubscribe=One-Click` as a form to the header's URL.
    // The form's one field says nothing the URL does not, so the body is read and set aside.
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_req, _body, done) => done(null, {}),
    );
    r.post(
      '/guest-messages/unsubscribe/one-click',
      {
        schema: {
          querystring: unsubscribeRequest,
          response: { 200: unsubscribedResponse, 400: errorBody, 404: errorBody },
        },
      },
      async (request) => unsubscribe(deps, request.query.token),
    );
  };
