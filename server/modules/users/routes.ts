import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  changePasswordRequest,
  deleteAccountRequest,
  emailRequest,
  loginRequest,
  loginResponse,
  messageResponse,
  otpRequest,
  otpVerifiedResponse,
  quickCheckoutRequest,
  registerRequest,
  resetPasswordRequest,
  sessionIdParams,
  sessionList,
  sessionSettingsRequest,
  setPasswordRequest,
  updateProfileRequest,
  userIdParams,
  userResponse,
  verifyEmailQuery,
} from '../../../contract/users';
import type { AppDeps } from '../../context';
import { isUuid } from '../../db/query';
import { HttpError } from '../../http/errors';
import { currentUser, requireUser } from '../auth/plugin';
import { createRateLimiter } from '../ratelimit/limiter';
import { quickCheckout, setPassword } from './quickCheckout';
import * as service from './service';
import { listSessions, recordActivity, revokeSession } from './sessions';

const meta = (request: FastifyRequest): service.ClientMeta => ({
  userAgent: request.headers['user-agent'],
  ip: request.ip,
});

/** Every `/api/users/*` endpoint; see docs/api-accounts.md for the table of paths and answers. */
export const userRoutes =
  (deps: AppDeps): FastifyPluginAsync =>
  async (app) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const limiter = createRateLimiter({
      db: deps.db,
      enabled: deps.config.rateLimits,
      overrides: deps.config.rateLimitRules,
    });
    // Authenticate first: a caller without a valid session gets 401 before any validation.
    const signedIn = { onRequest: requireUser };

    r.post(
      '/users/register',
      { schema: { body: registerRequest, response: { 201: messageResponse } } },
      async (request, reply) => {
        await limiter.check('register', request, reply, request.body.email);
        const message = await service.register(deps, request.body);
        return reply.code(201).send({ message });
      },
    );

    // Quick checkout (quickCheckout.ts, decision 038): an account without a password, signed in at once.
    r.post(
      '/users/quick-checkout',
      { schema: { body: quickCheckoutRequest, response: { 200: loginResponse } } },
      async (request, reply) => {
        await limiter.check('register', request, reply, request.body.email);
        return quickCheckout(deps, request.body, meta(request));
      },
    );

    r.post(
      '/users/set-password',
      { schema: { body: setPasswordRequest, response: { 200: loginResponse } } },
      async (request) => setPassword(deps, request.body, meta(request)),
    );

    r.get(
      '/users/verify-email',
      { schema: { querystring: verifyEmailQuery, response: { 200: messageResponse } } },
      async (request) => ({ message: await service.verifyEmail(deps, request.query.token) }),
    );

    r.post(
      '/users/resend-verification-email',
      { schema: { body: emailRequest, response: { 200: messageResponse } } },
      async (request, reply) => {
        await limiter.attempt('resend', request, reply, request.body.email);
        return { message: await service.resendVerification(deps, request.body.email) };
      },
    );

    r.post(
      '/users/login',
      { schema: { body: loginRequest, response: { 200: loginResponse } } },
      async (request, reply) => {
        const attempt = await limiter.attempt('login', request, reply, request.body.email);
        // Only a wrong email or password (401) counts as a guess; the right password takes its try back.
        const answer = await service.login(deps, request.body, meta(request)).catch(async (error) => {
          if (!(error instanceof HttpError && error.status === 401)) await attempt.harmless();
          throw error;
        });
        await attempt.harmless();
        return answer;
      },
    );

    r.get('/users/me', { ...signedIn, schema: { response: { 200: userResponse } } }, async (request) =>
      service.me(deps, currentUser(request)),
    );

    r.put(
      '/users/:id',
      {
        ...signedIn,
        schema: { params: userIdParams, body: updateProfileRequest, response: { 200: userResponse } },
      },
      async (request) => service.updateProfile(deps, currentUser(request), request.params.id, request.body),
    );

    r.post(
      '/users/logout',
      { ...signedIn, schema: { response: { 200: messageResponse } } },
      async (request) => ({
        message: await service.logout(deps, currentUser(request)),
      }),
    );

    r.post(
      '/users/forgot-password',
      { schema: { body: emailRequest, response: { 200: messageResponse } } },
      async (request, reply) => {
        await limiter.attempt('forgot', request, reply, request.body.email);
        return { message: await service.forgotPassword(deps, request.body.email) };
      },
    );

    r.post(
      '/users/verify-otp',
      { schema: { body: otpRequest, response: { 200: otpVerifiedResponse } } },
      async (request, reply) => {
        const attempt = await limiter.attempt('otp', request, reply, request.body.email);
        const verified = await service.verifyOtp(deps, request.body.email, request.body.otp, request.ip);
        await attempt.harmless();
        return verified;
      },
    );

    r.post(
      '/users/reset-password',
      { schema: { body: resetPasswordRequest, response: { 200: messageResponse } } },
      async (request, reply) => {
        // Guarded by the reset token; counted with verify-otp so it cannot be hammered either.
        const attempt = await limiter.attempt('otp', request, reply, request.body.email);
        const message = await service.resetPassword(deps, request.body);
        await attempt.harmless();
        return { message };
      },
    );

    r.post(
      '/users/change-password',
      { ...signedIn, schema: { body: changePasswordRequest, response: { 200: messageResponse } } },
      async (request) => ({
        message: await service.changePassword(deps, currentUser(request), request.body),
      }),
    );

    r.get('/users/sessions', { ...signedIn, schema: { response: { 200: sessionList } } }, async (request) => {
      const session = currentUser(request);
      return { sessions: await listSessions(deps.db, session.id, session.sessionId) };
    });

    r.delete(
      '/users/sessions/:sessionId',
      { ...signedIn, schema: { params: sessionIdParams, response: { 200: messageResponse } } },
      async (request) => {
        const session = currentUser(request);
        const { sessionId } = request.params;
        if (!isUuid(sessionId) || !(await revokeSession(deps.db, session.id, sessionId))) {
          throw new HttpError(404, service.MESSAGES.sessionNotFound);
        }
        return { message: service.MESSAGES.sessionEnded };
      },
    );

    r.post('/users/me/activity', { ...signedIn }, async (request, reply) => {
      await recordActivity(deps.db, currentUser(request).sessionId);
      return reply.code(204).send();
    });

    r.put(
      '/users/me/settings',
      { ...signedIn, schema: { body: sessionSettingsRequest, response: { 200: userResponse } } },
      async (request) => service.updateSettings(deps, currentUser(request), request.body),
    );

    r.delete(
      '/users/me',
      { ...signedIn, schema: { body: deleteAccountRequest, response: { 200: messageResponse } } },
      async (request) => ({
        message: await service.deleteAccount(deps, currentUser(request), request.body.password),
      }),
    );
  };
