import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { allowNonce, loadServerRenderer } from './ssr';

/** Lets a module rewrite the SPA's HTML for a path (e.g. Open Graph tags on event pages). */
export type HtmlTransform = (request: FastifyRequest, html: string) => Promise<string | null>;

/**
 * Serves the built SPA: hashed assets with long caching, and index.html for every other GET that
 * is not an API call, so deep links and reloads work — server-rendered for the public pages.
 * Unknown /api paths stay JSON 404s.
 */
export async function serveSpa(app: FastifyInstance, spaDir: string, transforms: HtmlTransform[]) {
  const indexHtml = await readFile(path.join(spaDir, 'index.html'), 'utf8');

  await app.register(fastifyStatic, {
    root: spaDir,
    wildcard: false,
    index: false,
    // Serves the .br / .gz twin written at build time (build/precompress.ts) when the browser
    // accepts it, with Content-Encoding and Vary: Accept-Encoding; the plain file otherwise.
    preCompressed: true,
    setHeaders(res, filePath) {
      const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
      res.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=300');
    },
  });

  // The public pages are rendered here when the build carries the server bundle (server/http/ssr.ts).
  const renderer = await loadServerRenderer(app, spaDir);

  const noRoute = (request: FastifyRequest, reply: FastifyReply) =>
    reply.code(404).send({ message: `No route for ${request.method} ${request.url.split('?')[0]}` });

  // A route rather than the not-found handler, so route hooks (compression) apply to the HTML too.
  app.get('/*', async (request, reply) => {
    const isApi =
      request.url === '/api' || request.url.startsWith('/api/') || request.url.startsWith('/api?');
    if (isApi) return noRoute(request, reply);
    let html = indexHtml;
    for (const transform of transforms) html = (await transform(request, html)) ?? html;
    // Whatever goes wrong while rendering, the visitor still gets the page: the browser renders it.
    const rendered = renderer
      ? await renderer(request, html).catch((error: unknown) => {
          request.log.warn({ err: error }, 'server rendering failed; sent the SPA shell');
          return null;
        })
      : null;
    if (rendered) {
      html = rendered.html;
      // Set by the security-header hook on the reply (server/http/security.ts).
      const csp = reply.getHeader('content-security-policy');
      if (typeof csp === 'string') reply.header('content-security-policy', allowNonce(csp, rendered.nonce));
    }
    return reply.code(200).header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
  });
  app.setNotFoundHandler(noRoute);
}
