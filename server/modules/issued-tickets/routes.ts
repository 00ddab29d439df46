import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { errorBody } from '../../../contract/common';
import {
  deviceKeyRequest,
  deviceKeyResponse,
  ticketCheckRequest,
  ticketCheckResponse,
} from '../../../contract/liveCodes';
import {
  issuedTicketResponse,
  myTicketsResponse,
  publicKeyResponse,
  revocationListResponse,
  ticketCodeParams,
} from '../../../contract/orders';
import {
  changedTicketResponse,
  nameCorrectionRequest,
  sharedTicketRequest,
  transferRequest,
} from '../../../contract/ticketChanges';
import { HttpError } from '../../http/errors';
import { requireUser } from '../auth/plugin';
import type { CheckoutDeps } from '../orders/deps';
import { createRateLimiter } from '../ratelimit/limiter';
import { claimSharedTicket, correctTicketName, transferTicket } from './changes';
import { bindDeviceKey, checkTicket } from './deviceKey';
import * as service from './service';
import { publicKeyForScanners } from './signing';

function userId(request: FastifyRequest): string {
  if (!request.sessionUser) throw new HttpError(401, 'Please sign in to continue.');
  return request.sessionUser.id;
}

/** Issued tickets: the holder's views and downloads, and what door scanners need (public key, revocations). */
export const issuedTicketRoutes =
  (deps: CheckoutDeps): FastifyPluginAsync =>
  async (app) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const guarded = { onRequest: requireUser };
    const errors = { 401: errorBody, 404: errorBody };
    const changeErrors = { 400: errorBody, 403: errorBody, 409: errorBody, 429: errorBody, ...errors };
    const limiter = createRateLimiter({
      db: deps.db,
      enabled: deps.config.rateLimits,
      overrides: deps.config.rateLimitRules,
    });

    r.get(
      '/tickets/mine',
      { ...guarded, schema: { response: { 200: myTicketsResponse, 401: errorBody } } },
      async (request) => service.myTickets(deps, userId(request)),
    );

    r.get(
      '/tickets/code/:code',
      {
        ...guarded,
        schema: { params: ticketCodeParams, response: { 200: issuedTicketResponse, ...errors } },
      },
      async (request) => ({
        ticket: await service.ticketByCode(deps, userId(request), request.params.code),
        generatedAt: new Date().toISOString(),
      }),
    );

    r.get(
      '/tickets/code/:code/pdf',
      { ...guarded, schema: { params: ticketCodeParams } },
      async (request, reply) => {
        const { pdf, filename } = await service.ticketPdfByCode(deps, userId(request), request.params.code);
        return reply
          .type('application/pdf')
          .header('content-disposition', `attachment; filename="${filename}"`)
          .header('cache-control', 'private, no-store')
          .send(pdf);
      },
    );

    r.get(
      '/tickets/code/:code/qr.svg',
      { ...guarded, schema: { params: ticketCodeParams } },
      async (request, reply) => {
        const svg = await service.ticketQrByCode(deps, userId(request), request.params.code);
        return reply.type('image/svg+xml').header('cache-control', 'private, no-store').send(svg);
      },
    );

    // Ticket changes (decision 040): each mails a ticket, so they share the 'tickets' rate limit.
    r.post(
      '/tickets/code/:code/transfer',
      {
        ...guarded,
        schema: {
          params: ticketCodeParams,
          body: transferRequest,
          response: { 200: z.object({ message: z.string() }), ...changeErrors },
        },
      },
      async (request, reply) => {
        await limiter.check('tickets', request, reply, userId(request));
        return transferTicket(deps, userId(request), request.params.code, request.body);
      },
    );

    r.post(
      '/tickets/code/:code/name',
      {
        ...guarded,
        schema: {
          params: ticketCodeParams,
          body: nameCorrectionRequest,
          response: { 200: changedTicketResponse, ...changeErrors },
        },
      },
      async (request, reply) => {
        await limiter.check('tickets', request, reply, userId(request));
        const id = await correctTicketName(deps, userId(request), request.params.code, request.body);
        return {
          ticket: await service.ticketById(deps, id),
          message: 'Name corrected. The new ticket is on its way by email.',
        };
      },
    );

    // The ticket's own link (/t#token): the token travels in the body, never in a logged path.
    r.post(
      '/tickets/shared',
      {
        schema: {
          body: sharedTicketRequest,
          response: { 200: issuedTicketResponse, 400: errorBody, 404: errorBody },
        },
      },
      async (request) => ({
        ticket: await service.sharedTicket(deps, request.body.token),
        generatedAt: new Date().toISOString(),
      }),
    );

    r.post(
      '/tickets/shared/claim',
      {
        ...guarded,
        schema: { body: sharedTicketRequest, response: { 200: changedTicketResponse, ...changeErrors } },
      },
      async (request, reply) => {
        await limiter.check('tickets', request, reply, userId(request));
        const id = await claimSharedTicket(deps, userId(request), request.body.token);
        return { ticket: await service.ticketById(deps, id), message: 'The ticket is now in My Tickets.' };
      },
    );

    // Live codes (decision 058): the holder's phone binds its key; a move replaces it on purpose.
    for (const [path, mode] of [
      ['/tickets/code/:code/device-key', 'bind'],
      ['/tickets/code/:code/device-key/move', 'move'],
    ] as const)
      r.route({
        method: mode === 'bind' ? 'PUT' : 'POST',
        url: path,
        ...guarded,
        schema: {
          params: ticketCodeParams,
          body: deviceKeyRequest,
          response: { 200: deviceKeyResponse, ...changeErrors },
        },
        handler: async (request) =>
          bindDeviceKey(deps, userId(request), request.params.code, request.body.publicKey, mode),
      });

    // A ticket's check link (/t#check=…): the token travels in the body, never in a logged path.
    r.post(
      '/tickets/check',
      {
        schema: {
          body: ticketCheckRequest,
          response: { 200: ticketCheckResponse, 400: errorBody, 404: errorBody, 429: errorBody },
        },
      },
      async (request, reply) => {
        // A 122-bit token is not guessable; the per-IP limit only keeps a script from hammering it.
        await limiter.check('lookup', request, reply);
        return checkTicket(deps, request.body.token);
      },
    );

    r.get('/tickets/public-key', { schema: { response: { 200: publicKeyResponse } } }, async () =>
      publicKeyForScanners(deps.signer),
    );

    r.get('/tickets/revoked', { schema: { response: { 200: revocationListResponse } } }, async () =>
      service.revocationList(deps),
    );
  };
