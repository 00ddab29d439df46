import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { VersionGate } from '../../server/modules/readcache/versionGate';

/**
 * A fake database: `version` moves when the test says a write happened; reads go over one
 * connection and the test finishes them one at a time. A read answers the version as it was when
 * the read STARTED (the conservative case: a sequence read sees what is committed then).
 */
function fakeDatabase(readers = 1) {
  let version = 0;
  const pending: { reader: number; startedAt: number; finish: () => void }[] = [];
  const fns = Array.from({ length: readers }, (_, reader) => () => {
    if (pending.some((p) => p.reader === reader)) throw new Error(`reader ${reader} used twice at once`);
    const startedAt = version;
    return new Promise<string>((resolve) => {
      pending.push({ reader, startedAt, finish: () => resolve(String(startedAt)) });
    });
  });
  return {
    fns,
    write: () => {
      version += 1;
      return version;
    },
    inFlight: () => pending.length,
    async finishOldest() {
      const read = pending.shift();
      if (!read) return false;
      read.finish();
      // Let the gate hand the reader on and start the next read.
      for (let i = 0; i < 5; i++) await Promise.resolve();
      return true;
    },
  };
}

describe('VersionGate', () => {
  it('never answers a caller with a read that started before it arrived (any interleaving)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom('call', 'write', 'finish'), { minLength: 1, maxLength: 40 }),
        async (steps) => {
          const db = fakeDatabase();
          const gate = new VersionGate(db.fns[0]!);
          const answers: Promise<void>[] = [];
          let lastWrite = 0;
          for (const step of steps) {
            if (step === 'write') lastWrite = db.write();
            if (step === 'finish') await db.finishOldest();
            if (step === 'call') {
              const seenAtArrival = lastWrite;
              answers.push(
                gate.read().then((version) => {
                  expect(Number(version)).toBeGreaterThanOrEqual(seenAtArrival);
                }),
              );
            }
          }
          while (await db.finishOldest()) {}
          await Promise.all(answers);
        },
      ),
    );
  });

  it('shares the next read among everyone who arrives while one is in flight', async () => {
    const db = fakeDatabase();
    const gate = new VersionGate(db.fns[0]!);
    const first = gate.read();
    expect(db.inFlight()).toBe(1);
    const waiting = [gate.read(), gate.read(), gate.read()]; // one shared next read, not three
    expect(db.inFlight()).toBe(1);
    await db.finishOldest(); // the first ends and the shared one starts
    expect(db.inFlight()).toBe(1);
    await db.finishOldest();
    expect(db.inFlight()).toBe(0);
    await Promise.all([first, ...waiting]);
  });

  it('passes a failed read on to its callers and carries on', async () => {
    let fail = true;
    const gate = new VersionGate(async () => (fail ? Promise.reject(new Error('down')) : '7'));
    await expect(gate.read()).rejects.toThrow('down');
    fail = false;
    await expect(gate.read()).resolves.toBe('7');
  });
});
