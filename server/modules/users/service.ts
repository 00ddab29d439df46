import { and, eq, inArray, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type {
  LoginRequest,
  PublicUser,
  RegisterRequest,
  SessionSettingsRequest,
  UpdateProfileRequest,
} from '../../../contract/users';
import {
  changeEmailMail,
  passwordChangedMail,
  resetCodeMail,
  verifyEmailMail,
} from '../../adapters/mail/templates';
import type { AppDeps, SessionUser } from '../../context';
import { emailTokens, events, orders, passwordResetCodes, ticketTypes, users } from '../../db/schema';
import { HttpError } from '../../http/errors';
import { newOtp, newToken, otpHash, sameHash, sha256 } from '../auth/tokens';
import { hashPassword, verifyPassword } from './password';
import { createSession, revokeSession, revokeSessions } from './sessions';

type User = typeof users.$inferSelect;
type Deps = Pick<AppDeps, 'db' | 'mail' | 'config'>;
export type ClientMeta = { userAgent: string | undefined; ip: string };

export const MESSAGES = {
  registered: 'Registration successful! Please check your email to verify your account.',
  emailTaken: 'An account with this email already exists.',
  usernameTaken: 'This username is already taken.',
  invalidLink: 'Invalid verification link.',
  unknownLink: 'This verification link is invalid. Please request a new one.',
  usedLink: 'This verification link has already been used.',
  expiredLink: 'This verification link has expired. Please request a new one.',
  emailVerified: 'Email verified successfully!',
  newEmailConfirmed: 'Your new email address is confirmed. Use it to sign in from now on.',
  verificationSent: 'Verification email sent successfully!',
  alreadyVerified: 'This email is already verified. You can sign in.',
  loggedIn: 'Login successful!',
  unverified: 'Please verify your email before logging in.',
  badCredentials: 'Invalid email or password.',
  notYourProfile: 'You can only update your own profile.',
  profileUpdated: 'Profile updated successfully!',
  loggedOut: 'You have been signed out.',
  codeSent:
    "If an account exists for this email, we've sent a 6-digit code to it. The code expires in 5 minutes.",
  invalidOtp: 'Invalid or expired OTP.',
  expiredOtp: 'This code has expired. Please request a new code.',
  deadOtp: 'Too many incorrect attempts. Please request a new code.',
  otpVerified: 'Code verified! You can now set a new password.',
  resetNotVerified: 'Please verify the code sent to your email before resetting your password.',
  resetWindowPassed: 'Your code verification has expired. Please request a new code.',
  passwordReset: 'Password reset successfully! You can now sign in with your new password.',
  wrongCurrentPassword: 'Current password is incorrect.',
  passwordChanged: 'Password changed successfully! Your other sessions have been signed out.',
  sessionNotFound: 'Session not found.',
  sessionEnded: 'Session signed out.',
  settingsSaved: 'Settings saved.',
  wrongPassword: 'Password is incorrect.',
  hasSoldTickets:
    "You can't delete your account while you have events with sold tickets. Please contact us so we can help you close those events first.",
  accountDeleted: 'Your account has been deleted.',
} as const;

export const OTP_MAX_ATTEMPTS = 5;
const OTP_MINUTES = 5;
const RESET_WINDOW_MINUTES = 10;
const LINK_HOURS = 24;

export function toPublicUser(u: User): PublicUser {
  return {
    _id: u.id,
    id: u.id,
    firstName: u.firstName,
    lastName: u.lastName,
    username: u.username,
    email: u.email,
    pendingEmail: u.pendingEmail,
    inactivityMinutes: u.inactivityMinutes,
    concurrentSessions: u.concurrentSessions,
  };
}

const normaliseEmail = (email: string) => email.trim().toLowerCase();

async function findByEmail(deps: Deps, email: string): Promise<User | undefined> {
  const [u] = await deps.db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, normaliseEmail(email)))
    .limit(1);
  return u;
}

async function findById(deps: Deps, id: string): Promise<User> {
  const [u] = await deps.db.select().from(users).where(eq(users.id, id)).limit(1);
  // A session can outlive its user only between a deletion and the cascade; treat it as signed out.
  if (!u) throw new HttpError(401, 'Your session has expired. Please sign in again.');
  return u;
}

async function emailTakenByOther(deps: Deps, email: string, exceptUserId?: string): Promise<boolean> {
  const cond = eq(sql`lower(${users.email})`, normaliseEmail(email));
  const rows = await deps.db
    .select({ id: users.id })
    .from(users)
    .where(exceptUserId ? and(cond, ne(users.id, exceptUserId)) : cond)
    .limit(1);
  return rows.length > 0;
}

async function usernameTakenByOther(deps: Deps, username: string, exceptUserId?: string): Promise<boolean> {
  const cond = eq(sql`lower(${users.username})`, username.trim().toLowerCase());
  const rows = await deps.db
    .select({ id: users.id })
    .from(users)
    .where(exceptUserId ? and(cond, ne(users.id, exceptUserId)) : cond)
    .limit(1);
  return rows.length > 0;
}

/** A unique-index race lost between our check and the insert still answers 409, never 500. */
function uniqueViolation(error: unknown): HttpError | null {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code, constraint, message } = e as { code?: string; constraint?: string; message?: string };
    if (code === '23505') {
      const where = `${constraint ?? ''} ${message ?? ''}`;
      return new HttpError(409, where.includes('username') ? MESSAGES.usernameTaken : MESSAGES.emailTaken);
    }
  }
  return null;
}

async function sendLink(
  deps: Deps,
  user: Pick<User, 'id' | 'firstName'>,
  purpose: 'verify_email' | 'change_email',
  email: string,
) {
  const token = newToken();
  await deps.db.insert(emailTokens).values({
    userId: user.id,
    purpose,
    email,
    tokenHash: sha256(token),
    expiresAt: sql`now() + make_interval(hours => ${LINK_HOURS})`,
  });
  const link = `${deps.config.appUrl}/verify-email?token=${encodeURIComponent(token)}`;
  const mail = purpose === 'verify_email' ? verifyEmailMail : changeEmailMail;
  await deps.mail.send(mail({ to: email, firstName: user.firstName, link }));
}

// ---------------------------------------------------------------- sign-up and email verification

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

export async function resendVerification(deps: Deps, email: string): Promise<string> {
  const user = await findByEmail(deps, email);
  if (user?.emailVerifiedAt) throw new HttpError(400, MESSAGES.alreadyVerified);
  // Unknown addresses get the same answer as known ones.
  if (user) await sendLink(deps, user, 'verify_email', user.email);
  return MESSAGES.verificationSent;
}

// ---------------------------------------------------------------- sign-in and sessions

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
  return { token, user: toPublicUser(user), message: MESSAGES.loggedIn };
}

export async function me(deps: Deps, session: SessionUser) {
  return { user: toPublicUser(await findById(deps, session.id)) };
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
  return { user: toPublicUser(updated), message };
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
  return { user: toPublicUser(updated), message: MESSAGES.settingsSaved };
}

// ---------------------------------------------------------------- passwords

export async function forgotPassword(deps: Deps, email: string): Promise<string> {
  const user = await findByEmail(deps, email);
  if (user) {
    const code = newOtp();
    const values = {
      codeHash: otpHash(user.id, code),
      expiresAt: sql`now() + make_interval(mins => ${OTP_MINUTES})`,
      failedAttempts: 0,
      verifiedAt: null,
      consumedAt: null,
      createdAt: sql`now()`,
    };
    // One live code per user: a new request replaces the old one (and its attempt count).
    await deps.db
      .insert(passwordResetCodes)
      .values({ userId: user.id, ...values })
      .onConflictDoUpdate({ target: passwordResetCodes.userId, set: values });
    await deps.mail.send(resetCodeMail({ to: user.email, firstName: user.firstName, code }));
  }
  return MESSAGES.codeSent;
}

export async function verifyOtp(deps: Deps, email: string, otp: string): Promise<string> {
  const user = await findByEmail(deps, email);
  if (!user) throw new HttpError(400, MESSAGES.invalidOtp);
  const [code] = await deps.db
    .select({
      codeHash: passwordResetCodes.codeHash,
      failedAttempts: passwordResetCodes.failedAttempts,
      consumed: isNotNull(passwordResetCodes.consumedAt),
      expired: sql<boolean>`${passwordResetCodes.expiresAt} <= now()`,
    })
    .from(passwordResetCodes)
    .where(eq(passwordResetCodes.userId, user.id))
    .limit(1);
  if (!code || code.consumed) throw new HttpError(400, MESSAGES.invalidOtp);
  if (code.failedAttempts >= OTP_MAX_ATTEMPTS) throw new HttpError(400, MESSAGES.deadOtp);
  if (code.expired) throw new HttpError(400, MESSAGES.expiredOtp);
  if (!sameHash(otpHash(user.id, otp), code.codeHash)) {
    // Counted in one conditional UPDATE, so parallel guesses cannot exceed the limit.
    const [row] = await deps.db
      .update(passwordResetCodes)
      .set({ failedAttempts: sql`${passwordResetCodes.failedAttempts} + 1` })
      .where(
        and(
          eq(passwordResetCodes.userId, user.id),
          eq(passwordResetCodes.codeHash, code.codeHash),
          sql`${passwordResetCodes.failedAttempts} < ${OTP_MAX_ATTEMPTS}`,
        ),
      )
      .returning({ failedAttempts: passwordResetCodes.failedAttempts });
    const left = OTP_MAX_ATTEMPTS - (row?.failedAttempts ?? OTP_MAX_ATTEMPTS);
    if (left <= 0) throw new HttpError(400, MESSAGES.deadOtp);
    throw new HttpError(400, `Incorrect code. You have ${left} ${left === 1 ? 'attempt' : 'attempts'} left.`);
  }
  const verified = await deps.db
    .update(passwordResetCodes)
    .set({ verifiedAt: sql`coalesce(${passwordResetCodes.verifiedAt}, now())` })
    .where(
      and(
        eq(passwordResetCodes.userId, user.id),
        eq(passwordResetCodes.codeHash, code.codeHash),
        isNull(passwordResetCodes.consumedAt),
        sql`${passwordResetCodes.failedAttempts} < ${OTP_MAX_ATTEMPTS}`,
      ),
    )
    .returning({ userId: passwordResetCodes.userId });
  if (verified.length === 0) throw new HttpError(400, MESSAGES.invalidOtp);
  return MESSAGES.otpVerified;
}

export async function resetPassword(deps: Deps, email: string, newPassword: string): Promise<string> {
  const user = await findByEmail(deps, email);
  if (!user) throw new HttpError(400, MESSAGES.resetNotVerified);
  const passwordHash = await hashPassword(newPassword);
  const done = await deps.db.transaction(async (tx) => {
    const consumed = await tx
      .update(passwordResetCodes)
      .set({ consumedAt: sql`now()` })
      .where(
        and(
          eq(passwordResetCodes.userId, user.id),
          isNull(passwordResetCodes.consumedAt),
          sql`${passwordResetCodes.verifiedAt} > now() - make_interval(mins => ${RESET_WINDOW_MINUTES})`,
        ),
      )
      .returning({ userId: passwordResetCodes.userId });
    if (consumed.length === 0) return false;
    // The code reached this inbox, which proves the address as well as a verification link does.
    await tx
      .update(users)
      .set({
        passwordHash,
        emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`,
        updatedAt: sql`now()`,
      })
      .where(eq(users.id, user.id));
    await revokeSessions(tx, user.id);
    return true;
  });
  if (!done) {
    const [code] = await deps.db
      .select({ verifiedAt: passwordResetCodes.verifiedAt, consumedAt: passwordResetCodes.consumedAt })
      .from(passwordResetCodes)
      .where(eq(passwordResetCodes.userId, user.id));
    throw new HttpError(
      400,
      code?.verifiedAt && !code.consumedAt ? MESSAGES.resetWindowPassed : MESSAGES.resetNotVerified,
    );
  }
  await deps.mail.send(
    passwordChangedMail({ to: user.email, firstName: user.firstName, appUrl: deps.config.appUrl }),
  );
  return MESSAGES.passwordReset;
}

export async function changePassword(
  deps: Deps,
  session: SessionUser,
  input: { currentPassword: string; newPassword: string },
): Promise<string> {
  const user = await findById(deps, session.id);
  // 400, not 401: a wrong current password must not look like an ended session to the SPA.
  if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
    throw new HttpError(400, MESSAGES.wrongCurrentPassword);
  }
  const passwordHash = await hashPassword(input.newPassword);
  await deps.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: sql`now()` }).where(eq(users.id, user.id));
    await revokeSessions(tx, user.id, session.sessionId);
  });
  await deps.mail.send(
    passwordChangedMail({ to: user.email, firstName: user.firstName, appUrl: deps.config.appUrl }),
  );
  return MESSAGES.passwordChanged;
}

// ---------------------------------------------------------------- deleting an account

export async function deleteAccount(deps: Deps, session: SessionUser, password: string): Promise<string> {
  const user = await findById(deps, session.id);
  if (!(await verifyPassword(user.passwordHash, password))) throw new HttpError(400, MESSAGES.wrongPassword);
  await deps.db.transaction(async (tx) => {
    const own = tx.select({ id: events.id }).from(events).where(eq(events.organiserId, user.id));
    // Lock the ticket types first: a sale racing this deletion waits, then finds nothing to sell.
    const types = await tx
      .select({ sold: ticketTypes.sold })
      .from(ticketTypes)
      .where(inArray(ticketTypes.eventId, own))
      .for('update');
    const paid = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(and(inArray(orders.eventId, own), eq(orders.status, 'paid')))
      .limit(1);
    if (types.some((t) => t.sold > 0) || paid.length > 0) throw new HttpError(409, MESSAGES.hasSoldTickets);
    // Unpaid orders (abandoned checkouts) go with their events; their items cascade.
    await tx.delete(orders).where(inArray(orders.eventId, own));
    await tx.delete(events).where(eq(events.organiserId, user.id));
    // Sessions, email links and reset codes cascade from the user row.
    await tx.delete(users).where(eq(users.id, user.id));
  });
  return MESSAGES.accountDeleted;
}
