import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { people, person } from '../helpers/checkout';
import { postgresUrl } from '../helpers/databases';
import { buy, joinQueue, myPlace, opensIn, roomEvent } from '../helpers/onsale';
import { buildTestApp, type TestApp } from '../helpers/testApp';

/**
 * "A process that dies loses nothing" (decision 059): the queue lives in the database and the front
 * is computed from the clock, so a second process answers every buyer exactly as the first did, and
 * after the first is gone the buyers it placed keep their places, passes and order.
 */

const asTest = (built: App): TestApp => ({ ...built, close: () => built.app.close() });

describe.skipIf(!postgresUrl)('two processes on one PostgreSQL, one of them dies', () => {
  let a: TestApp | null = null;
  let b: App | null = null;
  afterAll(async () => {
    await b?.app.close();
    await a?.close();
  });

  it('answers the same place and pass from either process, and the survivor keeps them', async () => {
    a = await buildTestApp({ name: 'PostgreSQL', kind: 'postgres' });
    b = await buildApp(
      loadConfig(
        { NODE_ENV: 'test', LOG_LEVEL: 'silent', SEED_SAMPLE_DATA: 'false', RATE_LIMITS: 'off' },
        { databaseUrl: a.deps.config.databaseUrl, pgliteDir: 'memory://' },
      ),
    );
    const other = asTest(b);
    const organiser = await person(a.deps.db, 'organiser');
    const { event, types } = await roomEvent(a.deps.db, organiser.id, { opensInSeconds: 3600, rate: 1 });
    const buyers = await people(a.deps.db, 30);
    // Half join through each process before opening.
    for (const [i, buyer] of buyers.entries()) await joinQueue(i % 2 ? other : a, event.id, buyer);
    await opensIn(a.deps.db, event.id, -3.5);
    const viaA = await Promise.all(buyers.map((buyer) => myPlace(a!, event.id, buyer)));
    const viaB = await Promise.all(buyers.map((buyer) => myPlace(other, event.id, buyer)));
    expect(viaB.map((p) => p.place)).toEqual(viaA.map((p) => p.place));
    // Places 1–3 are in (3.5 s at 1 a second), the rest wait; place 4 may come in between the reads.
    const settled = (places: typeof viaA) => places.filter((p) => p.place !== 4).map((p) => p.state);
    expect(settled(viaB)).toEqual(settled(viaA));
    expect(viaB.filter((p) => p.state === 'admitted').length).toBeGreaterThanOrEqual(3);

    // Process A dies. Every place it gave is still there, and a pass it handed out buys through B.
    const firstIn = buyers[viaA.findIndex((p) => p.place === 1)]!;
    const pass = viaA.find((p) => p.place === 1)!.pass;
    await a.app.close();
    const afterDeath = await Promise.all(buyers.map((buyer) => myPlace(other, event.id, buyer)));
    expect(afterDeath.map((p) => p.place)).toEqual(viaA.map((p) => p.place));
    expect((await buy(other, event.id, types[0]!.id, firstIn, pass)).status).toBe(201);
    // New arrivals keep being numbered after the draw.
    expect((await joinQueue(other, event.id, await person(b.deps.db))).place).toBe(31);
  }, 180_000);
});

describe('one process on PGlite restarts on its data directory', () => {
  let dir = '';
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('keeps every place across the restart', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'gatepass-onsale-'));
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      SEED_SAMPLE_DATA: 'false',
      RATE_LIMITS: 'off',
      DATA_DIR: dir,
    });
    const first = asTest(await buildApp(config));
    const organiser = await person(first.deps.db, 'organiser');
    const { event } = await roomEvent(first.deps.db, organiser.id, { opensInSeconds: 3600, rate: 1 });
    const buyers = await people(first.deps.db, 20);
    for (const buyer of buyers) await joinQueue(first, event.id, buyer);
    await opensIn(first.deps.db, event.id, -3);
    const before = await Promise.all(buyers.map((buyer) => myPlace(first, event.id, buyer)));
    await first.close();

    const second = asTest(await buildApp(config));
    try {
      const after = await Promise.all(buyers.map((buyer) => myPlace(second, event.id, buyer)));
      expect(after.map((p) => p.place)).toEqual(before.map((p) => p.place));
      expect(new Set(after.map((p) => p.place)).size).toBe(20);
    } finally {
      await second.close();
    }
  }, 180_000);
});
