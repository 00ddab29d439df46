import { desc } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { outboxList } from '../../../contract/dev';
import type { Database } from '../../db/client';
import { mailOutbox } from '../../db/schema';

/** GET /api/dev/outbox: every stored mail, newest first. Registered only outside production. */
export const devRoutes =
  (db: Database): FastifyPluginAsync =>
  async (app) => {
    app
      .withTypeProvider<ZodTypeProvider>()
      .get('/dev/outbox', { schema: { response: { 200: outboxList } } }, async () => {
        const rows = await db
          .select()
          .from(mailOutbox)
          .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
          .limit(200);
        return rows.map((r) => ({
          to: r.to,
          subject: r.subject,
          text: r.text,
          html: r.html,
          status: r.status,
          sentAt: (r.sentAt ?? r.createdAt).toISOString(),
          attachments: r.attachments.map((a) => ({
            filename: a.filename,
            contentType: a.contentType,
            bytes: Buffer.byteLength(a.contentBase64, 'base64'),
          })),
        }));
      });
  };
