import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { VersionGate } from '../../server/modules/readcache/versionGate';

/**
 * A fake database: `version` moves when the test says a write happened; each reader is one
 * connection whose reads the test finishes one at a time. A read answers the version as it was
 * when the read STARTED (the conservative case: a sequence read sees what is committed then).
 */
function fakeDatabase(readers: number) {
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
  it('never answers a caller with a read that started before it arrived (any readers, any interleaving)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 3 }),
        fc.array(fc.constantFrom('call', 'write', 'finish'), { minLength: 1, maxLength: 40 }),
        async (readers, steps) => {
          const db = fakeDatabase(readers);
          const gate = new VersionGate(db.fns);
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

  it('overlaps reads on two readers and shares the next one among everyone who arrives meanwhile', async () => {
    const db = fakeDatabase(2);
    const gate = new VersionGate(db.fns);
    const first = gate.read();
    const second = gate.read(); // the second reader is free: a read of its own at once
    expect(db.inFlight()).toBe(2);
    const waiting = [gate.read(), gate.read(), gate.read()]; // both busy: one shared next read
    expect(db.inFlight()).toBe(2);
    await db.finishOldest(); // the first reader frees and goes straight to the waiting callers
    expect(db.inFlight()).toBe(2);
    await db.finishOldest();
    await db.finishOldest();
    expect(db.inFlight()).toBe(0);
    await Promise.all([first, second, ...waiting]);
  });

  it('passes a failed read on to its callers and carries on', async () => {
    let fail = true;
    const gate = new VersionGate([async () => (fail ? Promise.reject(new Error('down')) : '7')]);
    await expect(gate.read()).rejects.toThrow('down');
    fail = false;
    await expect(gate.read()).resolves.toBe('7');
  });
});
