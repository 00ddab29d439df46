import { randomBytes } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { QuickCheckoutRequest, SetPasswordRequest } from '../../../contract/users';
import type { MailMessage } from '../../adapters/mail/mailer';
import { setPasswordMail } from '../../adapters/mail/templates';
import type { Tx } from '../../db/query';
import { emailTokens, users } from '../../db/schema';
import { HttpError } from '../../http/errors';
import { newToken, sha256 } from '../auth/tokens';
import {
  type ClientMeta,
  type Deps,
  findByEmail,
  normaliseEmail,
  toPublicUser,
  type User,
  uniqueViolation,
} from './lookup';
import { MESSAGES } from './messages';
import { hashPassword } from './password';
import { createSession, revokeSessions } from './sessions';

/**
 * Quick checkout (decision 038): a buyer goes on with a name and an email. The account is made
 * without a password — `NO_PASSWORD` is no argon2 hash, so no password ever matches it — and a
 * session starts at once (the checkout pages stay behind sign-in). It sees only what it buys: an
 * unverified account is never shown tickets sent to its address by others (issued-tickets/service.ts),
 * and an email that already has any account is refused, so no one gets a session for someone else's
 * account by typing their email. The ticket email carries the set-password link; using it proves the
 * address, sets the password, ends every other session (the one a stranger might have started with
 * this address) and signs in.
 */
export const NO_PASSWORD = '!quick-checkout:no-password';
const SET_PASSWORD_DAYS = 14;

export const isPasswordless = (u: Pick<User, 'passwordHash' | 'emailVerifiedAt'>) =>
  u.passwordHash === NO_PASSWORD && !u.emailVerifiedAt;

/** A username nobody has, from the buyer's name (they can change it in their profile). */
function usernameFor(input: QuickCheckoutRequest) {
  const base = `${input.firstName}${input.lastName}`
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '')
    .slice(0, 20);
  return `${base || 'guest'}_${randomBytes(4).toString('hex')}`;
}

export async function quickCheckout(deps: Deps, input: QuickCheckoutRequest, meta: ClientMeta) {
  const email = normaliseEmail(input.email);
  const existing = await findByEmail(deps, email);
  if (existing) {
    if (isPasswordless(existing)) {
      // Its link is the way in; a second buyer typing the same email gets no session.
      await deps.mail.send(await setPasswordLink(deps.db, deps.config.appUrl, existing));
      throw new HttpError(409, MESSAGES.quickLinkSent);
    }
    throw new HttpError(409, MESSAGES.quickEmailTaken);
  }
  try {
    return await deps.db.transaction(async (tx) => {
      const [user] = (await tx
        .insert(users)
        .values({
          firstName: input.firstName,
          lastName: input.lastName,
          username: usernameFor(input),
          email,
          passwordHash: NO_PASSWORD,
        })
        .returning()) as [User];
      const { token } = await createSession(tx, {
        userId: user.id,
        rememberMe: false,
        userAgent: meta.userAgent,
        ip: meta.ip,
      });
      return { token, user: await toPublicUser({ db: tx }, user), message: MESSAGES.loggedIn };
    });
  } catch (error) {
    // Two quick checkouts for one new email at once: the second finds it taken.
    const taken = uniqueViolation(error);
    if (taken?.status === 409) throw new HttpError(409, MESSAGES.quickEmailTaken);
    throw taken ?? error;
  }
}

/** A set-password link for a passwordless account, as the email that carries it. */
/** A set-password link for a passwordless account: in the fragment, never sent to a server or logged. */
export async function setPasswordButton(db: Tx, appUrl: string, user: Pick<User, 'id' | 'email'>) {
  const token = newToken();
  await db.insert(emailTokens).values({
    userId: user.id,
    purpose: 'set_password',
    email: user.email,
    tokenHash: sha256(token),
    expiresAt: sql`now() + make_interval(days => ${SET_PASSWORD_DAYS})`,
  });
  return `${appUrl}/set-password#token=${token}`;
}

/** The set-password link on its own (asked for again by a second quick checkout with the email). */
async function setPasswordLink(
  db: Tx,
  appUrl: string,
  user: Pick<User, 'id' | 'firstName' | 'email'>,
): Promise<MailMessage> {
  return setPasswordMail({
    to: user.email,
    firstName: user.firstName,
    link: await setPasswordButton(db, appUrl, user),
  });
}

export async function setPassword(deps: Deps, input: SetPasswordRequest, meta: ClientMeta) {
  const passwordHash = await hashPassword(input.password);
  return deps.db.transaction(async (tx) => {
    // Claim the link first: of two tabs racing, exactly one gets here.
    const [link] = await tx
      .update(emailTokens)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(emailTokens.tokenHash, sha256(input.token.trim())),
          eq(emailTokens.purpose, 'set_password'),
          isNull(emailTokens.usedAt),
          sql`${emailTokens.expiresAt} > now()`,
        ),
      )
      .returning({ userId: emailTokens.userId, email: emailTokens.email });
    if (!link) throw new HttpError(400, MESSAGES.unknownLink);
    // Only while the account is still passwordless, at the address the link went to.
    const [user] = (await tx
      .update(users)
      .set({ passwordHash, emailVerifiedAt: sql`now()`, updatedAt: sql`now()` })
      .where(
        and(
          eq(users.id, link.userId),
          eq(users.passwordHash, NO_PASSWORD),
          eq(sql`lower(${users.email})`, normaliseEmail(link.email)),
        ),
      )
      .returning()) as User[];
    if (!user) throw new HttpError(400, MESSAGES.usedLink);
    await tx
      .update(emailTokens)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(emailTokens.userId, user.id),
          eq(emailTokens.purpose, 'set_password'),
          isNull(emailTokens.usedAt),
        ),
      );
    await revokeSessions(tx, user.id, undefined, 'password_changed');
    const { token } = await createSession(tx, {
      userId: user.id,
      rememberMe: false,
      userAgent: meta.userAgent,
      ip: meta.ip,
    });
    return { token, user: await toPublicUser({ db: tx }, user), message: MESSAGES.passwordSet };
  });
}

/**
 * For a ticket email: the set-password link of the order's buyer when their account is still
 * passwordless (the ticket email doubles as the confirmation of their address), else null.
 */
export async function claimLinkFor(
  db: Tx,
  appUrl: string,
  buyerUserId: string | null,
): Promise<{ email: string; firstName: string; href: string } | null> {
  if (!buyerUserId) return null;
  const [user] = await db.select().from(users).where(eq(users.id, buyerUserId)).limit(1);
  if (!user || !isPasswordless(user)) return null;
  return { email: user.email, firstName: user.firstName, href: await setPasswordButton(db, appUrl, user) };
}
