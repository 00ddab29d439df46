import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import {
  INVITATION_DAYS,
  TEAM_MESSAGES,
  TEAM_ROLE_LABELS,
  type TeamAcceptResponse,
  type TeamInvitation,
  type TeamMember,
  type TeamRole,
} from '../../../contract/team';
import type { AppDeps } from '../../context';
import { events, organiserTeam, users } from '../../db/schema';
import { HttpError } from '../../http/errors';
import { integrityViolationOf } from '../../http/integrity';
import { sha256 } from '../auth/tokens';

/**
 * Invitations and memberships for all of an owner's events, present and future (`organiser_team`,
 * decision 043 amendment). Same life as an event's own (service.ts): 7 days to accept, the token
 * only hashed, revoking ends access at the next request; access itself is eventAccess.ts `roleOn`.
 */

const LIVE_MEMBER = 'organiser_team_live_member_idx';

/** What the owner's team page lists on every one of their events: pending invitations and members. */
export async function allEventsTeam(
  deps: AppDeps,
  organiserId: string,
): Promise<{ invitations: TeamInvitation[]; members: TeamMember[] }> {
  const rows = await deps.db
    .select({
      row: organiserTeam,
      firstName: users.firstName,
      lastName: users.lastName,
      userEmail: users.email,
    })
    .from(organiserTeam)
    .leftJoin(users, eq(users.id, organiserTeam.userId))
    .where(and(eq(organiserTeam.organiserId, organiserId), isNull(organiserTeam.revokedAt)))
    .orderBy(organiserTeam.createdAt);
  const now = Date.now();
  return {
    invitations: rows
      .filter((r) => r.row.acceptedAt === null)
      .map(({ row }) => ({
        id: row.id,
        email: row.email,
        role: row.role as TeamRole,
        scope: 'all' as const,
        invitedAt: row.createdAt.toISOString(),
        expiresAt: row.expiresAt.toISOString(),
        expired: row.expiresAt.getTime() <= now,
      })),
    members: rows
      .filter((r) => r.row.acceptedAt !== null && r.row.userId !== null)
      .map(({ row, firstName, lastName, userEmail }) => ({
        id: row.id,
        userId: row.userId!,
        name: `${firstName ?? ''} ${lastName ?? ''}`.trim(),
        email: userEmail ?? row.email,
        role: row.role as TeamRole,
        scope: 'all' as const,
        joinedAt: row.acceptedAt!.toISOString(),
      })),
  };
}

/**
 * Stores an invitation to all the owner's events (the caller mails it). Inviting the email again
 * replaces its pending invitation; someone already a member of all events must be removed first.
 */
export async function storeAllEventsInvitation(
  deps: AppDeps,
  ownerId: string,
  email: string,
  role: TeamRole,
  token: string,
) {
  const [member] = await deps.db
    .select({ id: organiserTeam.id })
    .from(organiserTeam)
    .innerJoin(users, eq(users.id, organiserTeam.userId))
    .where(
      and(
        eq(organiserTeam.organiserId, ownerId),
        isNotNull(organiserTeam.acceptedAt),
        isNull(organiserTeam.revokedAt),
        sql`lower(${users.email}) = ${email}`,
      ),
    )
    .limit(1);
  if (member) throw new HttpError(409, TEAM_MESSAGES.alreadyMember);
  await deps.db.transaction(async (tx) => {
    await tx
      .update(organiserTeam)
      .set({ revokedAt: sql`now()` })
      .where(
        and(
          eq(organiserTeam.organiserId, ownerId),
          sql`lower(${organiserTeam.email}) = ${email}`,
          isNull(organiserTeam.acceptedAt),
          isNull(organiserTeam.revokedAt),
        ),
      );
    await tx.insert(organiserTeam).values({
      organiserId: ownerId,
      email,
      role,
      tokenHash: sha256(token),
      expiresAt: sql`now() + make_interval(days => ${INVITATION_DAYS})`,
    });
  });
}

/** Ends an all-events invitation or membership of this owner. False when the id is not one of theirs. */
export async function endAllEventsMembership(deps: AppDeps, ownerId: string, memberId: string) {
  const [row] = await deps.db
    .select({ revokedAt: organiserTeam.revokedAt })
    .from(organiserTeam)
    .where(and(eq(organiserTeam.id, memberId), eq(organiserTeam.organiserId, ownerId)))
    .limit(1);
  if (!row) return false;
  if (row.revokedAt) throw new HttpError(409, TEAM_MESSAGES.alreadyGone);
  await deps.db
    .update(organiserTeam)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(organiserTeam.id, memberId), isNull(organiserTeam.revokedAt)));
  return true;
}

/** What the owner's events are called in mails and on the accept page. */
export const allEventsName = (ownerName: string) => `all events by ${ownerName}`;

/**
 * Accepts an all-events invitation by its token, or answers null when the token is not one (the
 * caller tried the event invitations first). The same checks, in the same order, as an event's.
 */
export async function acceptAllEvents(
  deps: AppDeps,
  userId: string,
  token: string,
  checkAccount: (invitedEmail: string) => Promise<void>,
): Promise<TeamAcceptResponse | null> {
  const [row] = await deps.db
    .select({ invite: organiserTeam, firstName: users.firstName, lastName: users.lastName })
    .from(organiserTeam)
    .innerJoin(users, eq(users.id, organiserTeam.organiserId))
    .where(eq(organiserTeam.tokenHash, sha256(token)))
    .limit(1);
  if (!row) return null;
  const { invite: inv } = row;
  const done = () => {
    const name = allEventsName(`${row.firstName} ${row.lastName}`.trim());
    const role = inv.role as TeamRole;
    return {
      eventId: null,
      eventName: name,
      role,
      scope: 'all' as const,
      message: `You're on the team of ${name} as ${TEAM_ROLE_LABELS[role]}.`,
    };
  };
  if (inv.acceptedAt && !inv.revokedAt) {
    if (inv.userId === userId) return done();
    throw new HttpError(409, TEAM_MESSAGES.invitationUsed);
  }
  if (inv.revokedAt) throw new HttpError(410, TEAM_MESSAGES.invitationRevoked);
  if (inv.expiresAt.getTime() <= Date.now()) throw new HttpError(410, TEAM_MESSAGES.invitationExpired);
  await checkAccount(inv.email);
  if (inv.organiserId === userId) throw new HttpError(409, TEAM_MESSAGES.ownerCannotJoin);
  try {
    const updated = await deps.db
      .update(organiserTeam)
      .set({ acceptedAt: sql`now()`, userId })
      .where(
        and(
          eq(organiserTeam.id, inv.id),
          isNull(organiserTeam.acceptedAt),
          isNull(organiserTeam.revokedAt),
          sql`${organiserTeam.expiresAt} > now()`,
        ),
      )
      .returning({ id: organiserTeam.id });
    if (updated.length === 0) throw new HttpError(410, TEAM_MESSAGES.invitationRevoked);
  } catch (error) {
    if (integrityViolationOf(error)?.constraint === LIVE_MEMBER) {
      throw new HttpError(409, TEAM_MESSAGES.alreadyMember);
    }
    throw error;
  }
  return done();
}

/** Every event of every owner whose all-events team this user is on, with the role. */
export async function allEventsMemberships(deps: AppDeps, userId: string) {
  return deps.db
    .select({ eventId: events.id, eventName: events.eventName, role: organiserTeam.role })
    .from(organiserTeam)
    .innerJoin(events, eq(events.organiserId, organiserTeam.organiserId))
    .where(
      and(
        eq(organiserTeam.userId, userId),
        isNotNull(organiserTeam.acceptedAt),
        isNull(organiserTeam.revokedAt),
      ),
    )
    .orderBy(events.startDate);
}
