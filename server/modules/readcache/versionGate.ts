/**
 * Reads the database's data version (a sequence every write bumps, see migration 0003) for many
 * concurrent requests at once. A request must see a version read that STARTED after it arrived,
 * or it could miss a write committed just before it: so a caller arriving while a read is in flight
 * waits for the next one, and every caller arriving meanwhile shares that next read. Under load
 * that is one small query per round trip to the database, not one per request.
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
