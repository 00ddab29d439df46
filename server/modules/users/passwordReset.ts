import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { passwordChangedMail, resetCodeMail } from '../../adapters/mail/templates';
import type { SessionUser } from '../../context';
import { passwordResetCodes, users } from '../../db/schema';
import { HttpError } from '../../http/errors';
import { newOtp, newToken, otpHash, sameHash, sha256 } from '../auth/tokens';
import { hitBucket } from '../ratelimit/limiter';
import { type Deps, findByEmail, findById } from './lookup';
import {
  MESSAGES,
  OTP_CODE_MAX_FAILURES,
  OTP_MAX_ATTEMPTS,
  OTP_MINUTES,
  RESET_WINDOW_MINUTES,
} from './messages';
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
      resetTokenHash: null,
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

/**
 * Wrong tries of one code from one address, counted in a rate-limit bucket keyed by the code's
 * hash and the address (a new code starts afresh). Always on, like the code itself.
 */
const codeTriesKey = (codeHash: string, ip: string) => `otp:code:${sha256(`${codeHash}\n${ip}`)}`;

/**
 * The right code earns a one-time reset token (only its hash is kept): the password can then be
 * set by whoever holds the token, not by anyone who knows the email.
 */
export async function verifyOtp(
  deps: Deps,
  email: string,
  otp: string,
  ip: string,
): Promise<{ message: string; resetToken: string }> {
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
  if (code.failedAttempts >= OTP_CODE_MAX_FAILURES) throw new HttpError(400, MESSAGES.deadOtp);
  if (code.expired) throw new HttpError(400, MESSAGES.expiredOtp);
  // Five tries per address (counted before comparing, so parallel guesses cannot exceed them): a
  // stranger's wrong guesses end the code for the stranger, not for the owner typing it elsewhere.
  const tries = await hitBucket(deps.db, codeTriesKey(code.codeHash, ip), {
    limit: OTP_MAX_ATTEMPTS,
    windowSeconds: OTP_MINUTES * 60,
  });
  if (tries.hits > OTP_MAX_ATTEMPTS) throw new HttpError(400, MESSAGES.deadOtp);
  if (!sameHash(otpHash(user.id, otp), code.codeHash)) {
    // The code-wide bound on guesses from every address together, in one conditional UPDATE.
    const [row] = await deps.db
      .update(passwordResetCodes)
      .set({ failedAttempts: sql`${passwordResetCodes.failedAttempts} + 1` })
      .where(
        and(
          eq(passwordResetCodes.userId, user.id),
          eq(passwordResetCodes.codeHash, code.codeHash),
          sql`${passwordResetCodes.failedAttempts} < ${OTP_CODE_MAX_FAILURES}`,
        ),
      )
      .returning({ failedAttempts: passwordResetCodes.failedAttempts });
    const left = Math.min(
      OTP_MAX_ATTEMPTS - tries.hits,
      OTP_CODE_MAX_FAILURES - (row?.failedAttempts ?? OTP_CODE_MAX_FAILURES),
    );
    if (left <= 0) throw new HttpError(400, MESSAGES.deadOtp);
    throw new HttpError(400, `Incorrect code. You have ${left} ${left === 1 ? 'attempt' : 'attempts'} left.`);
  }
  // Entering the code again issues a fresh token (the earlier one stops working); the window
  // still runs from the first verification.
  const resetToken = newToken();
  const verified = await deps.db
    .update(passwordResetCodes)
    .set({
      verifiedAt: sql`coalesce(${passwordResetCodes.verifiedAt}, now())`,
      resetTokenHash: sha256(resetToken),
    })
    .where(
      and(
        eq(passwordResetCodes.userId, user.id),
        eq(passwordResetCodes.codeHash, code.codeHash),
        isNull(passwordResetCodes.consumedAt),
        sql`${passwordResetCodes.failedAttempts} < ${OTP_CODE_MAX_FAILURES}`,
      ),
    )
    .returning({ userId: passwordResetCodes.userId });
  if (verified.length === 0) throw new HttpError(400, MESSAGES.invalidOtp);
  return { message: MESSAGES.otpVerified, resetToken };
}

/**
 * Sets the password with the token a verified code earned: that account's, unused, and within the
 * window. Anything else (no token, a used, expired or another account's token) changes nothing.
 */
export async function resetPassword(
  deps: Deps,
  input: { email: string; resetToken: string; newPassword: string },
): Promise<string> {
  const user = await findByEmail(deps, input.email);
  if (!user) throw new HttpError(400, MESSAGES.resetNotVerified);
  const tokenHash = sha256(input.resetToken);
  const passwordHash = await hashPassword(input.newPassword);
  const done = await deps.db.transaction(async (tx) => {
    const consumed = await tx
      .update(passwordResetCodes)
      .set({ consumedAt: sql`now()` })
      .where(
        and(
          eq(passwordResetCodes.userId, user.id),
          eq(passwordResetCodes.resetTokenHash, tokenHash),
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
    await revokeSessions(tx, user.id, undefined, 'password_changed');
    return true;
  });
  if (!done) {
    // Only the token's holder learns that the window passed; anyone else hears the same as for no code.
    const [code] = await deps.db
      .select({ consumedAt: passwordResetCodes.consumedAt })
      .from(passwordResetCodes)
      .where(and(eq(passwordResetCodes.userId, user.id), eq(passwordResetCodes.resetTokenHash, tokenHash)));
    throw new HttpError(
      400,
      code && !code.consumedAt ? MESSAGES.resetWindowPassed : MESSAGES.resetNotVerified,
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
    await revokeSessions(tx, user.id, session.sessionId, 'password_changed');
  });
  await deps.mail.send(
    passwordChangedMail({ to: user.email, firstName: user.firstName, appUrl: deps.config.appUrl }),
  );
  return MESSAGES.passwordChanged;
}
