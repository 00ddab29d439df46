import { and, eq, ne, sql } from 'drizzle-orm';
import type { PublicUser } from '../../../contract/users';
import { changeEmailMail, verifyEmailMail } from '../../adapters/mail/templates';
import type { AppDeps } from '../../context';
import { emailTokens, users } from '../../db/schema';
import { HttpError } from '../../http/errors';
import { newToken, sha256 } from '../auth/tokens';
import { ATTENDEE_IDLE_MINUTES, idleMinutesSql } from './idleMinutes';
import { LINK_HOURS, MESSAGES } from './messages';

// Reading users and the shared steps of the account flows.
export type User = typeof users.$inferSelect;
export type Deps = Pick<AppDeps, 'db' | 'mail' | 'config' | 'storage'>;
export type ClientMeta = { userAgent: string | undefined; ip: string };

/** The account as the SPA keeps it; its idle minutes are the ones in force (chosen, or the role's). */
export async function toPublicUser(deps: Pick<Deps, 'db'>, u: User): Promise<PublicUser> {
  const [inForce] = await deps.db.select({ minutes: idleMinutesSql }).from(users).where(eq(users.id, u.id));
  return {
    _id: u.id,
    id: u.id,
    firstName: u.firstName,
    lastName: u.lastName,
    username: u.username,
    email: u.email,
    pendingEmail: u.pendingEmail,
    inactivityMinutes: u.inactivityMinutes ?? Number(inForce?.minutes ?? ATTENDEE_IDLE_MINUTES),
    inactivityChosen: u.inactivityMinutes !== null,
    concurrentSessions: u.concurrentSessions,
  };
}

export const normaliseEmail = (email: string) => email.trim().toLowerCase();

export async function findByEmail(deps: Deps, email: string): Promise<User | undefined> {
  const [u] = await deps.db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, normaliseEmail(email)))
    .limit(1);
  return u;
}

export async function findById(deps: Deps, id: string): Promise<User> {
  const [u] = await deps.db.select().from(users).where(eq(users.id, id)).limit(1);
  // A session can outlive its user only between a deletion and the cascade; treat it as signed out.
  if (!u) throw new HttpError(401, 'Your session has expired. Please sign in again.');
  return u;
}

export async function emailTakenByOther(deps: Deps, email: string, exceptUserId?: string): Promise<boolean> {
  const cond = eq(sql`lower(${users.email})`, normaliseEmail(email));
  const rows = await deps.db
    .select({ id: users.id })
    .from(users)
    .where(exceptUserId ? and(cond, ne(users.id, exceptUserId)) : cond)
    .limit(1);
  return rows.length > 0;
}

export async function usernameTakenByOther(
  deps: Deps,
  username: string,
  exceptUserId?: string,
): Promise<boolean> {
  const cond = eq(sql`lower(${users.username})`, username.trim().toLowerCase());
  const rows = await deps.db
    .select({ id: users.id })
    .from(users)
    .where(exceptUserId ? and(cond, ne(users.id, exceptUserId)) : cond)
    .limit(1);
  return rows.length > 0;
}

/** A unique-index race lost between our check and the insert still answers 409, never 500. */
export function uniqueViolation(error: unknown): HttpError | null {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code, constraint, message } = e as { code?: string; constraint?: string; message?: string };
    if (code === '23505') {
      const where = `${constraint ?? ''} ${message ?? ''}`;
      return new HttpError(409, where.includes('username') ? MESSAGES.usernameTaken : MESSAGES.emailTaken);
    }
  }
  return null;
}

export async function sendLink(
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
