import { lt, sql } from 'drizzle-orm';
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
  | 'resolve'
  | 'discount'
  | 'contact'
  | 'newsletter'
  | 'testmail';
export type Rule = { limit: number; windowSeconds: number };

/**
 * Defaults per action: per email (an account under attack) and per IP (one attacker, many emails).
 * The IP limits are generous because many Nigerian mobile users share carrier-grade NAT addresses.
 * Override with RATE_LIMIT_<ACTION>=n/window (per email) and RATE_LIMIT_<ACTION>_IP=n/window,
 * e.g. RATE_LIMIT_LOGIN=10/15m, RATE_LIMIT_OTP_IP=30/15m. Windows: s, m, h.
 */
export const DEFAULT_RULES: Record<RateLimitAction, { email: Rule; ip: Rule }> = {
  login: { email: { limit: 10, windowSeconds: 900 }, ip: { limit: 50, windowSeconds: 900 } },
  register: { email: { limit: 5, windowSeconds: 3600 }, ip: { limit: 20, windowSeconds: 3600 } },
  forgot: { email: { limit: 5, windowSeconds: 900 }, ip: { limit: 20, windowSeconds: 900 } },
  otp: { email: { limit: 10, windowSeconds: 900 }, ip: { limit: 30, windowSeconds: 900 } },
  resend: { email: { limit: 5, windowSeconds: 900 }, ip: { limit: 20, windowSeconds: 900 } },
  // Check-in link PINs (six digits): per link ("email" is the link's key here) and per IP.
  pin: { email: { limit: 10, windowSeconds: 900 }, ip: { limit: 30, windowSeconds: 900 } },
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
    const match = /^RATE_LIMIT_([A-Z]+)(_IP)?$/.exec(name);
    const action = match?.[1]?.toLowerCase() as RateLimitAction | undefined;
    if (!match || !action || !(action in rules)) {
      throw new Error(
        `Invalid configuration: unknown ${name} (known: ${Object.keys(rules)
          .map((a) => `RATE_LIMIT_${a.toUpperCase()}[_IP]`)
          .join(', ')})`,
      );
    }
    rules[action][match[2] ? 'ip' : 'email'] = parseRule(name, value);
  }
  return rules;
}

/**
 * The bucket's primary key. Both parts come from the caller (an address of any length, an IP that
 * X-Forwarded-For names behind a proxy), so they are hashed: every key is 64 hex characters after
 * its prefix, far under the btree's row limit, and the table holds no email addresses.
 */
export function bucketKey(action: RateLimitAction, kind: 'ip' | 'email', value: string): string {
  return `${action}:${kind}:${sha256(value)}`;
}

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
  enabled: boolean;
};

export function createRateLimiter(opts: {
  db: Database;
  enabled: boolean;
  overrides: Record<string, string>;
}): RateLimiter {
  const { db } = opts;
  const rules = resolveRules(opts.overrides);

  async function hit(key: string, rule: Rule): Promise<{ hits: number; resetAt: Date }> {
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
  };
}
