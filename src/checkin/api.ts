import type { KyInstance } from 'ky';
import type * as z from 'zod/mini';
import {
  type CheckinsResponse,
  type CreateLinkRequest,
  checkinsResponse,
  createdLinkResponse,
  guestSearchResponse,
  type LinkSellingRequest,
  linkInfoResponse,
  linkListResponse,
  linkSessionResponse,
  offlineListResponse,
  type QueuedScan,
  scanResponse,
  syncResponse,
  undoResponse,
} from '../../contract/checkin';
import { toApiError } from '../api/http';
import { http } from '../api/kyClient';

/**
 * Check-in calls. Door staff who came through a check-in link carry that link's session token
 * (kept per event in this browser); the organiser's own calls use their account token as usual.
 */

const sessionKey = (eventId: string) => `gatepass-checkin-session:${eventId}`;

export type LinkSession = z.infer<typeof linkSessionResponse>;

export function readLinkSession(eventId: string): LinkSession | null {
  try {
    const raw = localStorage.getItem(sessionKey(eventId));
    const parsed = raw ? linkSessionResponse.safeParse(JSON.parse(raw)) : null;
    return parsed?.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function storeLinkSession(eventId: string, session: LinkSession) {
  localStorage.setItem(sessionKey(eventId), JSON.stringify(session));
}

export function forgetLinkSession(eventId: string) {
  localStorage.removeItem(sessionKey(eventId));
}

/** The door's HTTP client: the link's session when this browser has one for the event, else the account. */
export function client(eventId: string): KyInstance {
  const session = readLinkSession(eventId);
  return session ? http.extend({ headers: { authorization: `Bearer ${session.sessionToken}` } }) : http;
}

export async function call<S extends z.ZodMiniType>(
  schema: S,
  run: () => Promise<unknown>,
): Promise<z.infer<S>> {
  try {
    return schema.parse(await run());
  } catch (error) {
    throw await toApiError(error);
  }
}

// No automatic retry for scans: a timed-out POST is judged on the device instead.
const once = { retry: 0, timeout: 8_000 } as const;

export const checkinApi = {
  scan: (eventId: string, body: { code: string; device?: string; deviceId?: string }) =>
    call(scanResponse, () =>
      client(eventId)
        .post(`checkin/${eventId}`, { json: body, ...once })
        .json(),
    ),
  undo: (eventId: string, code: string) =>
    call(undoResponse, () =>
      client(eventId)
        .delete(`checkin/${eventId}/${encodeURIComponent(code)}`, once)
        .json(),
    ),
  list: (eventId: string) =>
    call(offlineListResponse, () =>
      client(eventId).get(`checkin/${eventId}/list`, { timeout: 20_000 }).json(),
    ),
  search: (eventId: string, q: string) =>
    call(guestSearchResponse, () =>
      client(eventId)
        .get(`checkin/${eventId}/search`, { searchParams: { q }, ...once })
        .json(),
    ),
  sync: (eventId: string, body: { deviceId: string; device?: string; scans: QueuedScan[] }) =>
    call(syncResponse, () =>
      client(eventId).post(`checkin/${eventId}/sync`, { json: body, retry: 0, timeout: 20_000 }).json(),
    ),
  linkInfo: (token: string) =>
    call(linkInfoResponse, () => http.get(`checkin/links/${encodeURIComponent(token)}`).json()),
  openSession: (token: string, pin: string) =>
    call(linkSessionResponse, () => http.post('checkin/links/session', { json: { token, pin } }).json()),
  links: (eventId: string) =>
    call(linkListResponse, () => http.get(`events/${eventId}/checkin-links`).json()),
  createLink: (eventId: string, body: CreateLinkRequest) =>
    call(createdLinkResponse, () => http.post(`events/${eventId}/checkin-links`, { json: body }).json()),
  revokeLink: (eventId: string, linkId: string) =>
    call(linkListResponse, () => http.delete(`events/${eventId}/checkin-links/${linkId}`).json()),
  setLinkSelling: (eventId: string, linkId: string, body: LinkSellingRequest) =>
    call(linkListResponse, () =>
      http.patch(`events/${eventId}/checkin-links/${linkId}`, { json: body }).json(),
    ),
  checkins: (eventId: string): Promise<CheckinsResponse> =>
    call(checkinsResponse, () => http.get(`events/${eventId}/checkins`).json()),
};
