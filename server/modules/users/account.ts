import { and, eq, isNull, sql } from 'drizzle-orm';
import type { LoginRequest, SessionSettingsRequest, UpdateProfileRequest } from '../../../contract/users';
import type { SessionUser } from '../../context';
import { emailTokens, users } from '../../db/schema';
import { HttpError } from '../../http/errors';
import {
  type ClientMeta,
  type Deps,
  emailTakenByOther,
  findByEmail,
  findById,
  normaliseEmail,
  sendLink,
  toPublicUser,
  type User,
  uniqueViolation,
  usernameTakenByOther,
} from './lookup';
import { MESSAGES } from './messages';
import { hashPassword, verifyPassword } from './password';
import { createSession, revokeSession, revokeSessions } from './sessions';

// Signing in and out, the profile, session settings and deleting the account.

// Unknown emails are checked against this hash too, so timing does not reveal which emails exist.
let dummyHash: Promise<string> | null = null;

export async function login(deps: Deps, input: LoginRequest, meta: ClientMeta) {
  const user = await findByEmail(deps, input.email);
  if (!user) {
    // Spend the same argon2 time as a real check, so timing does not tell which emails exist.
    dummyHash ??= hashPassword('not-a-real-password-1!');
    await verifyPassword(await dummyHash, input.password);
    throw new HttpError(401, MESSAGES.badCredentials);
  }
  if (!(await verifyPassword(user.passwordHash, input.password))) {
    throw new HttpError(401, MESSAGES.badCredentials);
  }
  if (!user.emailVerifiedAt) throw new HttpError(403, MESSAGES.unverified);
  const { token } = await deps.db.transaction(async (tx) => {
    if (!user.concurrentSessions) await revokeSessions(tx, user.id);
    return createSession(tx, {
      userId: user.id,
      rememberMe: input.rememberMe ?? false,
      userAgent: meta.userAgent,
      ip: meta.ip,
    });
  });
  return { token, user: await toPublicUser(deps, user), message: MESSAGES.loggedIn };
}

export async function me(deps: Deps, session: SessionUser) {
  return { user: await toPublicUser(deps, await findById(deps, session.id)) };
}

export async function updateProfile(
  deps: Deps,
  session: SessionUser,
  id: string,
  input: UpdateProfileRequest,
) {
  if (id !== session.id) throw new HttpError(403, MESSAGES.notYourProfile);
  const current = await findById(deps, session.id);
  if (await usernameTakenByOther(deps, input.username, current.id)) {
    throw new HttpError(409, MESSAGES.usernameTaken);
  }
  const email = normaliseEmail(input.email);
  let pendingEmail = current.pendingEmail;
  let newPending: string | null = null;
  if (email === normaliseEmail(current.email)) {
    // Submitting the current address again cancels a change that was waiting.
    pendingEmail = null;
  } else if (email !== pendingEmail) {
    if (await emailTakenByOther(deps, email, current.id)) throw new HttpError(409, MESSAGES.emailTaken);
    pendingEmail = email;
    newPending = email;
  }
  let updated: User;
  try {
    [updated] = (await deps.db
      .update(users)
      .set({
        firstName: input.firstName,
        lastName: input.lastName,
        username: input.username,
        pendingEmail,
        updatedAt: sql`now()`,
      })
      .where(eq(users.id, current.id))
      .returning()) as [User];
  } catch (error) {
    throw uniqueViolation(error) ?? error;
  }
  if (pendingEmail !== current.pendingEmail) {
    // Links sent to an address that is no longer waiting must not work any more.
    await deps.db
      .update(emailTokens)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(emailTokens.userId, current.id),
          eq(emailTokens.purpose, 'change_email'),
          isNull(emailTokens.usedAt),
        ),
      );
  }
  if (newPending) await sendLink(deps, updated, 'change_email', newPending);
  const message = newPending
    ? `${MESSAGES.profileUpdated} We've sent a link to ${newPending}: your email changes when you open it.`
    : MESSAGES.profileUpdated;
  return { user: await toPublicUser(deps, updated), message };
}

export async function logout(deps: Deps, session: SessionUser) {
  await revokeSession(deps.db, session.id, session.sessionId);
  return MESSAGES.loggedOut;
}

export async function updateSettings(deps: Deps, session: SessionUser, input: SessionSettingsRequest) {
  const [updated] = (await deps.db.transaction(async (tx) => {
    const rows = await tx
      .update(users)
      .set({
        ...(input.inactivityMinutes !== undefined ? { inactivityMinutes: input.inactivityMinutes } : {}),
        ...(input.concurrentSessions !== undefined ? { concurrentSessions: input.concurrentSessions } : {}),
        updatedAt: sql`now()`,
      })
      .where(eq(users.id, session.id))
      .returning();
    // Turning concurrent sessions off keeps only the session that asked.
    if (input.concurrentSessions === false) await revokeSessions(tx, session.id, session.sessionId);
    return rows;
  })) as User[];
  if (!updated) throw new HttpError(401, 'Your session has expired. Please sign in again.');
  return { user: await toPublicUser(deps, updated), message: MESSAGES.settingsSaved };
}
