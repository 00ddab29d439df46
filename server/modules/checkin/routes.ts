import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  checkinsResponse,
  createdLinkResponse,
  createLinkRequest,
  eventCodeParams,
  eventIdOnlyParams,
  guestSearchQuery,
  guestSearchResponse,
  linkIdParams,
  linkInfoResponse,
  linkListResponse,
  linkSellingRequest,
  linkSessionRequest,
  linkSessionResponse,
  linkTokenParams,
  offlineListResponse,
  scanRequest,
  scanResponse,
  syncRequest,
  syncResponse,
  undoResponse,
} from '../../../contract/checkin';
import { lookupKeysOf, plainLookup } from '../../../contract/doorLookup';
import { searchGuests } from '../../../contract/guestSearch';
import { HttpError } from '../../http/errors';
import { CHECKIN_ROLES, manageableEvent, OWNER_ROLES, roleOn } from '../access/eventAccess';
import { currentUser, requireUser } from '../auth/plugin';
import { createRateLimiter } from '../ratelimit/limiter';
import { requireScanner, scannerOf } from './access';
import { eventCounts } from './counts';
import type { CheckinDeps, Scanner } from './deps';
import {
  createLink,
  linkInfo,
  linkKey,
  listLinks,
  openLinkSession,
  revokeLink,
  setLinkSelling,
} from './links';
import { doorListTickets, eventCheckins, offlineList } from './list';
import { conflictsFor, onlineScan, recordScan, undoCheckin } from './record';
import { presentedLookup } from './tickets';

const ONLY_OWNER_SELLS = "Only the event's owner can let a check-in link sell tickets.";

/** Check-in at the door (decision 016): see contract/checkin.ts for the table of paths. */
export const checkinRoutes =
  (deps: CheckinDeps): FastifyPluginAsync =>
  async (app) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const limiter = createRateLimiter({
      db: deps.db,
      enabled: deps.config.rateLimits,
      overrides: deps.config.rateLimitRules,
    });
    const scanner = { onRequest: requireScanner(deps) };
    // A reference, a ticket id or a search is looked up, not verified like a signed code: counted per
    // check-in link (or account) and per IP, so a leaked link cannot walk the guest list by guessing
    // (decision 049). A scanned signed code is never counted: a busy gate scans thousands.
    const lookupLimit = (who: Scanner, request: FastifyRequest, reply: FastifyReply) =>
      limiter.check('lookup', request, reply, who.linkId ?? `user:${who.userId}`);
    const organiser = { onRequest: requireUser };

    r.post(
      '/checkin/:eventId',
      {
        ...scanner,
        schema: { params: eventIdOnlyParams, body: scanRequest, response: { 200: scanResponse } },
      },
      async (request, reply) => {
        const { eventId } = request.params;
        const who = scannerOf(request);
        if (presentedLookup(request.body.code)) await lookupLimit(who, request, reply);
        const recorded = await onlineScan(deps, {
          eventId,
          code: request.body.code,
          device: request.body.device ?? null,
          deviceId: request.body.deviceId ?? null,
          scanner: who,
          eventDateId: request.body.eventDateId ?? null,
        });
        return { ...recorded, counts: await eventCounts(deps.db, eventId) };
      },
    );

    r.delete(
      '/checkin/:eventId/:code',
      { ...scanner, schema: { params: eventCodeParams, response: { 200: undoResponse } } },
      async (request, reply) => {
        const { eventId, code } = request.params;
        const who = scannerOf(request);
        if (presentedLookup(code)) await lookupLimit(who, request, reply);
        const undone = await undoCheckin(deps, eventId, code, who);
        return { ...undone, counts: await eventCounts(deps.db, eventId) };
      },
    );

    r.get(
      '/checkin/:eventId/list',
      { ...scanner, schema: { params: eventIdOnlyParams, response: { 200: offlineListResponse } } },
      async (request) => offlineList(deps, request.params.eventId, scannerOf(request)),
    );

    // The guest list at the door, for a guest whose code will not scan; admitting one of them is a
    // scan of its short reference (same verdict, same one admission).
    r.get(
      '/checkin/:eventId/search',
      {
        ...scanner,
        schema: {
          params: eventIdOnlyParams,
          querystring: guestSearchQuery,
          response: { 200: guestSearchResponse },
        },
      },
      async (request, reply) => {
        const { eventId } = request.params;
        const who = scannerOf(request);
        await lookupLimit(who, request, reply);
        const tickets = await doorListTickets(deps, eventId, who, plainLookup);
        const { q } = request.query;
        return { matches: searchGuests(q, lookupKeysOf(q).map(plainLookup), tickets) };
      },
    );

    r.post(
      '/checkin/:eventId/sync',
      {
        ...scanner,
        schema: { params: eventIdOnlyParams, body: syncRequest, response: { 200: syncResponse } },
      },
      async (request, reply) => {
        const { eventId } = request.params;
        const { deviceId, device, scans } = request.body;
        const who = scannerOf(request);
        // Each queued reference or id counts, so an upload cannot carry a batch of guesses.
        for (const scan of scans) if (presentedLookup(scan.code)) await lookupLimit(who, request, reply);
        const results = [];
        // In the order they happened, so this device's own earlier scan of a ticket is the one kept.
        const ordered = [...scans].sort((a, b) => Date.parse(a.scannedAt) - Date.parse(b.scannedAt));
        for (const scan of ordered) {
          const recorded = await recordScan(deps, {
            eventId,
            code: scan.code,
            nonce: scan.nonce,
            scannedAt: new Date(scan.scannedAt),
            origin: 'offline',
            device: device ?? null,
            deviceId,
            scanner: who,
            eventDateId: scan.eventDateId ?? null,
          });
          const { message: _message, ...rest } = recorded;
          results.push({ nonce: scan.nonce, ...rest });
        }
        return {
          results,
          conflicts: await conflictsFor(deps, eventId, deviceId),
          counts: await eventCounts(deps.db, eventId),
        };
      },
    );

    r.get(
      '/checkin/links/:token',
      { schema: { params: linkTokenParams, response: { 200: linkInfoResponse } } },
      async (request) => linkInfo(deps, request.params.token),
    );

    r.post(
      '/checkin/links/session',
      { schema: { body: linkSessionRequest, response: { 200: linkSessionResponse } } },
      async (request, reply) => {
        await limiter.check('pin', request, reply, linkKey(request.body.token));
        return openLinkSession(deps, request.body.token, request.body.pin);
      },
    );

    r.get(
      '/events/:eventId/checkin-links',
      { ...organiser, schema: { params: eventIdOnlyParams, response: { 200: linkListResponse } } },
      async (request) => {
        await manageableEvent(deps.db, request.params.eventId, currentUser(request).id, CHECKIN_ROLES);
        return { links: await listLinks(deps, request.params.eventId) };
      },
    );

    r.post(
      '/events/:eventId/checkin-links',
      {
        ...organiser,
        schema: {
          params: eventIdOnlyParams,
          body: createLinkRequest,
          response: { 201: createdLinkResponse },
        },
      },
      async (request, reply) => {
        const userId = currentUser(request).id;
        const event = await manageableEvent(deps.db, request.params.eventId, userId, CHECKIN_ROLES);
        // Selling at the door takes money in the owner's name (decision 062): only the owner lets a link do it.
        if (request.body.canSell && (await roleOn(deps.db, event, userId)) !== 'organiser')
          throw new HttpError(403, ONLY_OWNER_SELLS);
        return reply.code(201).send(await createLink(deps, request.params.eventId, userId, request.body));
      },
    );

    r.delete(
      '/events/:eventId/checkin-links/:linkId',
      { ...organiser, schema: { params: linkIdParams, response: { 200: linkListResponse } } },
      async (request) => {
        const { eventId, linkId } = request.params;
        await manageableEvent(deps.db, eventId, currentUser(request).id, CHECKIN_ROLES);
        await revokeLink(deps, eventId, linkId);
        return { links: await listLinks(deps, eventId) };
      },
    );

    r.patch(
      '/events/:eventId/checkin-links/:linkId',
      {
        ...organiser,
        schema: { params: linkIdParams, body: linkSellingRequest, response: { 200: linkListResponse } },
      },
      async (request) => {
        const { eventId, linkId } = request.params;
        // Selling at the door takes money in the owner's name (decision 062): the owner's call alone.
        await manageableEvent(deps.db, eventId, currentUser(request).id, OWNER_ROLES);
        await setLinkSelling(deps, eventId, linkId, request.body.canSell);
        return { links: await listLinks(deps, eventId) };
      },
    );

    r.get(
      '/events/:eventId/checkins',
      { ...organiser, schema: { params: eventIdOnlyParams, response: { 200: checkinsResponse } } },
      async (request) => {
        const { eventId } = request.params;
        await manageableEvent(deps.db, eventId, currentUser(request).id, CHECKIN_ROLES);
        const [checkins, counts] = await Promise.all([
          eventCheckins(deps, eventId),
          eventCounts(deps.db, eventId),
        ]);
        return { checkins, counts };
      },
    );
  };
