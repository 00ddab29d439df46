import * as z from 'zod/mini';
import { idParam, uuid } from './common';
import { TEXT_LIMITS, text } from './text';
import { emailField } from './users';

/**
 * An event's team (decision 043). The owner invites people by email with a role; the invitee
 * accepts with the link mailed to them (/team/accept#token=…) while signed in to the account whose
 * verified email was invited. Every organiser route asks the member's role (403 otherwise).
 *
 * Owner only:
 * - GET    /api/events/:eventId/team                      → teamResponse (invitations, members, activity)
 * - POST   /api/events/:eventId/team/invitations          teamInviteRequest → 201 teamResponse
 *                                                           (scope 'all': to all the owner's events)
 * - DELETE /api/events/:eventId/team/:memberId            → teamResponse (revokes a pending invitation
 *                                                           or removes a member, of this event or of
 *                                                           all the owner's events)
 * - GET    /api/events/:eventId/door                      → doorSummaryResponse (owner, co-organiser,
 *                                                           door: the door screen's header; no money)
 * The invitee:
 * - POST   /api/team/accept                               teamAcceptRequest → teamAcceptResponse
 * Anyone signed in:
 * - GET    /api/team/events                               → myTeamEventsResponse (events they help run)
 */

export const TEAM_ROLES = ['co_organiser', 'finance', 'door'] as const;
export const teamRole = z.enum(TEAM_ROLES, {
  error: 'Role must be co-organiser, finance or door supervisor',
});
export type TeamRole = z.infer<typeof teamRole>;

export const TEAM_ROLE_LABELS: Record<TeamRole, string> = {
  co_organiser: 'Co-organiser',
  finance: 'Finance',
  door: 'Door supervisor',
};

/**
 * What an invitation covers: this event, or all the owner's events, present and future (stored as a
 * membership of the owner, not of an event: organiser_team). Omitted means this event.
 */
export const TEAM_SCOPES = ['event', 'all'] as const;
export const teamScope = z.enum(TEAM_SCOPES, { error: 'Choose this event or all your events' });
export type TeamScope = z.infer<typeof teamScope>;

/** How long an invitation may wait to be accepted. */
export const INVITATION_DAYS = 7;

export const TEAM_MESSAGES = {
  invitationInvalid: 'This invitation link is not valid. Ask the organiser to invite you again.',
  invitationRevoked: 'This invitation has been withdrawn by the organiser.',
  invitationExpired: 'This invitation has expired. Ask the organiser to invite you again.',
  invitationUsed: 'This invitation has already been accepted.',
  wrongAccount: 'This invitation was sent to another email address. Sign in with that account to accept it.',
  verifyFirst: 'Confirm your email address first, then open the invitation again.',
  ownerCannotJoin: 'You own this event already.',
  alreadyMember: 'This person is already on the team. Remove them first to change their role.',
  memberNotFound: 'Team member or invitation not found',
  alreadyGone: 'This invitation or membership has already ended.',
} as const;

export const teamInviteRequest = z.object({
  email: emailField,
  role: teamRole,
  scope: z.optional(teamScope),
});
export type TeamInviteRequest = z.infer<typeof teamInviteRequest>;

export const teamMemberParams = z.object({ eventId: idParam('Event id'), memberId: idParam('Member id') });

export const teamAcceptRequest = z.object({
  token: text({ label: 'Invitation token', max: TEXT_LIMITS.id, required: true }),
});

export const teamInvitation = z.object({
  id: uuid,
  email: z.string(),
  role: teamRole,
  scope: teamScope,
  invitedAt: z.string(),
  expiresAt: z.string(),
  /** Pending invitations only: expired ones are listed as such until revoked or re-sent. */
  expired: z.boolean(),
});
export type TeamInvitation = z.infer<typeof teamInvitation>;

export const teamMember = z.object({
  id: uuid,
  userId: uuid,
  name: z.string(),
  email: z.string(),
  role: teamRole,
  scope: teamScope,
  joinedAt: z.string(),
});
export type TeamMember = z.infer<typeof teamMember>;

export const teamActivity = z.object({
  id: uuid,
  actor: z.string(),
  role: teamRole,
  action: z.string(),
  target: z.nullable(z.string()),
  at: z.string(),
});
export type TeamActivity = z.infer<typeof teamActivity>;

export const teamResponse = z.object({
  invitations: z.array(teamInvitation),
  members: z.array(teamMember),
  /** Newest first, at most 200. */
  activity: z.array(teamActivity),
});
export type TeamResponse = z.infer<typeof teamResponse>;

export const teamAcceptResponse = z.object({
  /** null for an invitation to all the owner's events (eventName then says whose). */
  eventId: z.nullable(uuid),
  eventName: z.string(),
  role: teamRole,
  scope: teamScope,
  message: z.string(),
});
export type TeamAcceptResponse = z.infer<typeof teamAcceptResponse>;

/** scope 'all': the user is on the team of all this event's owner's events. */
export const myTeamEvent = z.object({
  eventId: uuid,
  eventName: z.string(),
  role: teamRole,
  scope: teamScope,
});
export const myTeamEventsResponse = z.object({ events: z.array(myTeamEvent) });
export type MyTeamEventsResponse = z.infer<typeof myTeamEventsResponse>;

/** The door screen's header (owner, co-organiser, door supervisor): the event and the viewer's role. */
export const doorSummaryResponse = z.object({
  event: z.object({
    id: uuid,
    eventName: z.string(),
    startDate: z.string(),
    startTime: z.string(),
    location: z.nullable(z.string()),
  }),
  role: z.enum(['organiser', 'co_organiser', 'door']),
});
export type DoorSummaryResponse = z.infer<typeof doorSummaryResponse>;
