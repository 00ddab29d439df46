import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../../db/client';
import { rateLimitBuckets } from '../../db/schema';
import { HttpError } from '../../http/errors';
import { sha256 } from '../auth/tokens';

/**
 * Fixed-window counters in the `rate_limit_buckets` table, so every API instance shares them
 * (nothing lives in process memory). One atomic upsert per check: the first hit of a window
 * inserts the row, later hits increment it, and a hit after the window starts a new one.
 */

export const TOO_MANY_ATTEMPTS = 'Too many attempts. Please wait a few minutes and try again.';

export type RateLimitAction =
  | 'login'
  | 'register'
  | 'forgot'
  | 'otp'
  | 'resend'
  | 'pin'
  | 'lookup'
  | 'resolve'
  | 'discount'
  | 'contact'
  | 'newsletter'
  | 'testmail'
  | 'tickets'
  | 'queue';
export type Rule = { limit: number; windowSeconds: number };
type Rules = { email: Rule; ip: Rule; account?: Rule };

/**
 * Defaults per action: per email (an account under attack) and per IP (one attacker, many emails).
 * The IP limits are generous because many Nigerian mobile users share carrier-grade NAT addresses.
 * Override with RATE_LIMIT_<ACTION>=n/window (per email) and RATE_LIMIT_<ACTION>_IP=n/window,
 * e.g. RATE_LIMIT_LOGIN=10/15m, RATE_LIMIT_OTP_IP=30/15m. Windows: s, m, h.
 *
 * The account actions (those with an `account` rule, checked with `attempt`) count "per email" per
 * email AND address, so a stranger's tries never use up the owner's; `account` is the far looser
 * account-wide limit (RATE_LIMIT_<ACTION>_ACCOUNT), applied only to an address that already has
 * tries of its own counted against that account.
 */
export const DEFAULT_RULES: Record<RateLimitAction, Rules> = {
  login: {
    email: { limit: 10, windowSeconds: 900 },
    ip: { limit: 50, windowSeconds: 900 },
    account: { limit: 100, windowSeconds: 900 },
  },
  register: { email: { limit: 5, windowSeconds: 3600 }, ip: { limit: 20, windowSeconds: 3600 } },
  forgot: {
    email: { limit: 5, windowSeconds: 900 },
    ip: { limit: 20, windowSeconds: 900 },
    account: { limit: 20, windowSeconds: 900 },
  },
  otp: {
    email: { limit: 10, windowSeconds: 900 },
    ip: { limit: 30, windowSeconds: 900 },
    account: { limit: 30, windowSeconds: 900 },
  },
  resend: {
    email: { limit: 5, windowSeconds: 900 },
    ip: { limit: 20, windowSeconds: 900 },
    account: { limit: 20, windowSeconds: 900 },
  },
  // Check-in link PINs (six digits): per link ("email" is the link's key here) and per IP.
  pin: { email: { limit: 10, windowSeconds: 900 }, ip: { limit: 30, windowSeconds: 900 } },
  // A door's look-ups by typed reference, picked ticket id or guest search: per check-in link (or
  // scanning account) and per IP. A few guests a minute without a scannable code fit; walking the
  // guest list by guessing references does not (decision 049).
  lookup: { email: { limit: 200, windowSeconds: 900 }, ip: { limit: 600, windowSeconds: 900 } },
  // The rest are keyed per sender rather than per email typed: the signed-in account (bank account
  // look-ups, discount codes, an organiser's test emails) or the address a form was sent from
  // (contact, newsletter). A sender who changes IP still meets the first limit; many senders
  // behind one IP still meet the second.
  // Bank account look-ups: each one costs a provider call and names an account's holder.
  resolve: { email: { limit: 20, windowSeconds: 900 }, ip: { limit: 60, windowSeconds: 900 } },
  // Discount codes tried by a buyer (wrong and right ones alike: guessing is trying).
  discount: { email: { limit: 10, windowSeconds: 900 }, ip: { limit: 50, windowSeconds: 900 } },
  contact: { email: { limit: 5, windowSeconds: 3600 }, ip: { limit: 20, windowSeconds: 3600 } },
  newsletter: { email: { limit: 5, windowSeconds: 3600 }, ip: { limit: 20, windowSeconds: 3600 } },
  // An organiser's test ticket emails go to any address they type: a spam channel if unlimited.
  testmail: { email: { limit: 10, windowSeconds: 3600 }, ip: { limit: 30, windowSeconds: 3600 } },
  // A buyer's 'Email my tickets again': each sends mail with PDFs attached.
  tickets: { email: { limit: 5, windowSeconds: 3600 }, ip: { limit: 20, windowSeconds: 3600 } },
  // Joining an on-sale's waiting room (decision 059): one place per account whatever it sends, so the
  // account limit only stops hammering; the IP limit caps how many accounts one address can queue
  // (generous: a campus or a carrier's NAT is many real people behind one address).
  queue: { email: { limit: 30, windowSeconds: 900 }, ip: { limit: 300, windowSeconds: 900 } },
};

const UNIT_SECONDS = { s: 1, m: 60, h: 3600 } as const;

export function parseRule(name: string, value: string): Rule {
  const match = /^\s*(\d+)\s*\/\s*(\d+)\s*([smh])\s*$/.exec(value);
  const limit = Number(match?.[1]);
  const amount = Number(match?.[2]);
  if (!match || limit < 1 || amount < 1) {
    throw new Error(`Invalid configuration: ${name}="${value}" (expected <hits>/<window>, e.g. 10/15m)`);
  }
  return { limit, windowSeconds: amount * UNIT_SECONDS[match[3] as keyof typeof UNIT_SECONDS] };
}

/** RATE_LIMIT_* variables → rules; an unknown name is a startup error, so typos never go unnoticed. */
export function resolveRules(overrides: Record<string, string>) {
  const rules = structuredClone(DEFAULT_RULES);
  for (const [name, value] of Object.entries(overrides)) {
    const match = /^RATE_LIMIT_([A-Z]+)(_IP|_ACCOUNT)?$/.exec(name);
    const action = match?.[1]?.toLowerCase() as RateLimitAction | undefined;
    const kind = match?.[2] === '_IP' ? 'ip' : match?.[2] === '_ACCOUNT' ? 'account' : 'email';
    if (!match || !action || !(action in rules) || (kind === 'account' && !rules[action].account)) {
      throw new Error(
        `Invalid configuration: unknown ${name} (known: ${Object.entries(rules)
          .map(([a, r]) => `RATE_LIMIT_${a.toUpperCase()}[_IP${r.account ? '|_ACCOUNT' : ''}]`)
          .join(', ')})`,
      );
    }
    rules[action][kind] = parseRule(name, value);
  }
  return rules;
}

/**
 * The bucket's primary key. Both parts come from the caller (an address of any length, an IP that
 * X-Forwarded-For names behind a proxy), so they are hashed: every key is 64 hex characters after
 * its prefix, far under the btree's row limit, and the table holds no email addresses.
 */
export function bucketKey(
  action: RateLimitAction,
  kind: 'ip' | 'email' | 'pair' | 'account',
  value: string,
): string {
  return `${action}:${kind}:${sha256(value)}`;
}

/** The per email-and-address bucket's value: the normalised email and the IP, newline-separated. */
export const pairValue = (email: string, ip: string) => `${email.trim().toLowerCase()}\n${ip}`;

/** Counts one hit in `key`'s current window (starting a new window when the old one is over). */
export async function hitBucket(
  db: Database,
  key: string,
  rule: Rule,
): Promise<{ hits: number; resetAt: Date }> {
  const windowEnd = sql`now() + make_interval(secs => ${rule.windowSeconds})`;
  const [row] = await db
    .insert(rateLimitBuckets)
    .values({ key, hits: 1, resetAt: windowEnd })
    .onConflictDoUpdate({
      target: rateLimitBuckets.key,
      set: {
        hits: sql`case when ${rateLimitBuckets.resetAt} <= now() then 1 else ${rateLimitBuckets.hits} + 1 end`,
        resetAt: sql`case when ${rateLimitBuckets.resetAt} <= now() then excluded.reset_at else ${rateLimitBuckets.resetAt} end`,
      },
    })
    .returning({ hits: rateLimitBuckets.hits, resetAt: rateLimitBuckets.resetAt });
  return row!;
}

/** Takes back one hit of a live window (a try that turned out not to be a guess). */
async function unhitBucket(db: Database, key: string): Promise<void> {
  await db
    .update(rateLimitBuckets)
    .set({ hits: sql`greatest(${rateLimitBuckets.hits} - 1, 0)` })
    .where(and(eq(rateLimitBuckets.key, key), gt(rateLimitBuckets.resetAt, sql`now()`)));
}

/** A counted try; `harmless()` takes it back when it proved to be no guess (the right password). */
export type Attempt = { harmless: () => Promise<void> };

export type RateLimiter = {
  /**
   * Counts one attempt of `action` from this request's IP and for `email` (the sender: an email
   * address, or the signed-in user's id); throws 429 when over.
   */
  check: (
    action: RateLimitAction,
    request: FastifyRequest,
    reply: FastifyReply,
    email?: string,
  ) => Promise<void>;
  /**
   * Counts one try of an account action (login, reset requests, code attempts): per IP, per email
   * and address, and account-wide (looser, and only against an address with earlier tries of its
   * own, so a stranger elsewhere never blocks the owner's first try). Throws 429 when over.
   */
  attempt: (
    action: RateLimitAction,
    request: FastifyRequest,
    reply: FastifyReply,
    email: string,
  ) => Promise<Attempt>;
  enabled: boolean;
};

export function createRateLimiter(opts: {
  db: Database;
  enabled: boolean;
  overrides: Record<string, string>;
}): RateLimiter {
  const { db } = opts;
  const rules = resolveRules(opts.overrides);

  const hit = (key: string, rule: Rule) => hitBucket(db, key, rule);
  const noAttempt: Attempt = { harmless: async () => {} };

  function refuse(reply: FastifyReply, resetAt: Date): never {
    reply.header('retry-after', String(Math.max(1, Math.ceil((resetAt.getTime() - Date.now()) / 1000))));
    throw new HttpError(429, TOO_MANY_ATTEMPTS);
  }

  async function sweep() {
    // Old windows are dead weight; any instance may clear them now and then.
    await db.delete(rateLimitBuckets).where(lt(rateLimitBuckets.resetAt, sql`now() - interval '1 hour'`));
  }

  return {
    enabled: opts.enabled,
    async check(action, request, reply, email) {
      if (!opts.enabled) return;
      const rule = rules[action];
      const keys: [string, Rule][] = [[bucketKey(action, 'ip', request.ip), rule.ip]];
      if (email) keys.push([bucketKey(action, 'email', email.trim().toLowerCase()), rule.email]);
      if (Math.random() < 0.01) await sweep();
      let retryAfter = 0;
      for (const [key, r] of keys) {
        const { hits, resetAt } = await hit(key, r);
        if (hits > r.limit)
          retryAfter = Math.max(retryAfter, Math.ceil((resetAt.getTime() - Date.now()) / 1000));
      }
      if (retryAfter > 0) {
        reply.header('retry-after', String(retryAfter));
        throw new HttpError(429, TOO_MANY_ATTEMPTS);
      }
    },
    async attempt(action, request, reply, email) {
      if (!opts.enabled) return noAttempt;
      const rule = rules[action];
      const account = rule.account;
      if (!account) throw new Error(`${action} has no account-wide rule`);
      if (Math.random() < 0.01) await sweep();
      // Checked in turn, each counted only once the one before let the try through: a stranger's
      // refused tries never reach the account-wide count.
      const byIp = await hit(bucketKey(action, 'ip', request.ip), rule.ip);
      if (byIp.hits > rule.ip.limit) refuse(reply, byIp.resetAt);
      const pairKey = bucketKey(action, 'pair', pairValue(email, request.ip));
      const byPair = await hit(pairKey, rule.email);
      if (byPair.hits > rule.email.limit) refuse(reply, byPair.resetAt);
      const accountKey = bucketKey(action, 'account', email.trim().toLowerCase());
      const byAccount = await hit(accountKey, account);
      // The account-wide limit binds only an address with earlier tries of its own on this account
      // (the owner's first try from their address always goes through), so a crowd of addresses
      // gets about one try each once it is spent, never ten.
      if (byPair.hits > 1 && byAccount.hits > account.limit) refuse(reply, byAccount.resetAt);
      return {
        harmless: async () => {
          await unhitBucket(db, pairKey);
          await unhitBucket(db, accountKey);
        },
      };
    },
  };
}
