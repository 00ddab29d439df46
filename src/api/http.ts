import ky, { HTTPError, TimeoutError } from 'ky';
import type * as z from 'zod/mini';
import { errorBody } from '../../contract/common';
import { readToken } from '../app/storage';

/** Dispatched on `window` when an authenticated call is refused because its session has ended. */
export const SESSION_ENDED_EVENT = 'gatepass:session-ended';

/** The one HTTP client: base /api, bearer token from storage, a timeout, JSON bodies. */
export let http = ky.create({
  prefix: '/api',
  timeout: 15_000,
  retry: { limit: 1, methods: ['get'] },
  hooks: {
    beforeRequest: [
      ({ request }) => {
        const token = readToken();
        if (token && !request.headers.has('authorization'))
          request.headers.set('authorization', `Bearer ${token}`);
      },
    ],
    afterResponse: [
      ({ request, response }) => {
        // The server answers 401 only when the session behind our token has ended (signed out
        // elsewhere, expired, password reset): tell the session actor, which signs this tab out.
        const sent = request.headers.get('authorization');
        const token = readToken();
        if (response.status === 401 && token && sent === `Bearer ${token}`) {
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
  http = http.extend({ baseUrl, fetch, retry: 0 });
}

/** An API answer that was not a success, with the server's message when it sent one. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly serverMessage: string | null,
  ) {
    super(message);
  }
}

/** Turns any failure into an ApiError carrying the server's `{ message }` when there is one. */
export async function toApiError(error: unknown): Promise<ApiError> {
  if (error instanceof ApiError) return error;
  if (error instanceof HTTPError) {
    let serverMessage: string | null = null;
    // ky 2 reads the body into `error.data` (the response body is consumed by then).
    const parsed = errorBody.safeParse(error.data);
    if (parsed.success) serverMessage = parsed.data.message;
    return new ApiError(serverMessage ?? error.message, error.response.status, serverMessage);
  }
  if (error instanceof TimeoutError) return new ApiError('The server took too long to answer.', 0, null);
  return new ApiError(error instanceof Error ? error.message : String(error), 0, null);
}

/** GET and parse with a contract schema: the wire is never trusted. */
export async function getJson<S extends z.ZodMiniType>(
  path: string,
  schema: S,
  init?: { searchParams?: Record<string, string> },
): Promise<z.infer<S>> {
  try {
    return schema.parse(await http.get(path, init).json());
  } catch (error) {
    throw await toApiError(error);
  }
}

export async function sendJson<S extends z.ZodMiniType>(
  method: 'post' | 'put' | 'patch' | 'delete',
  path: string,
  body: unknown,
  schema: S,
): Promise<z.infer<S>> {
  try {
    return schema.parse(await http[method](path, { json: body }).json());
  } catch (error) {
    throw await toApiError(error);
  }
}
