import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Our security headers, in one place. `installSecurityHeaders` applies them to every request that
 * reaches the router; the few answers Fastify gives before any hook runs (a URL it cannot decode, a
 * parameter over the length limit, a header block too large for Node) get the same headers from
 * `applySecurityHeaders` / `securityHeaderLines`, so no answer of ours leaves without them.
 */
export const securityHeaderOptions = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      styleSrc: ["'self'", "'unsafe-inline'"],
      scriptSrc: ["'self'"],
      // The door scanner's QR decoder runs in a web worker that qr-scanner builds from our own bundle.
      workerSrc: ["'self'", 'blob:'],
      connectSrc: ["'self'", ...(process.env.VITE_EMAILJS_ORIGIN ? [process.env.VITE_EMAILJS_ORIGIN] : [])],
      frameAncestors: ["'none'"],
      upgradeInsecureRequests: null,
    },
  },
  crossOriginEmbedderPolicy: false,
} satisfies HelmetOptions;

const applyHelmet = helmet(securityHeaderOptions);

/** Sets the security headers on a raw response Fastify answers without running hooks. */
export function applySecurityHeaders(req: IncomingMessage, res: ServerResponse) {
  applyHelmet(req, res, () => {});
}

let collectedHeaders: Readonly<Record<string, string>> | null = null;

/**
 * The headers helmet sets for our options, computed once: they depend on nothing in the request
 * (no CSP nonces), so every reply can carry the same values.
 */
export function securityHeaders(): Readonly<Record<string, string>> {
  if (collectedHeaders !== null) return collectedHeaders;
  const collected: Record<string, string> = {};
  const fakeResponse = {
    setHeader: (name: string, value: string | number | string[]) => {
      collected[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: (name: string) => {
      delete collected[name.toLowerCase()];
    },
  };
  applyHelmet({} as IncomingMessage, fakeResponse as unknown as ServerResponse, () => {});
  collectedHeaders = Object.freeze(collected);
  return collectedHeaders;
}

let headerLines: string | null = null;

/** The same headers as raw `Name: value\r\n` lines, for answers written straight to the socket. */
export function securityHeaderLines(): string {
  headerLines ??= Object.entries(securityHeaders())
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  return headerLines;
}

/**
 * Sets the security headers on every request that reaches the router (and the not-found handler).
 * Not @fastify/helmet: it rebuilds helmet's middleware, CSP parsing included, on every request,
 * about 8% of the CPU a cached public read costs (bench/api, decision 015); our headers never vary.
 */
export function installSecurityHeaders(app: FastifyInstance) {
  const headers = securityHeaders();
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
