import ky from 'ky';
import { keepSignedOutNotice } from '../app/signedOutNotice';
import { readToken } from '../app/storage';
import { SESSION_ENDED_EVENT } from './http';

/*
 * The ky instance behind src/api/http.ts. Its own module so that it is loaded when the first API
 * call is made, not with every page's entry: a server-rendered page hydrates from the data its HTML
 * carried and makes no call at all until the visitor does something (decision 018, "First load").
 * Guarded pages that call it directly import it statically; they load after it anyway.
 */

/** The one HTTP client: base /api, bearer token from storage, a timeout, JSON bodies. */
export let http = ky.create({
  prefixUrl: '/api',
  timeout: 15_000,
  retry: { limit: 1, methods: ['get'] },
  hooks: {
    beforeRequest: [
      (request) => {
        const token = readToken();
        if (token && !request.headers.has('authorization'))
          request.headers.set('authorization', `Bearer ${token}`);
      },
    ],
    afterResponse: [
      async (request, _options, response) => {
        // The server answers 401 only when the session behind our token has ended (signed out
        // elsewhere, expired, password reset): tell the session actor, which signs this tab out.
        const sent = request.headers.get('authorization');
        const token = readToken();
        if (response.status === 401 && token && sent === `Bearer ${token}`) {
          // Its sentence says why when the owner should know (a password changed elsewhere).
          const body = (await response
            .clone()
            .json()
            .catch(() => null)) as { message?: string } | null;
          keepSignedOutNotice(body?.message);
          window.dispatchEvent(new Event(SESSION_ENDED_EVENT));
        }
      },
    ],
  },
});

/**
 * Server rendering (src/entry-server.tsx) runs the same route loaders inside the API's own process:
 * their requests go to `fetch` (an in-process call of the API, no socket) against `baseUrl`, as an
 * anonymous visitor. Set once, at server start; the browser never calls it.
 */
export function setServerTransport(baseUrl: string, fetch: typeof globalThis.fetch) {
  http = http.extend({ prefixUrl: new URL('/api', baseUrl).toString(), fetch, retry: 0 });
}
