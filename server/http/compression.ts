import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** The dynamic bodies we send that compress well. */
const TEXT_TYPES = /^(?:text\/|application\/(?:json|javascript|xml|manifest\+json)|image\/svg\+xml)/;

/**
 * Compresses dynamic responses (HTML, JSON, .ics, CSV...) the browser accepts brotli or gzip for.
 * Brotli at quality 4 (the plugin's default) is about as fast as gzip -6 and still smaller; the
 * maximum is kept for the build, where time is free (build/precompress.ts). Bodies under 512 bytes are
 * sent as they are: the saving would not pay for the work. Responses that already carry a
 * Content-Encoding (the precompressed assets @fastify/static serves) pass through untouched; so do
 * images, which are not of a compressible type.
 */
export async function installCompression(app: FastifyInstance) {
  await app.register(compress, {
    global: true,
    threshold: 512,
    encodings: ['br', 'gzip'],
  });
  // The plugin only says `Vary: Accept-Encoding` when it did compress; a shared cache must also
  // know that the identity body it stored for one client is not the answer for every client.
  app.addHook('onSend', async (_request, reply, payload) => {
    const type = String(reply.getHeader('content-type') ?? '');
    if (!TEXT_TYPES.test(type)) return payload;
    const vary = String(reply.getHeader('vary') ?? '');
    if (!/accept-encoding/i.test(vary))
      reply.header('vary', vary ? `${vary}, accept-encoding` : 'accept-encoding');
    return payload;
  });
}
