import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyHelmetOptions } from '@fastify/helmet';
import helmet from 'helmet';

/**
 * Our security headers, in one place. @fastify/helmet applies them to every request that reaches
 * the router; the few answers Fastify gives before any hook runs (a URL it cannot decode, a
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
      connectSrc: ["'self'", ...(process.env.VITE_EMAILJS_ORIGIN ? [process.env.VITE_EMAILJS_ORIGIN] : [])],
      frameAncestors: ["'none'"],
      upgradeInsecureRequests: null,
    },
  },
  crossOriginEmbedderPolicy: false,
} satisfies FastifyHelmetOptions;

const applyHelmet = helmet(securityHeaderOptions as Parameters<typeof helmet>[0]);

/** Sets the security headers on a raw response Fastify answers without running hooks. */
export function applySecurityHeaders(req: IncomingMessage, res: ServerResponse) {
  applyHelmet(req, res, () => {});
}

let headerLines: string | null = null;

/** The same headers as raw `Name: value\r\n` lines, for answers written straight to the socket. */
export function securityHeaderLines(): string {
  if (headerLines !== null) return headerLines;
  const collected: Record<string, string> = {};
  const fakeResponse = {
    setHeader: (name: string, value: string | number | string[]) => {
      collected[name] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: (name: string) => {
      delete collected[name];
    },
  };
  applyHelmet({} as IncomingMessage, fakeResponse as unknown as ServerResponse, () => {});
  headerLines = Object.entries(collected)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  return headerLines;
}
