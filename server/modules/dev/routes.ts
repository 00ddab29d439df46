import { desc } from 'drizzle-orm';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBody } from '../../../contract/common';
import { outboxList } from '../../../contract/dev';
import type { AppConfig } from '../../config';
import type { Database } from '../../db/client';
import { mailOutbox } from '../../db/schema';
import { notFoundBody } from '../../http/errors';

/**
 * The dev outbox holds live verification links and password-reset codes, so who may read it is a
 * rule, not a setting anyone can forget:
 * - it exists only while no SMTP is configured (then the outbox *is* the mailbox) and never in
 *   production (NODE_ENV=production): otherwise the route is not even registered;
 * - it answers only a client on this machine (a loopback socket address) that did not come through
 *   a proxy: a request carrying X-Forwarded-For, Forwarded or X-Real-IP was relayed for someone else,
 *   whatever the socket says. It reads the socket, not `request.ip`, which TRUST_PROXY lets a header set.
 * Anyone else gets the same 404 as any unknown path.
 */
export function outboxEnabled(config: Pick<AppConfig, 'isProduction' | 'smtpUrl'>): boolean {
  return !config.isProduction && !config.smtpUrl;
}

const FORWARDING_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip'];

export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  return address === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4);
}

export function isLocalDirectRequest(request: FastifyRequest): boolean {
  if (FORWARDING_HEADERS.some((name) => request.headers[name] !== undefined)) return false;
  return isLoopbackAddress(request.raw.socket?.remoteAddress);
}

/** GET /api/dev/outbox: every stored mail, newest first, for this machine only (see above). */
export const devRoutes =
  (db: Database, config: Pick<AppConfig, 'isProduction' | 'smtpUrl'>): FastifyPluginAsync =>
  async (app) => {
    if (!outboxEnabled(config)) return;
    app.withTypeProvider<ZodTypeProvider>().get(
      '/dev/outbox',
      {
        schema: { response: { 200: outboxList, 404: errorBody } },
        onRequest: async (request, reply) => {
          if (!isLocalDirectRequest(request)) return reply.code(404).send(notFoundBody(request));
        },
      },
      async () => {
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
          headers: r.headers,
          attachments: r.attachments.map((a) => ({
            filename: a.filename,
            contentType: a.contentType,
            bytes: Buffer.byteLength(a.contentBase64, 'base64'),
          })),
        }));
      },
    );
  };
