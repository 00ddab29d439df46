import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { passwordChangedMail, resetCodeMail } from '../../adapters/mail/templates';
import type { SessionUser } from '../../context';
import { passwordResetCodes, users } from '../../db/schema';
import { HttpError } from '../../http/errors';
import { newOtp, otpHash, sameHash } from '../auth/tokens';
import { type Deps, findByEmail, findById } from './lookup';
import { MESSAGES, OTP_MAX_ATTEMPTS, OTP_MINUTES, RESET_WINDOW_MINUTES } from './messages';
import { hashPassword, verifyPassword } from './password';
import { revokeSessions } from './sessions';

// Password reset by emailed code, and changing the password.
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
