import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { PageCache } from './pageCache';
import { NONCE_PLACEHOLDER } from './pageCache';
import { allowNonce, loadServerRenderer, newNonce } from './ssr';

/** Lets a module rewrite the SPA's HTML for a path (e.g. Open Graph tags on event pages). */
export type HtmlTransform = (request: FastifyRequest, html: string) => Promise<string | null>;

/**
 * Serves the built SPA: hashed assets with long caching, and index.html for every other GET that
 * is not an API call, so deep links and reloads work — server-rendered for the public pages.
 * Unknown /api paths stay JSON 404s.
 */
export async function serveSpa(
  app: FastifyInstance,
  spaDir: string,
  transforms: HtmlTransform[],
  pageCache: PageCache,
) {
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

  /** index.html as the transforms make it for this request (e.g. an event's Open Graph tags). */
  const shellFor = async (request: FastifyRequest) => {
    let html = indexHtml;
    for (const transform of transforms) html = (await transform(request, html)) ?? html;
    return html;
  };

  /**
   * The rendered page (with NONCE_PLACEHOLDER for its nonce), from the page cache when no write
   * committed since it was rendered (server/http/pageCache.ts), or null to send the shell.
   * Whatever goes wrong while rendering, the visitor still gets the page: the browser renders it.
   */
  const renderedPage = async (request: FastifyRequest): Promise<string | null> => {
    // Looked up before rendering: a write committed during the render makes the page unstorable.
    const cached = await pageCache.lookup(request.url);
    if (cached.html !== null) return cached.html;
    const page = await renderer!
      .render(request, await shellFor(request), NONCE_PLACEHOLDER)
      .catch((error: unknown) => {
        request.log.warn({ err: error }, 'server rendering failed; sent the SPA shell');
        return null;
      });
    if (page) cached.store(page);
    return page;
  };

  // A route rather than the not-found handler, so route hooks (compression) apply to the HTML too.
  app.get('/*', async (request, reply) => {
    const isApi =
      request.url === '/api' || request.url.startsWith('/api/') || request.url.startsWith('/api?');
    if (isApi) return noRoute(request, reply);
    if (renderer?.handles(request.url)) {
      const page = await renderedPage(request);
      if (page) {
        // Each response its own nonce, in the HTML and in the CSP (the cached page has a placeholder).
        // The CSP is set by the security-header hook on the reply (server/http/security.ts).
        const nonce = newNonce();
        const csp = reply.getHeader('content-security-policy');
        if (typeof csp === 'string') reply.header('content-security-policy', allowNonce(csp, nonce));
        return sendHtml(reply, page.replaceAll(NONCE_PLACEHOLDER, nonce));
      }
    }
    return sendHtml(reply, await shellFor(request));
  });
  app.setNotFoundHandler(noRoute);

  // Render home and the listing once as soon as the server listens (it also loads and compiles their
  // chunks of the server bundle), so no visitor waits for that. One after the other; fire and forget.
  if (renderer) {
    app.addHook('onListen', () => {
      void (async () => {
        for (const url of ['/', '/events/all']) await app.inject({ method: 'GET', url }).catch(() => {});
      })();
    });
  }
}

function sendHtml(reply: FastifyReply, html: string) {
  return reply.code(200).header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
}
