import { randomBytes } from 'node:crypto';
import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Tx } from '../../db/query';
import { accessCodes, eventQuestions, eventTeam } from '../../db/schema';
import { sha256 } from '../auth/tokens';

/**
 * The rules a duplicated event keeps (decision 049): who may buy what and what checkout asks, and who
 * works on it. Hidden types stay hidden (the caller copies the types with `hidden`); here:
 * - access codes, each unlocking the copy's types that stand for the original's (the same scope);
 * - checkout questions still in use, in their order, required ones still required;
 * - the team's accepted members, with their roles (the copy is a new event: they are told by the
 *   event appearing in their list, with no new invitation to accept).
 * Not copied, and said so in the answer (DUPLICATE_MESSAGE): sales and sales windows, discount codes
 * (an access code's linked discount is dropped: discounts are tied to the old dates), the event's
 * dates, and invitations not yet accepted (their links were mailed for the original).
 */
export const DUPLICATE_MESSAGE =
  'Event duplicated with its ticket types (hidden ones stay hidden), access codes, checkout questions and team. ' +
  'Not copied: sales, sales windows, discount codes (access codes lose their discount), extra dates and pending invitations. ' +
  'Set the new dates, then publish';

export async function copyEventRules(
  tx: Tx,
  copy: { from: string; to: string; ownerId: string },
  typeIdOf: ReadonlyMap<string, string>,
): Promise<void> {
  await copyAccessCodes(tx, copy.from, copy.to, typeIdOf);
  await copyQuestions(tx, copy.from, copy.to);
  await copyTeam(tx, copy.from, copy.to, copy.ownerId);
}

async function copyAccessCodes(tx: Tx, from: string, to: string, typeIdOf: ReadonlyMap<string, string>) {
  const codes = await tx.select().from(accessCodes).where(eq(accessCodes.eventId, from));
  const copies = codes
    .map((c) => ({
      eventId: to,
      code: c.code,
      ticketTypeIds: c.ticketTypeIds.flatMap((id) => typeIdOf.get(id) ?? []),
    }))
    // A code whose types are all gone (none in the copy) would unlock nothing: left out.
    .filter((c) => c.ticketTypeIds.length > 0);
  if (copies.length > 0) await tx.insert(accessCodes).values(copies);
}

async function copyQuestions(tx: Tx, from: string, to: string) {
  const questions = await tx
    .select()
    .from(eventQuestions)
    .where(and(eq(eventQuestions.eventId, from), isNull(eventQuestions.deletedAt)));
  if (questions.length === 0) return;
  await tx.insert(eventQuestions).values(
    questions.map((q) => ({
      eventId: to,
      label: q.label,
      kind: q.kind,
      scope: q.scope,
      required: q.required,
      options: q.options,
      position: q.position,
    })),
  );
}

async function copyTeam(tx: Tx, from: string, to: string, ownerId: string) {
  const members = await tx
    .select()
    .from(eventTeam)
    .where(
      and(
        eq(eventTeam.eventId, from),
        isNotNull(eventTeam.userId),
        isNotNull(eventTeam.acceptedAt),
        isNull(eventTeam.revokedAt),
      ),
    );
  // Whoever duplicated owns the copy: not a member of it as well.
  const others = members.filter((m) => m.userId !== ownerId);
  if (others.length === 0) return;
  const now = new Date();
  await tx.insert(eventTeam).values(
    others.map((m) => ({
      eventId: to,
      email: m.email,
      role: m.role,
      // An accepted membership's token is never used again; it still needs a unique, unguessable one.
      tokenHash: sha256(randomBytes(32).toString('base64url')),
      invitedBy: m.invitedBy,
      expiresAt: m.expiresAt,
      acceptedAt: now,
      userId: m.userId,
    })),
  );
}
