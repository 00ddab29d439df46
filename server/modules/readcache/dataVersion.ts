import type { DatabaseHandle, Subscription } from '../../db/client';
import { subscriptionVersion, VersionGate } from './versionGate';

/** Where the triggers of migration 0003 notify. */
export const DATA_CHANGED_CHANNEL = 'gatepass_data_changed';

/**
 * The one freshness signal of this process's caches (decision 015). Every write to the data the
 * cached reads and pages show bumps the database's data version and NOTIFYs at commit (migration
 * 0003, triggers, so every code path counts), from any instance. One subscription per process:
 * - a notification means "something changed": every cache drops what it holds (the version alone is
 *   not enough: the sequence moves when the write runs, before it commits, so a body built in between
 *   carries the new version and the old data);
 * - `read()` gives a version read that started after the caller arrived (VersionGate), so a cache
 *   never serves a body older than a write committed before the request, even if its notification
 *   has not arrived yet;
 * - `live` is false while notifications cannot be trusted (not yet subscribed, or the connection
 *   dropped): nothing may be stored or served then.
 */
export class DataVersion {
  live = false;
  /** How often the subscription was lost and came back (what an operator or a test asks after). */
  readonly history = { losses: 0, reconnections: 0 };
  private readonly listeners = new Set<() => void>();
  private gate: VersionGate | null = null;
  private subscription: Subscription | null = null;

  static async subscribe(database: DatabaseHandle): Promise<DataVersion> {
    const version = new DataVersion();
    const subscription = await database.listen(DATA_CHANGED_CHANNEL, {
      notify: () => version.changed(),
      lost: () => {
        version.history.losses++;
        version.live = false;
        version.changed();
      },
      ready: () => {
        if (version.subscription) version.history.reconnections++;
        version.changed();
        version.live = true;
      },
    });
    version.subscription = subscription;
    version.gate = new VersionGate(subscriptionVersion(subscription));
    return version;
  }

  /** Called on every change, loss and reconnection: whatever was cached may be stale. */
  onChange(listener: () => void): void {
    this.listeners.add(listener);
  }

  read(): Promise<string> {
    if (!this.gate) return Promise.reject(new Error('not subscribed'));
    return this.gate.read();
  }

  async stop(): Promise<void> {
    await this.subscription?.stop();
  }

  private changed() {
    for (const listener of this.listeners) listener();
  }
}
