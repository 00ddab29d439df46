import type { Subscription } from '../../db/client';

/**
 * Reads the database's data version (a sequence every write bumps, see migration 0003) for many
 * concurrent requests at once. A request must see a version read that STARTED after it arrived,
 * or it could miss a write committed just before it: so a caller arriving while a read is in flight
 * waits for the next one, and every caller arriving meanwhile shares that next read. Under load
 * that is one small query per round trip to the database, not one per request. (A second reader
 * connection, so reads could overlap, was tried and measured slower on a quiet machine: decision
 * 015, amendment 2.)
 */
export class VersionGate {
  private running: Promise<string> | null = null;
  private queued: Promise<string> | null = null;

  constructor(private readonly readVersion: () => Promise<string>) {}

  read(): Promise<string> {
    if (!this.running) return this.start();
    if (!this.queued) {
      this.queued = this.running
        .catch(() => undefined)
        .then(() => {
          this.queued = null;
          return this.start();
        });
    }
    return this.queued;
  }

  private start(): Promise<string> {
    const run = this.readVersion().finally(() => {
      if (this.running === run) this.running = null;
    });
    this.running = run;
    return run;
  }
}

/**
 * The data version, read on a LISTEN subscription's own connection: no pool to wait for, and a
 * connection that stops answering is noticed (and counted as lost) by the read itself.
 */
export function subscriptionVersion(subscription: Subscription): () => Promise<string> {
  return async () => {
    const rows = await subscription.query('select last_value from gatepass_data_version');
    return String(rows[0]!.last_value);
  };
}
