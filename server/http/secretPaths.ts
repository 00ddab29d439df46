import { REDACTED } from './redacted';

/**
 * Paths whose segments are secrets: a ticket's signed code is the ticket (whoever has it can show it
 * at the door or download its PDF), and a check-in link's token is half of the door staff's login.
 * Each pattern captures what may stay (the route's fixed part and ids that are not secrets) and
 * matches the secret segment right after it. Words that are routes of their own at the same place
 * (`/api/checkin/links/session`, `/api/checkin/<event>/list`, `/tickets/all`) are left alone.
 */
const SECRET_SEGMENTS: readonly RegExp[] = [
  // GET /api/tickets/code/:code, …/pdf, …/qr.svg
  /^(\/api\/tickets\/code\/)[^/?#]+/,
  // GET /api/orders/:orderId/tickets/:code
  /^(\/api\/orders\/[^/?#]+\/tickets\/)[^/?#]+/,
  // GET /api/checkin/links/:token
  /^(\/api\/checkin\/links\/)(?!session(?:[/?#]|$))[^/?#]+/,
  // POST/DELETE /api/checkin/:eventId/:code (a signed code or a typed short reference)
  /^(\/api\/checkin\/(?!links\/)[^/?#]+\/)(?!(?:list|sync|search)(?:[/?#]|$))[^/?#]+/,
  // The SPA's ticket page, /tickets/:code (the emailed link)
  /^(\/tickets\/)(?!all(?:[/?#]|$))[^/?#]+/,
];

/** The URL with every secret path segment replaced: `/api/tickets/code/[redacted]/pdf`. */
export function urlWithoutPathSecrets(url: string): string {
  for (const pattern of SECRET_SEGMENTS) {
    if (pattern.test(url)) return url.replace(pattern, `$1${REDACTED}`);
  }
  return url;
}
