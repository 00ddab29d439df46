import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { prepared } from '../../db/prepared';
import { sessions, users } from '../../db/schema';
import { idleMinutesSql } from '../users/idleMinutes';

/** `idle`: no activity for longer than the owner's inactivity timeout, chosen or by role (see IDLE_GRACE_SECONDS). */
export type LiveSession = { id: string; userId: string; lastSeenAt: Date; idle: boolean };

/**
 * The app reports activity at most once a minute (src/app/activityReport.ts) and signs out at its
 * first minute check past the timeout, so the stored activity time may be up to a minute behind
 * the tab's. Allowing that minute on top of the timeout means the server never ends a session the
 * tab still counts as active (decision 024).
 */
export const IDLE_GRACE_SECONDS = 60;

/**
 * Session look-ups of concurrent requests share one query (decision 017). Every request needs one
 * before its route runs; under load (a flash sale: hundreds of buyers at once) one query each queued
 * behind each other for the pool's ten connections and kept the reservation batches waiting. Now
 * the hashes asked while a look-up is in flight go together in the next one: `token_hash IN (…)`
 * with the same live-session conditions, evaluated when that query runs — a session revoked before
 * it is refused exactly as before. Nothing is cached between look-ups.
 */
export class SessionLookup {
  private waiting = new Map<string, ((s: LiveSession | null) => void)[]>();
  private failing = new Map<string, ((e: unknown) => void)[]>();
  private busy = false;
  /** Settles when the query in flight has answered its requests (null: none in flight). */
  private current: Promise<void> | null = null;
  /** Settles when the query that will take the hashes now waiting has answered them. */
  private next: { promise: Promise<void>; resolve: () => void } | null = null;

  constructor(
    private readonly db: Database,
    private readonly maxPerQuery = 500,
  ) {}

  find(tokenHash: string): Promise<LiveSession | null> {
    return new Promise((resolve, reject) => {
      const list = this.waiting.get(tokenHash);
      if (list) {
        list.push(resolve);
        this.failing.get(tokenHash)!.push(reject);
      } else {
        this.waiting.set(tokenHash, [resolve]);
        this.failing.set(tokenHash, [reject]);
      }
      if (!this.busy) {
        this.busy = true;
        // One turn first, so requests parsed in the same turn share the first query.
        setImmediate(() => void this.drain());
      }
    });
  }

  /**
   * Settles once every look-up asked so far has been answered (immediately when none is pending).
   * The reservation batch waits for it before it starts (reserveBatch.ts): requests whose sessions
   * are being looked up are about to join the queue, and a batch that left them behind would make
   * them wait a whole read and statement for the next one.
   */
  asked(): Promise<void> | null {
    if (this.waiting.size > 0) {
      if (!this.next) {
        let resolve = () => {};
        const promise = new Promise<void>((r) => {
          resolve = r;
        });
        this.next = { promise, resolve };
      }
      return this.next.promise;
    }
    return this.current;
  }

  private async drain() {
    while (this.waiting.size > 0) {
      const taken = this.next;
      this.next = null;
      let answered = () => {};
      this.current = new Promise<void>((r) => {
        answered = r;
      });
      await this.query();
      answered();
      taken?.resolve();
    }
    this.current = null;
    this.busy = false;
  }

  private async query() {
    const hashes = [...this.waiting.keys()].slice(0, this.maxPerQuery);
    const resolvers = hashes.map((h) => [this.waiting.get(h)!, this.failing.get(h)!] as const);
    for (const h of hashes) {
      this.waiting.delete(h);
      this.failing.delete(h);
    }
    try {
      const rows = await liveSessions(this.db).execute({ hashes });
      const byHash = new Map(rows.map((r) => [r.tokenHash, r]));
      hashes.forEach((h, i) => {
        const row = byHash.get(h);
        const found = row
          ? { id: row.id, userId: row.userId, lastSeenAt: row.lastSeenAt, idle: row.idle }
          : null;
        for (const resolve of resolvers[i]![0]) resolve(found);
      });
    } catch (error) {
      for (const [, rejects] of resolvers) for (const reject of rejects) reject(error);
    }
  }
}

/**
 * The look-up's query, prepared once per database handle with the hashes as one array parameter
 * (decision 060): built per look-up with one parameter per hash, drizzle's query building was a
 * larger share of a flash sale's CPU than the query itself.
 */
function liveSessions(db: Database) {
  return prepared(db, 'live_sessions_by_token_hash', (name) =>
    db
      .select({
        tokenHash: sessions.tokenHash,
        id: sessions.id,
        userId: sessions.userId,
        lastSeenAt: sessions.lastSeenAt,
        // Compared in the database, on the database's clock, like expires_at.
        idle: sql<boolean>`${sessions.lastActiveAt} < now() - make_interval(secs => ${idleMinutesSql} * 60 + ${IDLE_GRACE_SECONDS})`,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(
        and(
          sql`${sessions.tokenHash} = any(${sql.placeholder('hashes')}::text[])`,
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, sql`now()`),
        ),
      )
      .prepare(name),
  );
}

/** One look-up per database handle, shared by the auth hook and the reservation batch. */
const lookups = new WeakMap<Database, SessionLookup>();

export function sessionLookupFor(db: Database): SessionLookup {
  let lookup = lookups.get(db);
  if (!lookup) {
    lookup = new SessionLookup(db);
    lookups.set(db, lookup);
  }
  return lookup;
}
