import { createHash } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import sharp from 'sharp';
import { z } from 'zod';
import type { Storage } from '../../adapters/storage';
import { ifNoneMatch } from '../../http/conditional';

/** Widths we render; a request is rounded up to the next one so the cache stays small. */
export const IMAGE_WIDTHS = [160, 320, 480, 640, 960, 1280] as const;

function pickWidth(requested: number | undefined): number {
  if (!requested) return 960;
  return IMAGE_WIDTHS.find((w) => w >= requested) ?? IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1]!;
}

/**
 * GET /api/images/<folder>/<file>?w=320 — uploaded images re-encoded as WebP at the width a card
 * needs. Variants are rendered once with sharp, stored beside the upload, and cached by browsers
 * for a year (keys are random and never reused, so a key's bytes never change).
 */
export const imageRoutes =
  (storage: Storage): FastifyPluginAsync =>
  async (app) => {
    app.withTypeProvider<ZodTypeProvider>().get(
      '/images/:folder/:file',
      {
        schema: {
          params: z.object({ folder: z.string(), file: z.string() }),
          querystring: z.object({ w: z.coerce.number().int().min(16).max(4000).optional() }),
        },
      },
      async (request, reply) => {
        const key = `${request.params.folder}/${request.params.file}`;
        const width = pickWidth(request.query.w);
        const variant = `w${width}`;

        let bytes = await storage.getVariant(key, variant);
        if (!bytes) {
          const original = await storage.get(key);
          if (!original) return reply.code(404).send({ message: 'Image not found' });
          bytes = await sharp(original)
            .resize({ width, withoutEnlargement: true })
            .webp({ quality: 78 })
            .toBuffer();
          await storage.putVariant(key, variant, bytes, 'image/webp');
        }
        // A validator as well as the year-long lifetime: a browser that revalidates anyway (reload,
        // low storage eviction of the fresh flag) gets a 304 instead of the image again.
        const etag = `"${createHash('sha1').update(bytes).digest('base64url')}"`;
        reply.header('cache-control', 'public, max-age=31536000, immutable').header('etag', etag);
        if (ifNoneMatch(request.headers['if-none-match'], etag)) return reply.code(304).send();
        return reply.header('content-type', 'image/webp').send(bytes);
      },
    );
  };
