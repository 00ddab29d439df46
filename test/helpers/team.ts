import sharp from 'sharp';
import { expect } from 'vitest';
import { type TeamRole, teamAcceptResponse, teamResponse } from '../../contract/team';
import { authed, lastMailTo } from './accounts';
import type { TestApp } from './testApp';

/** The token of the newest team invitation mailed to `to` (from the accept link's fragment). */
export async function invitationTokenFor(t: TestApp, to: string): Promise<string> {
  const mail = await lastMailTo(t, to, 'help run');
  const match = /\/team\/accept#token=([A-Za-z0-9_-]+)/.exec(mail.text);
  if (!match) throw new Error(`No invitation link in mail to ${to}`);
  return match[1]!;
}

/** The owner invites `member` with `role`; the member accepts with the mailed link. */
export async function joinTeam(
  t: TestApp,
  ownerToken: string,
  eventId: string,
  member: { email: string; token: string },
  role: TeamRole,
) {
  const invited = await authed(t, 'POST', `/api/events/${eventId}/team/invitations`, ownerToken, {
    email: member.email,
    role,
  });
  expect(invited.statusCode, invited.body).toBe(201);
  teamResponse.parse(invited.json());
  const token = await invitationTokenFor(t, member.email);
  const accepted = await authed(t, 'POST', '/api/team/accept', member.token, { token });
  expect(accepted.statusCode, accepted.body).toBe(200);
  return teamAcceptResponse.parse(accepted.json());
}

/** The owner invites `member` with `role` to all their events (from `eventId`'s Team tab); they accept. */
export async function joinAllEvents(
  t: TestApp,
  ownerToken: string,
  eventId: string,
  member: { email: string; token: string },
  role: TeamRole,
) {
  const invited = await authed(t, 'POST', `/api/events/${eventId}/team/invitations`, ownerToken, {
    email: member.email,
    role,
    scope: 'all',
  });
  expect(invited.statusCode, invited.body).toBe(201);
  teamResponse.parse(invited.json());
  const token = await invitationTokenFor(t, member.email);
  const accepted = await authed(t, 'POST', '/api/team/accept', member.token, { token });
  expect(accepted.statusCode, accepted.body).toBe(200);
  return teamAcceptResponse.parse(accepted.json());
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
/** One call of the role matrix (team-roles.test.ts): a JSON body, or a picture upload. */
export type MatrixRequest = {
  method: Method;
  url: string;
  body?: object;
  multipart?: { field: string; png: true };
};

/** Makes `req` with `token`; a multipart request uploads `png` under its field. */
export async function callAs(t: TestApp, token: string, req: MatrixRequest, png: Buffer) {
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  if (req.multipart) {
    const form = new FormData();
    form.append(req.multipart.field, new Blob([new Uint8Array(png)], { type: 'image/png' }), 'p.png');
    const encoded = new Request('http://localhost/', { method: 'POST', body: form });
    headers['content-type'] = encoded.headers.get('content-type')!;
    const payload = Buffer.from(await encoded.arrayBuffer());
    return t.app.inject({ method: req.method, url: req.url, payload, headers });
  }
  return t.app.inject({
    method: req.method,
    url: req.url,
    headers,
    ...(req.body ? { payload: req.body } : {}),
  });
}

type Member = { email: string; token: string };
/** The co-organiser, finance and door supervisor join this event's team, or all the owner's events. */
export async function joinEveryRole(
  t: TestApp,
  ownerToken: string,
  eventId: string,
  as: { co: Member; finance: Member; door: Member },
  scope: 'event' | 'all',
) {
  const join = scope === 'all' ? joinAllEvents : joinTeam;
  await join(t, ownerToken, eventId, as.co, 'co_organiser');
  await join(t, ownerToken, eventId, as.finance, 'finance');
  await join(t, ownerToken, eventId, as.door, 'door');
}

/** A poster-sized picture for the matrix's uploads. */
export const matrixPng = () =>
  sharp({ create: { width: 600, height: 800, channels: 3, background: '#046c4e' } })
    .png()
    .toBuffer();
