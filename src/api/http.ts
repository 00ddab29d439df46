import type { KyInstance } from 'ky';
import type * as z from 'zod/mini';
import { errorBody } from '../../contract/common';

/** Dispatched on `window` when an authenticated call is refused because its session has ended. */
export const SESSION_ENDED_EVENT = 'gatepass:session-ended';

/**
 * The ky instance (src/api/kyClient.ts), loaded with the first call rather than with the page: ky
 * stays out of every page's first load (decision 018).
 */
export async function client(): Promise<KyInstance> {
  return (await import('./kyClient')).http;
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
  // Already loaded when ky threw; loaded here rather than up front for the same reason as client().
  const { HTTPError, TimeoutError } = await import('ky');
  if (error instanceof HTTPError) {
    let serverMessage: string | null = null;
    // The body is still unread here (ky leaves it to us); a body that is not JSON has no message.
    const body: unknown = await error.response
      .clone()
      .json()
      .catch(() => null);
    const parsed = errorBody.safeParse(body);
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
    return schema.parse(await (await client()).get(path, init).json());
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
    return schema.parse(await (await client())[method](path, { json: body }).json());
  } catch (error) {
    throw await toApiError(error);
  }
}
