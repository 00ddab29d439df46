import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  boxOfficeReleaseRequest,
  boxOfficeSyncRequest,
  boxOfficeSyncResponse,
  cashUpResponse,
} from '../../../contract/boxOffice';
import { eventIdOnlyParams } from '../../../contract/checkin';
import { CASHUP_ROLES, manageableEvent } from '../access/eventAccess';
import { currentUser, requireUser } from '../auth/plugin';
import type { CheckoutDeps } from '../orders/deps';
import {
  deviceAllowances,
  deviceEverHeld,
  releaseDevice,
  releaseExpired,
  sellableTypes,
  topUp,
} from './allowances';
import { cashUp, cashUpCsv } from './cashUp';
import { recordSale } from './sales';
import { refuseStoppedLink, requireSeller, sellerOf } from './seller';

/** The box office at the door (decision 062): see contract/boxOffice.ts for the table of paths. */
export const boxOfficeRoutes =
  (deps: CheckoutDeps): FastifyPluginAsync =>
  async (app) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const seller = { onRequest: requireSeller(deps) };

    r.post(
      '/checkin/:eventId/box-office/sync',
      {
        ...seller,
        schema: {
          params: eventIdOnlyParams,
          body: boxOfficeSyncRequest,
          response: { 200: boxOfficeSyncResponse },
        },
      },
      async (request) => {
        const { eventId } = request.params;
        const { deviceId, device, sales, ticketTypeIds } = request.body;
        const who = await sellerOf(deps, request, eventId, deviceId, device ?? null);
        await releaseExpired(deps.db, eventId);
        if (!who.selling) {
          refuseStoppedLink(who, sales.length > 0 && (await deviceEverHeld(deps.db, eventId, deviceId)));
        }
        // In the order they happened on the device, each in its own transaction: one refused sale
        // never undoes another.
        const ordered = [...sales].sort((a, b) => Date.parse(a.soldAt) - Date.parse(b.soldAt));
        const results = [];
        for (const sale of ordered) results.push(await recordSale(deps, who, sale));
        if (!who.selling) {
          // Stopped by the owner: what it sold is in; the seats it still held go back on sale, and
          // with no type to sell its Sell screen closes.
          await releaseDevice(deps.db, eventId, deviceId);
          return { results, allowances: [], types: [] };
        }
        const types = await sellableTypes(deps.db, who);
        const sellable = new Set(types.map((t) => t.ticketTypeId));
        // Omitted: every type this seller may sell gets an allowance.
        const wanted = ticketTypeIds ?? types.map((t) => t.ticketTypeId);
        for (const id of new Set(wanted)) {
          if (sellable.has(id)) await deps.db.transaction((tx) => topUp(tx, who, id));
        }
        return { results, allowances: await deviceAllowances(deps.db, eventId, deviceId), types };
      },
    );

    r.post(
      '/checkin/:eventId/box-office/release',
      {
        ...seller,
        schema: {
          params: eventIdOnlyParams,
          body: boxOfficeReleaseRequest,
          response: { 200: boxOfficeSyncResponse },
        },
      },
      async (request) => {
        const { eventId } = request.params;
        const who = await sellerOf(deps, request, eventId, request.body.deviceId, null);
        await releaseDevice(deps.db, eventId, request.body.deviceId);
        return { results: [], allowances: [], types: await sellableTypes(deps.db, who) };
      },
    );

    r.get(
      '/events/:eventId/cash-up',
      { onRequest: requireUser, schema: { params: eventIdOnlyParams, response: { 200: cashUpResponse } } },
      async (request) => {
        await manageableEvent(deps.db, request.params.eventId, currentUser(request).id, CASHUP_ROLES);
        return cashUp(deps.db, request.params.eventId);
      },
    );

    r.get(
      '/events/:eventId/cash-up.csv',
      // No response schema: the body is text/csv.
      { onRequest: requireUser, schema: { params: eventIdOnlyParams } },
      async (request, reply) => {
        await manageableEvent(deps.db, request.params.eventId, currentUser(request).id, CASHUP_ROLES);
        const csv = cashUpCsv(await cashUp(deps.db, request.params.eventId));
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', 'attachment; filename="cash-up.csv"')
          .header('cache-control', 'no-store')
          .send(csv);
      },
    );
  };
