import { and, inArray, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { sessions } from '../../db/schema';

/** `last_seen_at` is a hint for the sessions list, not an audit log: one write a minute is plenty. */
export const LAST_SEEN_RESOLUTION_MS = 60_000;

/**
 * `sessions.last_seen_at` ("last seen" in the sessions list), written off the request path
 * (decision 056). Before, a request whose session was last seen over a minute ago awaited its own
 * UPDATE before the route ran: in a flash sale of buyers who signed in minutes earlier, that was
 * one self-committing write (and WAL flush) per buyer in front of the reservation.
 *
 * Now a request only notes its session; the sessions noted while a write is in flight go together
 * in the next one (`id IN (…)`, still conditional on the stored time, so several processes write
 * at most once a minute between them; rows locked by another write are skipped, never waited for). A session this process wrote within the minute is not noted again.
 * Nothing else reads `last_seen_at`: the idle sign-out counts `last_active_at` (decision 024),
 * which only the activity report writes, so deferring this changes no one's sign-out.
 */
export class LastSeenWriter {
  private pending = new Set<string>();
  /** Sessions this process wrote, with when: the minute's throttle without a database read. */
  private written = new Map<string, number>();
  private flushing: Promise<void> | null = null;

  constructor(
    private readonly db: Database,
    private readonly onError: (error: unknown) => void,
    private readonly maxPerWrite = 500,
  ) {}

  /** The request's session was seen; `lastSeenAt` as its look-up read it. Never waits. */
  note(sessionId: string, lastSeenAt: Date, now = Date.now()) {
    if (now - lastSeenAt.getTime() < LAST_SEEN_RESOLUTION_MS) return;
    const wrote = this.written.get(sessionId);
    if (wrote !== undefined && now - wrote < LAST_SEEN_RESOLUTION_MS) return;
    this.pending.add(sessionId);
    // One turn first, so the requests parsed in the same turn share the write.
    if (!this.flushing) this.flushing = new Promise((r) => setImmediate(r)).then(() => this.drain());
  }

  /** Resolves when every noted session has been written (on close, and for tests). */
  async settled(): Promise<void> {
    while (this.flushing) await this.flushing;
  }

  private async drain() {
    try {
      while (this.pending.size > 0) {
        const ids = [...this.pending].slice(0, this.maxPerWrite);
        for (const id of ids) this.pending.delete(id);
        const now = Date.now();
        try {
          // SKIP LOCKED: a row another statement is writing (a sign-out, a revocation of all of a
          // user's sessions) is left to it. Waiting instead could deadlock two multi-row updates
          // that lock in different orders, and a hint is not worth anyone's request failing.
          const stale = this.db
            .select({ id: sessions.id })
            .from(sessions)
            .where(and(inArray(sessions.id, ids), lt(sessions.lastSeenAt, sql`now() - interval '1 minute'`)))
            .for('update', { skipLocked: true });
          await this.db.update(sessions).set({ lastSeenAt: sql`now()` }).where(inArray(sessions.id, stale));
          for (const id of ids) this.written.set(id, now);
        } catch (error) {
          // A hint that failed to be written is written at the next request a minute on; the
          // request that noted it has long been answered.
          this.onError(error);
        }
        this.forgetOld(now);
      }
    } finally {
      this.flushing = null;
    }
  }

  /** Bounded memory: entries older than the minute throttle nothing any more. */
  private forgetOld(now: number) {
    if (this.written.size < 10_000) return;
    for (const [id, at] of this.written) if (now - at >= LAST_SEEN_RESOLUTION_MS) this.written.delete(id);
  }
}
