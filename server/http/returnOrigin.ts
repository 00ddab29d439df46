import type { FastifyRequest } from 'fastify';
import type { AppConfig } from '../config';

/**
 * The origin a payment provider sends the buyer back to. With APP_URL set, that address. Without it,
 * the address this request reached us at: the buyer's session (localStorage) belongs to that origin,
 * and a return to another one (localhost when they used the machine's LAN address, say) finds them
 * signed out.
 *
 * The host is the request's own Host header; X-Forwarded-Host and X-Forwarded-Proto count only with
 * TRUST_PROXY (Fastify's `request.host` and `request.protocol` follow its trustProxy setting). A
 * value that is not a plain host[:port] — a path, credentials, spaces — is ignored for APP_URL's
 * default rather than put into a URL.
 */
const HOST =
  /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

export function returnOrigin(request: FastifyRequest, config: Pick<AppConfig, 'appUrl' | 'appUrlFixed'>) {
  if (config.appUrlFixed) return config.appUrl;
  const host = request.host;
  const protocol = request.protocol;
  if (!host || !HOST.test(host) || (protocol !== 'http' && protocol !== 'https')) return config.appUrl;
  return `${protocol}://${host.toLowerCase()}`;
}
