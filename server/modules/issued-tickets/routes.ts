import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBody } from '../../../contract/common';
import {
  issuedTicketResponse,
  myTicketsResponse,
  publicKeyResponse,
  revocationListResponse,
  ticketCodeParams,
} from '../../../contract/orders';
import { HttpError } from '../../http/errors';
import { requireUser } from '../auth/plugin';
import type { CheckoutDeps } from '../orders/deps';
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
      async (request) => ({ ticket: await service.ticketByCode(deps, userId(request), request.params.code) }),
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

    r.get('/tickets/public-key', { schema: { response: { 200: publicKeyResponse } } }, async () =>
      publicKeyForScanners(deps.signer),
    );

    r.get('/tickets/revoked', { schema: { response: { 200: revocationListResponse } } }, async () =>
      service.revocationList(deps),
    );
  };
