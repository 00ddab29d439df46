import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { RegisterRequest } from '../../../contract/users';
import { emailTokens, users } from '../../db/schema';
import { HttpError } from '../../http/errors';
import { sha256 } from '../auth/tokens';
import {
  type Deps,
  emailTakenByOther,
  findByEmail,
  normaliseEmail,
  sendLink,
  type User,
  uniqueViolation,
  usernameTakenByOther,
} from './lookup';
import { MESSAGES } from './messages';
import { hashPassword } from './password';

// Sign-up and email verification.
export async function register(deps: Deps, input: RegisterRequest): Promise<string> {
  const email = normaliseEmail(input.email);
  if (await emailTakenByOther(deps, email)) throw new HttpError(409, MESSAGES.emailTaken);
  if (await usernameTakenByOther(deps, input.username)) throw new HttpError(409, MESSAGES.usernameTaken);
  const passwordHash = await hashPassword(input.password);
  let user: User;
  try {
    [user] = (await deps.db
      .insert(users)
      .values({
        firstName: input.firstName,
        lastName: input.lastName,
        username: input.username,
        email,
        passwordHash,
      })
      .returning()) as [User];
  } catch (error) {
    throw uniqueViolation(error) ?? error;
  }
  await sendLink(deps, user, 'verify_email', email);
  return MESSAGES.registered;
}

export async function verifyEmail(deps: Deps, token: string | undefined): Promise<string> {
  if (!token?.trim()) throw new HttpError(400, MESSAGES.invalidLink);
  const [row] = await deps.db
    .select({
      id: emailTokens.id,
      userId: emailTokens.userId,
      purpose: emailTokens.purpose,
      email: emailTokens.email,
      used: isNotNull(emailTokens.usedAt),
      expired: sql<boolean>`${emailTokens.expiresAt} <= now()`,
    })
    .from(emailTokens)
    .where(eq(emailTokens.tokenHash, sha256(token.trim())))
    .limit(1);
  if (!row) throw new HttpError(400, MESSAGES.unknownLink);
  if (row.used) throw new HttpError(400, MESSAGES.usedLink);
  if (row.expired) throw new HttpError(400, MESSAGES.expiredLink);

  if (row.purpose === 'change_email' && (await emailTakenByOther(deps, row.email, row.userId))) {
    throw new HttpError(409, MESSAGES.emailTaken);
  }
  try {
    return await deps.db.transaction(async (tx) => {
      // Claim the token first: of two clicks racing, exactly one gets here.
      const claimed = await tx
        .update(emailTokens)
        .set({ usedAt: sql`now()` })
        .where(and(eq(emailTokens.id, row.id), isNull(emailTokens.usedAt)))
        .returning({ id: emailTokens.id });
      if (claimed.length === 0) throw new HttpError(400, MESSAGES.usedLink);
      // Older links of the same kind die with it: a link is good for one verification.
      await tx
        .update(emailTokens)
        .set({ usedAt: sql`now()` })
        .where(
          and(
            eq(emailTokens.userId, row.userId),
            eq(emailTokens.purpose, row.purpose),
            isNull(emailTokens.usedAt),
          ),
        );
      if (row.purpose === 'verify_email') {
        const done = await tx
          .update(users)
          .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`, updatedAt: sql`now()` })
          .where(and(eq(users.id, row.userId), eq(sql`lower(${users.email})`, normaliseEmail(row.email))))
          .returning({ id: users.id });
        if (done.length === 0) throw new HttpError(400, MESSAGES.unknownLink);
        return MESSAGES.emailVerified;
      }
      // The change applies only while this address is still the one waiting.
      const done = await tx
        .update(users)
        .set({ email: row.email, pendingEmail: null, emailVerifiedAt: sql`now()`, updatedAt: sql`now()` })
        .where(
          and(eq(users.id, row.userId), eq(sql`lower(${users.pendingEmail})`, normaliseEmail(row.email))),
        )
        .returning({ id: users.id });
      if (done.length === 0) throw new HttpError(400, MESSAGES.unknownLink);
      return MESSAGES.newEmailConfirmed;
    });
  } catch (error) {
    throw uniqueViolation(error) ?? error;
  }
}

/**
 * One answer whatever the address: unknown, waiting for verification, or already verified. Only
 * the owner's inbox learns which: a waiting account gets a fresh link; a verified one gets nothing
 * (its owner can simply sign in, and a stranger cannot fill their inbox with links they never asked for).
 */
export async function resendVerification(deps: Deps, email: string): Promise<string> {
  const user = await findByEmail(deps, email);
  if (user && !user.emailVerifiedAt) await sendLink(deps, user, 'verify_email', user.email);
  return MESSAGES.verificationSent;
}

const _dummyHash: Promise<string> | null = null;
