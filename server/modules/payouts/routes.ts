import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBody } from '../../../contract/common';
import {
  banksResponse,
  payoutAccountQuery,
  payoutAccountRequest,
  payoutAccountResponse,
  payoutAccountSavedResponse,
  resolveQuery,
  resolveResponse,
} from '../../../contract/payouts';
import type { AppDeps } from '../../context';
import { manageableEvent } from '../access/eventAccess';
import { currentUser, requireUser } from '../auth/plugin';
import { createRateLimiter } from '../ratelimit/limiter';
import { confirmPassword } from './passwordCheck';
import * as service from './service';

/** Banks, account look-up and the organiser's payout account (contract/payouts.ts). */
export const payoutRoutes =
  (deps: AppDeps): FastifyPluginAsync =>
  async (app) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const signedIn = { onRequest: requireUser };
    const limiter = createRateLimiter({
      db: deps.db,
      enabled: deps.config.rateLimits,
      overrides: deps.config.rateLimitRules,
    });

    r.get('/payments/banks', { ...signedIn, schema: { response: { 200: banksResponse } } }, async (request) =>
      service.listBanks(deps, request.log),
    );

    r.get(
      '/payments/resolve',
      {
        ...signedIn,
        schema: {
          querystring: resolveQuery,
          response: { 200: resolveResponse, 422: errorBody, 429: errorBody, 502: errorBody },
        },
      },
      async (request, reply) => {
        // Per account as well as per IP: a signed-in user cannot walk account numbers to learn
        // their holders' names by hopping addresses.
        await limiter.check('resolve', request, reply, currentUser(request).id);
        return service.resolveAccount(
          deps,
          request.query.account_number,
          request.query.bank_code,
          request.log,
        );
      },
    );

    r.get(
      '/payments/payout-account',
      {
        ...signedIn,
        schema: {
          querystring: payoutAccountQuery,
          response: { 200: payoutAccountResponse, 403: errorBody, 404: errorBody },
        },
      },
      async (request) => {
        const userId = currentUser(request).id;
        const { eventId } = request.query;
        if (!eventId)
          return {
            payoutAccount: await service.getPayoutAccount(deps, userId),
            mode: deps.banking.mode,
            yours: true,
          };
        // An event's ticket forms: its owner's account, to whoever may edit its tickets.
        const event = await manageableEvent(deps.db, eventId, userId);
        return { ...(await service.payoutForEvent(deps, event, userId)), mode: deps.banking.mode };
      },
    );

    r.put(
      '/payments/payout-account',
      {
        ...signedIn,
        schema: {
          body: payoutAccountRequest,
          response: {
            200: payoutAccountSavedResponse,
            400: errorBody,
            422: errorBody,
            429: errorBody,
            502: errorBody,
          },
        },
      },
      async (request, reply) => {
        const userId = currentUser(request).id;
        // Counted before the password check, so the password cannot be guessed here either.
        await limiter.check('resolve', request, reply, userId);
        await confirmPassword(deps, userId, request.body.password);
        const { bank, accountNumber } = request.body;
        return {
          message: 'Payout account saved',
          payoutAccount: await service.savePayoutAccount(deps, userId, { bank, accountNumber }, request.log),
        };
      },
    );
  };
