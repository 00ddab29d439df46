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
