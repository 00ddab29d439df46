import { sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { healthResponse } from '../../../contract/common';
import type { AppDeps } from '../../context';
import { queryRows } from '../../db/query';

export const healthRoutes =
  (deps: AppDeps): FastifyPluginAsync =>
  async (app) => {
    app
      .withTypeProvider<ZodTypeProvider>()
      .get('/health', { schema: { response: { 200: healthResponse } } }, async () => {
        // A real round trip, so a dead database shows up here rather than on the first user.
        const [first] = await queryRows<{ now: string }>(deps.db, sql`select now()::text as now`);
        return { status: 'ok' as const, database: deps.dbKind, time: first?.now ?? new Date().toISOString() };
      });
  };
