import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { errorBody } from '../../../contract/common';
import {
  attendeeUpdateRequest,
  createOrderRequest,
  discountRequest,
  myOrdersResponse,
  orderIdParams,
  orderResponse,
  orderTicketParams,
  payRequest,
  payResponse,
  readOrderResponse,
  replaceItemsRequest,
} from '../../../contract/orders';
import { refundQuote, refundQuoteRequest, refundRequest, refundResponse } from '../../../contract/refunds';
import { isUuid } from '../../db/query';
import { HttpError } from '../../http/errors';
import { returnOrigin } from '../../http/returnOrigin';
import { registerFastPath } from '../../http/validation';
import { buyersOrder, manageableOrder, readableOrder, SALES_ROLES } from '../access/eventAccess';
import { requireUser } from '../auth/plugin';
import { reissueTicket } from '../issued-tickets/changes';
import { sendTicketEmails } from '../issued-tickets/email';
import { cancelOrderByOrganiser } from '../payments/cancel';
import { payOrder, verifyAndPresent } from '../payments/service';
import { createRateLimiter } from '../ratelimit/limiter';
import { quoteRefund, refundOrder } from '../refunds/service';
import { offerAfterRelease } from '../waitlist/offers';
import type { CheckoutDeps } from './deps';
import { applyDiscount, removeDiscount } from './discounts';
import { fastCreateOrder } from './fastCreateOrder';
import { MESSAGES } from './messages';
import { giveBackFreeOrder } from './selfService';
import * as service from './service';

/** A malformed id is an unknown order, never a 500 from the uuid cast. */
function orderId(request: FastifyRequest<{ Params: { orderId: string } }>): string {
  if (!isUuid(request.params.orderId)) throw new HttpError(404, MESSAGES.orderNotFound);
  return request.params.orderId;
}

function userId(request: FastifyRequest): string {
  // requireUser ran on onRequest; this only narrows the type.
  if (!request.sessionUser) throw new HttpError(401, 'Please sign in to continue.');
  return request.sessionUser.id;
}

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };

// A flash sale's hottest body: checked by hand when plainly valid, by zod otherwise (decision 068).
registerFastPath(createOrderRequest, fastCreateOrder);

/** Checkout's order API (contract/orders.ts). Every route needs a signed-in user. */
export const orderRoutes =
  (deps: CheckoutDeps): FastifyPluginAsync =>
  async (app) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const guarded = { onRequest: requireUser };
    const limiter = createRateLimiter({
      db: deps.db,
      enabled: deps.config.rateLimits,
      overrides: deps.config.rateLimitRules,
    });

    r.post(
      '/orders',
      {
        ...guarded,
        // Sent uncompressed (decision 017): the body is 1–2 KB once per checkout, while a brotli
        // encoder per reply was the server's largest per-sale CPU cost in a flash sale.
        compress: false,
        schema: { body: createOrderRequest, response: { 201: orderResponse, ...errors } },
      },
      async (request, reply) => {
        // An access code is guessed like a discount code: the same limits (only when one is sent).
        if (request.body.accessCode) await limiter.check('discount', request, reply, userId(request));
        const order = await service.createOrder(deps, userId(request), request.body);
        return reply.code(201).send({ order });
      },
    );

    r.get(
      '/orders/mine',
      { ...guarded, schema: { response: { 200: myOrdersResponse, 401: errorBody } } },
      async (request) => ({
        orders: await service.myOrders(deps, userId(request)),
      }),
    );

    r.get(
      '/orders/:orderId',
      { ...guarded, schema: { params: orderIdParams, response: { 200: readOrderResponse, ...errors } } },
      async (request) => ({ order: await service.getOrder(deps, userId(request), orderId(request)) }),
    );

    r.put(
      '/orders/:orderId/items',
      {
        ...guarded,
        schema: {
          params: orderIdParams,
          body: replaceItemsRequest,
          response: { 200: orderResponse, ...errors },
        },
      },
      async (request) => ({
        order: await service.changeOrderItems(deps, userId(request), orderId(request), request.body),
      }),
    );

    r.delete(
      '/orders/:orderId',
      { ...guarded, schema: { params: orderIdParams, response: { 200: orderResponse, ...errors } } },
      async (request) => {
        const order = await service.abandonOrder(deps, userId(request), orderId(request));
        // Seats came back: a waiting list is offered them now, not at the next sweep (decision 042).
        await offerAfterRelease(
          deps,
          order.items.map((i) => i.ticketId),
        );
        return { order };
      },
    );

    r.post(
      '/orders/:orderId/discount',
      {
        ...guarded,
        schema: {
          params: orderIdParams,
          body: discountRequest,
          response: { 200: orderResponse, 429: errorBody, ...errors },
        },
      },
      async (request, reply) => {
        // Every code tried counts, per buyer and per IP, so codes cannot be guessed by trying many.
        await limiter.check('discount', request, reply, userId(request));
        const order = await buyersOrder(deps.db, orderId(request), userId(request));
        return { order: await applyDiscount(deps, order.id, request.body.code) };
      },
    );

    r.delete(
      '/orders/:orderId/discount',
      { ...guarded, schema: { params: orderIdParams, response: { 200: orderResponse, ...errors } } },
      async (request) => {
        const order = await buyersOrder(deps.db, orderId(request), userId(request));
        return { order: await removeDiscount(deps, order.id) };
      },
    );

    r.post(
      '/orders/:orderId/pay',
      {
        ...guarded,
        schema: {
          params: orderIdParams,
          body: payRequest,
          response: { 200: payResponse, 502: errorBody, ...errors },
        },
      },
      async (request) => {
        const order = await buyersOrder(deps.db, orderId(request), userId(request));
        return payOrder(deps, order.id, request.body, returnOrigin(request, deps.config));
      },
    );

    r.post(
      '/orders/:orderId/verify',
      { ...guarded, schema: { params: orderIdParams, response: { 200: readOrderResponse, ...errors } } },
      async (request) => {
        const order = await readableOrder(deps.db, orderId(request), userId(request));
        await verifyAndPresent(deps, order.id, { userId: userId(request) });
        return { order: await service.getOrder(deps, userId(request), order.id) };
      },
    );

    /* ---------- The organiser's actions on an order of their event ---------- */

    r.post(
      '/orders/:orderId/resend',
      {
        ...guarded,
        schema: { params: orderIdParams, response: { 200: z.object({ message: z.string() }), ...errors } },
      },
      async (request, reply) => {
        // The buyer ('Email my tickets again') or the event's organiser; each send mails PDFs.
        await limiter.check('tickets', request, reply, userId(request));
        const order = await readableOrder(deps.db, orderId(request), userId(request));
        if (order.status !== 'paid')
          throw new HttpError(409, 'Only the tickets of a paid order can be sent.');
        const sent = await sendTicketEmails(deps, order.id);
        return { message: `Tickets sent to ${sent} email address${sent === 1 ? '' : 'es'}.` };
      },
    );

    r.patch(
      '/orders/:orderId/tickets/:code',
      {
        ...guarded,
        schema: {
          params: orderTicketParams,
          body: attendeeUpdateRequest,
          response: { 200: readOrderResponse, ...errors },
        },
      },
      async (request) => {
        const order = await manageableOrder(deps.db, orderId(request), userId(request));
        await reissueTicket(deps, order.id, request.params.code, request.body, userId(request));
        return { order: await service.getOrder(deps, userId(request), order.id) };
      },
    );

    // The buyer gives back a free order's seats (selfService.ts).
    r.post(
      '/orders/:orderId/give-back',
      { ...guarded, schema: { params: orderIdParams, response: { 200: orderResponse, ...errors } } },
      async (request) => {
        const order = await giveBackFreeOrder(deps, orderId(request), userId(request));
        await offerAfterRelease(
          deps,
          order.items.map((i) => i.ticketId),
        );
        return { order };
      },
    );

    r.post(
      '/orders/:orderId/cancel',
      { ...guarded, schema: { params: orderIdParams, response: { 200: readOrderResponse, ...errors } } },
      async (request) => {
        // Cancelling is money: finance may, the door may not (decision 043).
        const order = await manageableOrder(deps.db, orderId(request), userId(request), SALES_ROLES);
        const cancelled = await cancelOrderByOrganiser(deps, order.id, userId(request));
        // The seats it gives back go to the waiting list first (decision 042).
        await offerAfterRelease(
          deps,
          cancelled.items.map((i) => i.ticketId),
        );
        return { order: cancelled };
      },
    );

    r.post(
      '/orders/:orderId/refunds',
      {
        ...guarded,
        schema: {
          params: orderIdParams,
          body: refundRequest,
          response: { 200: refundResponse, 201: refundResponse, ...errors },
        },
      },
      async (request, reply) => {
        // Refunding is money, like cancelling: finance may, the door may not (decisions 043, 044).
        const order = await manageableOrder(deps.db, orderId(request), userId(request), SALES_ROLES);
        const done = await refundOrder(deps, order.id, userId(request), request.body);
        if (done.releasedTypes.length > 0) await offerAfterRelease(deps, done.releasedTypes);
        return reply.code(done.created ? 201 : 200).send({ refund: done.refund });
      },
    );

    r.post(
      '/orders/:orderId/refunds/quote',
      {
        ...guarded,
        schema: {
          params: orderIdParams,
          body: refundQuoteRequest,
          response: { 200: refundQuote, ...errors },
        },
      },
      async (request) => {
        // The review's amount for a refund by seats, by the refund's own rule; nothing is written.
        const order = await manageableOrder(deps.db, orderId(request), userId(request), SALES_ROLES);
        return quoteRefund(deps, order.id, request.body.tickets);
      },
    );
  };
