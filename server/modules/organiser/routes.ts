import multipart from '@fastify/multipart';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBody } from '../../../contract/common';
import { eventIdParams, feeModeRequest } from '../../../contract/events';
import {
  eventDetailsRequest,
  eventSavedResponse,
  imageUploadResponse,
  manageEventResponse,
  messageOnly,
  POSTER_MAX_BYTES,
  salesStateRequest,
  testEmailRequest,
  ticketEmailMessageRequest,
} from '../../../contract/organiser';
import { ticketChangeSettings } from '../../../contract/ticketChanges';
import {
  createTicketRequest,
  TICKET_IMAGE_MAX_BYTES,
  ticketIdParams,
  ticketSavedResponse,
  updateTicketRequest,
} from '../../../contract/tickets';
import type { AppDeps } from '../../context';
import { VIEWING_ROLES } from '../access/eventAccess';
import { managesEventParam, managesTicketTypeParam } from '../access/routeGuards';
import { currentUser, requireUser } from '../auth/plugin';
import { sendTestTicketEmail } from '../management/service';
import { createRateLimiter } from '../ratelimit/limiter';
import { offerAfterRelease } from '../waitlist/offers';
import { DUPLICATE_MESSAGE } from './duplicateRules';
import * as events from './eventService';
import { uploadPoster, uploadTicketImage } from './imageService';
import { readImageUpload } from './imageUpload';
import * as tickets from './ticketService';
import { organiserEventView, organiserTickets } from './views';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody } as const;

/**
 * The organiser's event and ticket-type writes (contract/organiser.ts, contract/tickets.ts). Every
 * route authenticates first (onRequest), then settles ownership (preValidation) before reading a body.
 */
export const organiserRoutes =
  (deps: AppDeps): FastifyPluginAsync =>
  async (app) => {
    // Only these routes take uploads; limits are set per request in readImageUpload.
    await app.register(multipart, { throwFileSizeLimit: true });
    const r = app.withTypeProvider<ZodTypeProvider>();
    const signedIn = { onRequest: requireUser };
    const ownsEvent = { onRequest: requireUser, preValidation: managesEventParam(deps.db) };
    // The management page carries the revenue: finance may read it, the door may not (decision 043).
    const viewsEvent = { onRequest: requireUser, preValidation: managesEventParam(deps.db, VIEWING_ROLES) };
    const ownsTicket = { onRequest: requireUser, preValidation: managesTicketTypeParam(deps.db) };
    const uid = (request: Parameters<typeof currentUser>[0]) => currentUser(request).id;
    const limiter = createRateLimiter({
      db: deps.db,
      enabled: deps.config.rateLimits,
      overrides: deps.config.rateLimitRules,
    });

    r.post(
      '/events/create',
      {
        ...signedIn,
        schema: { body: eventDetailsRequest, response: { 201: eventSavedResponse, ...errors } },
      },
      async (request, reply) => {
        const event = await events.createEvent(deps, uid(request), request.body);
        return reply.code(201).send({ event, message: 'Event created successfully!' });
      },
    );

    r.put(
      '/events/:eventId',
      {
        ...ownsEvent,
        schema: {
          params: eventIdParams,
          body: eventDetailsRequest,
          response: { 200: eventSavedResponse, ...errors },
        },
      },
      async (request) => ({
        event: await events.updateEvent(deps, uid(request), request.params.eventId, request.body),
        message: 'Event updated successfully!',
      }),
    );

    r.get(
      '/events/:eventId/manage',
      { ...viewsEvent, schema: { params: eventIdParams, response: { 200: manageEventResponse, ...errors } } },
      async (request) => ({
        event: await organiserEventView(deps.db, request.params.eventId),
        tickets: await organiserTickets(deps.db, request.params.eventId),
      }),
    );

    r.post(
      '/events/:eventId/publish',
      { ...ownsEvent, schema: { params: eventIdParams, response: { 200: eventSavedResponse, ...errors } } },
      async (request) => ({
        event: await events.publishEvent(deps, uid(request), request.params.eventId),
        message: 'Event published',
      }),
    );

    r.post(
      '/events/:eventId/unpublish',
      { ...ownsEvent, schema: { params: eventIdParams, response: { 200: eventSavedResponse, ...errors } } },
      async (request) => ({
        event: await events.unpublishEvent(deps, uid(request), request.params.eventId),
        message: 'Event unpublished: it is a draft again',
      }),
    );

    r.post(
      '/events/:eventId/sales',
      {
        ...ownsEvent,
        schema: {
          params: eventIdParams,
          body: salesStateRequest,
          response: { 200: eventSavedResponse, ...errors },
        },
      },
      async (request) => ({
        event: await events.setSalesLive(deps, uid(request), request.params.eventId, request.body.live),
        message: request.body.live ? 'Ticket sales are live' : 'Ticket sales are paused',
      }),
    );

    r.put(
      '/events/:eventId/ticket-email',
      {
        ...ownsEvent,
        schema: {
          params: eventIdParams,
          body: ticketEmailMessageRequest,
          response: { 200: eventSavedResponse, ...errors },
        },
      },
      async (request) => ({
        event: await events.setTicketEmailMessage(
          deps,
          uid(request),
          request.params.eventId,
          request.body.ticketEmailMessage,
        ),
        message: 'Ticket e-mail message saved',
      }),
    );

    r.put(
      '/events/:eventId/ticket-changes',
      {
        ...ownsEvent,
        schema: {
          params: eventIdParams,
          body: ticketChangeSettings,
          response: { 200: eventSavedResponse, ...errors },
        },
      },
      async (request) => ({
        event: await events.setTicketChanges(deps, uid(request), request.params.eventId, request.body),
        message: request.body.transfersEnabled ? 'Ticket change settings saved' : 'Ticket transfers are off',
      }),
    );

    // Who pays the service fee (decision 066): open orders keep the mode they were made with.
    r.put(
      '/events/:eventId/fee-mode',
      {
        ...ownsEvent,
        schema: {
          params: eventIdParams,
          body: feeModeRequest,
          response: { 200: eventSavedResponse, ...errors },
        },
      },
      async (request) => ({
        event: await events.setFeeMode(deps, uid(request), request.params.eventId, request.body.feeMode),
        message:
          request.body.feeMode === 'absorbed'
            ? 'Prices are now all-in: you pay the service fee'
            : 'Buyers now pay the service fee on top of the price',
      }),
    );

    r.post(
      '/events/:eventId/test-email',
      {
        ...ownsEvent,
        schema: {
          params: eventIdParams,
          body: testEmailRequest,
          response: { 200: messageOnly, 429: errorBody, ...errors },
        },
      },
      async (request, reply) => {
        // A test email goes to any address typed: limited per organiser and per IP.
        await limiter.check('testmail', request, reply, uid(request));
        return {
          message: await sendTestTicketEmail(deps, uid(request), request.params.eventId, request.body.email),
        };
      },
    );

    r.post(
      '/events/:eventId/duplicate',
      { ...ownsEvent, schema: { params: eventIdParams, response: { 201: eventSavedResponse, ...errors } } },
      async (request, reply) => {
        const event = await events.duplicateEvent(deps, uid(request), request.params.eventId);
        return reply.code(201).send({ event, message: DUPLICATE_MESSAGE });
      },
    );

    r.put(
      '/events/update-image/:eventId',
      {
        ...ownsEvent,
        schema: { params: eventIdParams, response: { 200: imageUploadResponse, ...errors, 413: errorBody } },
      },
      async (request) => {
        const upload = await readImageUpload(request, 'eventImage', POSTER_MAX_BYTES);
        // 'Publish now' is on unless the form says otherwise.
        const publish = !['false', '0', 'off', 'no'].includes(
          (upload.fields.publish ?? 'true').toLowerCase(),
        );
        return uploadPoster(deps, uid(request), request.params.eventId, upload.bytes, publish);
      },
    );

    r.post(
      '/tickets/create',
      {
        ...signedIn,
        schema: {
          body: createTicketRequest,
          response: { 201: ticketSavedResponse, ...errors, 422: errorBody, 502: errorBody },
        },
      },
      async (request, reply) => {
        const ticket = await tickets.createTicket(deps, uid(request), request.body);
        return reply.code(201).send({ message: 'Ticket created successfully!', ticket });
      },
    );

    r.put(
      '/tickets/:ticketId',
      {
        ...ownsTicket,
        schema: {
          params: ticketIdParams,
          body: updateTicketRequest,
          response: { 200: ticketSavedResponse, ...errors, 422: errorBody, 502: errorBody },
        },
      },
      async (request) => {
        const ticket = await tickets.updateTicket(deps, uid(request), request.params.ticketId, request.body);
        // More stock: those on its waiting list are offered the new seats now (decision 042).
        await offerAfterRelease({ ...deps, log: request.log }, [request.params.ticketId]);
        return { message: 'Ticket updated successfully!', ticket };
      },
    );

    r.delete(
      '/tickets/:ticketId',
      { ...ownsTicket, schema: { params: ticketIdParams, response: { 200: messageOnly, ...errors } } },
      async (request) => {
        await tickets.deleteTicket(deps, uid(request), request.params.ticketId);
        return { message: 'Ticket deleted' };
      },
    );

    r.put(
      '/tickets/update-image/:ticketId',
      {
        ...ownsTicket,
        schema: { params: ticketIdParams, response: { 200: ticketSavedResponse, ...errors, 413: errorBody } },
      },
      async (request) => {
        const upload = await readImageUpload(request, 'ticketImage', TICKET_IMAGE_MAX_BYTES);
        return {
          message: 'Image uploaded successfully!',
          ticket: await uploadTicketImage(deps, uid(request), request.params.ticketId, upload.bytes),
        };
      },
    );
  };
