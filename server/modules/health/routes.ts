import { sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { healthResponse } from '../../../contract/common';
import type { AppDeps } from '../../context';

export const healthRoutes =
  (deps: AppDeps): FastifyPluginAsync =>
  async (app) => {
    app
      .withTypeProvider<ZodTypeProvider>()
      .get('/health', { schema: { response: { 200: healthResponse } } }, async () => {
        // A real round trip, so a dead database shows up here rather than on the first user.
        const rows = await deps.db.execute<{ now: string }>(sql`select now()::text as now`);
        const first =
          (rows as unknown as { rows?: { now: string }[] }).rows?.[0] ??
          (rows as unknown as { now: string }[])[0];
        return { status: 'ok' as const, database: deps.dbKind, time: first?.now ?? new Date().toISOString() };
      });
  };
