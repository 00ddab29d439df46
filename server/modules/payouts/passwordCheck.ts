import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../context';
import { users } from '../../db/schema';
import { HttpError } from '../../http/errors';
import { MESSAGES } from '../users/messages';
import { verifyPassword } from '../users/password';

/**
 * The account password again, for changes that move money (the payout account): a session token
 * alone — left on a shared computer, or stolen — is not enough. Wrong: 400, and nothing changes.
 */
export async function confirmPassword(deps: AppDeps, userId: string, password: string): Promise<void> {
  const [user] = await deps.db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId));
  if (!user || !(await verifyPassword(user.passwordHash, password))) {
    throw new HttpError(400, MESSAGES.wrongPassword);
  }
}
