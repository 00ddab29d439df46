/**
 * Reads the database's data version (a sequence every write bumps, see migration 0003) for many
 * concurrent requests at once. A request must see a version read that STARTED after it arrived,
 * or it could miss a write committed just before it: so a caller arriving while every reader is
 * busy waits for the next read, and every caller arriving meanwhile shares that next read. Under
 * load that is one small query per round trip to the database, not one per request.
 *
 * Each reader is one connection (a query on it waits for the one before). With several, a caller
 * who finds one free starts a read at once and the shared next read starts as soon as any frees.
 * The read cache uses one: a second shortened the waits on a busy machine but cost more CPU than it
 * saved on a quiet one (decision 015, amendment 2).
 */
export class VersionGate {
  private readonly busy: boolean[];
  private next: { promise: Promise<string>; begin: (reader: number) => void } | null = null;

  constructor(private readonly readers: ReadonlyArray<() => Promise<string>>) {
    if (readers.length === 0) throw new Error('VersionGate needs a reader');
    this.busy = readers.map(() => false);
  }

  read(): Promise<string> {
    if (this.next) return this.next.promise;
    const free = this.busy.indexOf(false);
    if (free !== -1) return this.run(free);
    let begin!: (reader: number) => void;
    const promise = new Promise<number>((resolve) => {
      begin = resolve;
    }).then((reader) => this.run(reader));
    this.next = { promise, begin };
    return promise;
  }

  private run(reader: number): Promise<string> {
    this.busy[reader] = true;
    return this.readers[reader]!().finally(() => {
      const next = this.next;
      if (next) {
        // The reader goes straight to the waiting callers' read (it stays busy), so nobody
        // arriving in between can take it and make them wait longer.
        this.next = null;
        next.begin(reader);
      } else {
        this.busy[reader] = false;
      }
    });
  }
}
