import { and, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import {
  INVITATION_DAYS,
  type MyTeamEventsResponse,
  TEAM_MESSAGES,
  TEAM_ROLE_LABELS,
  type TeamAcceptResponse,
  type TeamInviteRequest,
  type TeamResponse,
  type TeamRole,
  type TeamScope,
} from '../../../contract/team';
import { teamInvitationMail } from '../../adapters/mail/templates';
import type { AppDeps } from '../../context';
import { isUuid } from '../../db/query';
import { events, eventTeam, eventTeamActivity, users } from '../../db/schema';
import { HttpError } from '../../http/errors';
import { integrityViolationOf } from '../../http/integrity';
import { manageableEvent, OWNER_ROLES } from '../access/eventAccess';
import { newToken, sha256 } from '../auth/tokens';
import {
  acceptAllEvents,
  allEventsMemberships,
  allEventsName,
  allEventsTeam,
  endAllEventsMembership,
  storeAllEventsInvitation,
} from './allEvents';

/** What each role may do, in the invitation's words (eventAccess.ts holds the rule itself). */
const ROLE_DUTIES: Record<TeamRole, string> = {
  co_organiser: 'everything about the event except payouts and deleting it.',
  finance: 'sales, cancellations and the guest list and sales exports; no edits.',
  door: 'the Check-in tab, the scanner, door links and the guest list; no sales figures, no edits.',
};

const LIVE_MEMBER = 'event_team_live_member_idx';

/** The team page: pending invitations, members and what they did (newest first). */
export async function teamView(deps: AppDeps, eventId: string, organiserId: string): Promise<TeamResponse> {
  const [rows, activity, everyEvent] = await Promise.all([
    deps.db
      .select({
        row: eventTeam,
        firstName: users.firstName,
        lastName: users.lastName,
        userEmail: users.email,
      })
      .from(eventTeam)
      .leftJoin(users, eq(users.id, eventTeam.userId))
      .where(and(eq(eventTeam.eventId, eventId), isNull(eventTeam.revokedAt)))
      .orderBy(eventTeam.createdAt),
    deps.db
      .select()
      .from(eventTeamActivity)
      .where(eq(eventTeamActivity.eventId, eventId))
      .orderBy(desc(eventTeamActivity.at), desc(eventTeamActivity.id))
      .limit(200),
    allEventsTeam(deps, organiserId),
  ]);
  const now = Date.now();
  return {
    invitations: rows
      .filter((r) => r.row.acceptedAt === null)
      .map(({ row }) => ({
        id: row.id,
        email: row.email,
        role: row.role as TeamRole,
        scope: 'event' as TeamScope,
        invitedAt: row.createdAt.toISOString(),
        expiresAt: row.expiresAt.toISOString(),
        expired: row.expiresAt.getTime() <= now,
      }))
      .concat(everyEvent.invitations),
    members: rows
      .filter((r) => r.row.acceptedAt !== null && r.row.userId !== null)
      .map(({ row, firstName, lastName, userEmail }) => ({
        id: row.id,
        userId: row.userId!,
        name: `${firstName ?? ''} ${lastName ?? ''}`.trim(),
        email: userEmail ?? row.email,
        role: row.role as TeamRole,
        scope: 'event' as TeamScope,
        joinedAt: row.acceptedAt!.toISOString(),
      }))
      .concat(everyEvent.members),
    activity: activity.map((a) => ({
      id: a.id,
      actor: a.actor,
      role: a.role as TeamRole,
      action: a.action,
      target: a.target,
      at: a.at.toISOString(),
    })),
  };
}

export async function ownersTeam(deps: AppDeps, userId: string, eventId: string): Promise<TeamResponse> {
  const event = await manageableEvent(deps.db, eventId, userId, OWNER_ROLES);
  return teamView(deps, eventId, event.organiserId);
}

/**
 * Invites an email with a role. Inviting an email again replaces its pending invitation (a new
 * link, a new week); someone already on the team must be removed first to change their role.
 */
export async function invite(
  deps: AppDeps,
  ownerId: string,
  eventId: string,
  input: TeamInviteRequest,
): Promise<TeamResponse> {
  const event = await manageableEvent(deps.db, eventId, ownerId, OWNER_ROLES);
  const email = input.email.trim().toLowerCase();
  const [owner] = await deps.db
    .select({ email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, ownerId));
  if (!owner) throw new HttpError(401, 'Please sign in to continue.');
  if (owner.email.toLowerCase() === email) throw new HttpError(409, TEAM_MESSAGES.ownerCannotJoin);
  const ownerName = `${owner.firstName} ${owner.lastName}`.trim();
  if (input.scope === 'all') {
    const token = newToken();
    await storeAllEventsInvitation(deps, ownerId, email, input.role, token);
    await deps.mail.send(invitationMail(deps, email, ownerName, allEventsName(ownerName), input.role, token));
    return teamView(deps, eventId, ownerId);
  }
  const [member] = await deps.db
    .select({ id: eventTeam.id })
    .from(eventTeam)
    .innerJoin(users, eq(users.id, eventTeam.userId))
    .where(
      and(
        eq(eventTeam.eventId, eventId),
        isNotNull(eventTeam.acceptedAt),
        isNull(eventTeam.revokedAt),
        sql`lower(${users.email}) = ${email}`,
      ),
    )
    .limit(1);
  if (member) throw new HttpError(409, TEAM_MESSAGES.alreadyMember);

  const token = newToken();
  await deps.db.transaction(async (tx) => {
    await tx
      .update(eventTeam)
      .set({ revokedAt: sql`now()` })
      .where(
        and(
          eq(eventTeam.eventId, eventId),
          sql`lower(${eventTeam.email}) = ${email}`,
          isNull(eventTeam.acceptedAt),
          isNull(eventTeam.revokedAt),
        ),
      );
    await tx.insert(eventTeam).values({
      eventId,
      email,
      role: input.role,
      tokenHash: sha256(token),
      invitedBy: ownerId,
      expiresAt: sql`now() + make_interval(days => ${INVITATION_DAYS})`,
    });
  });
  await deps.mail.send(invitationMail(deps, email, ownerName, event.eventName, input.role, token));
  return teamView(deps, eventId, ownerId);
}

const invitationMail = (
  deps: AppDeps,
  to: string,
  inviterName: string,
  eventName: string,
  role: TeamRole,
  token: string,
) =>
  teamInvitationMail({
    to,
    inviterName,
    eventName,
    roleLabel: TEAM_ROLE_LABELS[role],
    roleDuties: ROLE_DUTIES[role],
    link: `${deps.config.appUrl}/team/accept#token=${token}`,
    days: INVITATION_DAYS,
  });

/** Revokes a pending invitation or removes a member: from now on their role is gone. */
export async function removeFromTeam(
  deps: AppDeps,
  ownerId: string,
  eventId: string,
  memberId: string,
): Promise<TeamResponse> {
  await manageableEvent(deps.db, eventId, ownerId, OWNER_ROLES);
  if (!isUuid(memberId)) throw new HttpError(404, TEAM_MESSAGES.memberNotFound);
  // An all-events invitation or member is listed (and ended) on every one of the owner's events.
  if (await endAllEventsMembership(deps, ownerId, memberId)) return teamView(deps, eventId, ownerId);
  const [row] = await deps.db
    .select({ revokedAt: eventTeam.revokedAt })
    .from(eventTeam)
    .where(and(eq(eventTeam.id, memberId), eq(eventTeam.eventId, eventId)))
    .limit(1);
  if (!row) throw new HttpError(404, TEAM_MESSAGES.memberNotFound);
  if (row.revokedAt) throw new HttpError(409, TEAM_MESSAGES.alreadyGone);
  await deps.db
    .update(eventTeam)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(eventTeam.id, memberId), isNull(eventTeam.revokedAt)));
  return teamView(deps, eventId, ownerId);
}

/** The invitee accepts, signed in to the account whose verified email was invited. */
export async function acceptInvitation(
  deps: AppDeps,
  userId: string,
  token: string,
): Promise<TeamAcceptResponse> {
  const [row] = await deps.db
    .select({ invite: eventTeam, eventName: events.eventName, organiserId: events.organiserId })
    .from(eventTeam)
    .innerJoin(events, eq(events.id, eventTeam.eventId))
    .where(eq(eventTeam.tokenHash, sha256(token)))
    .limit(1);
  if (!row) {
    const everyEvent = await acceptAllEvents(deps, userId, token, (email) =>
      checkAccount(deps, userId, email),
    );
    if (everyEvent) return everyEvent;
    throw new HttpError(404, TEAM_MESSAGES.invitationInvalid);
  }
  const { invite: inv } = row;
  if (inv.acceptedAt && !inv.revokedAt) {
    if (inv.userId === userId) return accepted(inv.eventId, row.eventName, inv.role as TeamRole);
    throw new HttpError(409, TEAM_MESSAGES.invitationUsed);
  }
  if (inv.revokedAt) throw new HttpError(410, TEAM_MESSAGES.invitationRevoked);
  if (inv.expiresAt.getTime() <= Date.now()) throw new HttpError(410, TEAM_MESSAGES.invitationExpired);
  await checkAccount(deps, userId, inv.email);
  if (row.organiserId === userId) throw new HttpError(409, TEAM_MESSAGES.ownerCannotJoin);
  try {
    const done = await deps.db
      .update(eventTeam)
      .set({ acceptedAt: sql`now()`, userId })
      .where(
        and(
          eq(eventTeam.id, inv.id),
          isNull(eventTeam.acceptedAt),
          isNull(eventTeam.revokedAt),
          sql`${eventTeam.expiresAt} > now()`,
        ),
      )
      .returning({ id: eventTeam.id });
    // Revoked or expired between the read and now: answer as if it had been seen.
    if (done.length === 0) throw new HttpError(410, TEAM_MESSAGES.invitationRevoked);
  } catch (error) {
    if (integrityViolationOf(error)?.constraint === LIVE_MEMBER) {
      throw new HttpError(409, TEAM_MESSAGES.alreadyMember);
    }
    throw error;
  }
  return accepted(inv.eventId, row.eventName, inv.role as TeamRole);
}

/** Only the account whose verified email was invited may accept. */
async function checkAccount(deps: AppDeps, userId: string, invitedEmail: string) {
  const [user] = await deps.db
    .select({ email: users.email, verifiedAt: users.emailVerifiedAt })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) throw new HttpError(401, 'Please sign in to continue.');
  if (user.email.toLowerCase() !== invitedEmail.toLowerCase())
    throw new HttpError(403, TEAM_MESSAGES.wrongAccount);
  if (!user.verifiedAt) throw new HttpError(403, TEAM_MESSAGES.verifyFirst);
}

function accepted(eventId: string, eventName: string, role: TeamRole): TeamAcceptResponse {
  return {
    eventId,
    eventName,
    role,
    scope: 'event',
    message: `You're on the team of ${eventName} as ${TEAM_ROLE_LABELS[role]}.`,
  };
}

/**
 * The events this user helps run (not their own), with their role: their event memberships, then
 * every event of the owners whose all-events team they are on (an event's own membership wins).
 */
export async function myTeamEvents(deps: AppDeps, userId: string): Promise<MyTeamEventsResponse> {
  const [rows, everyEvent] = await Promise.all([
    getEventMemberships(deps, userId),
    allEventsMemberships(deps, userId),
  ]);
  const own = new Set(rows.map((r) => r.eventId));
  return {
    events: [
      ...rows.map((r) => ({ ...r, role: r.role as TeamRole, scope: 'event' as const })),
      ...everyEvent
        .filter((r) => !own.has(r.eventId))
        .map((r) => ({ ...r, role: r.role as TeamRole, scope: 'all' as const })),
    ],
  };
}

function getEventMemberships(deps: AppDeps, userId: string) {
  return deps.db
    .select({ eventId: events.id, eventName: events.eventName, role: eventTeam.role })
    .from(eventTeam)
    .innerJoin(events, eq(events.id, eventTeam.eventId))
    .where(and(eq(eventTeam.userId, userId), isNotNull(eventTeam.acceptedAt), isNull(eventTeam.revokedAt)))
    .orderBy(events.startDate);
}
