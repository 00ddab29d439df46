import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, isNull, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { guestMessageRecipients, guestMessages, mailOutbox } from '../../server/db/schema';
import { listMessages, sendMessage } from '../../server/modules/guest-messages/service';
import { handOverBatch } from '../../server/modules/guest-messages/worker';
import { buyTickets } from '../helpers/checkin';
import { eventWithTypes, type Person, people } from '../helpers/checkout';
import { createMigratedDatabase, testDatabases } from '../helpers/databases';
import type { TestApp } from '../helpers/testApp';

/**
 * A guest message survives a restart (decision 063): a process that stops after handing some of a
 * message's recipients to the outbox leaves the others marked as still to send, and the next process
 * to start (on the same database) sends exactly those — every holder once, nobody twice.
 */
describe.each(testDatabases)('a guest message across a restart on $name', (database) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const clean of cleanups.reverse()) await clean();
  });

  it('the next process sends the rest, each holder once', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'gatepass-restart-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const scratch = database.kind === 'postgres' ? await createMigratedDatabase() : null;
    if (scratch) cleanups.push(scratch.drop);
    // Both processes on one database: PostgreSQL's, or PGlite's directory on disk. Sweeps only on
    // start and when kicked (ORDER_SWEEP_SECONDS=3600), so nothing runs that the test does not start.
    const start = async (): Promise<App> => {
      const config = loadConfig(
        {
          NODE_ENV: 'test',
          LOG_LEVEL: 'silent',
          DATA_DIR: dataDir,
          SEED_SAMPLE_DATA: 'false',
          RATE_LIMITS: 'off',
          ORDER_SWEEP_SECONDS: '3600',
        },
        { databaseUrl: scratch?.url },
      );
      const built = await buildApp(config);
      await built.app.ready();
      return built;
    };

    const first = await start();
    const asTest = { ...first, close: async () => {} } as TestApp;
    const [owner, ...guests] = (await people(first.deps.db, 4, 'restart')) as [
      Person,
      Person,
      Person,
      Person,
    ];
    const made = await eventWithTypes(first.deps.db, owner.id, [{ name: 'Regular', priceKobo: 0 }]);
    for (const guest of guests) await buyTickets(asTest, guest, made.event.id, { [made.types[0]!.id]: 1 });
    const message = await sendMessage(
      first.deps,
      made.event.id,
      owner.id,
      { audience: 'event', subject: 'Parking on the left', body: 'Use gate B.' },
      Date.now(),
    );
    expect(message.recipients).toBe(3);
    // The first process hands one recipient over, then stops.
    expect(await handOverBatch(first.deps, 1)).toBe(1);
    await first.app.close();

    const second = await start();
    cleanups.push(() => second.app.close());
    const pending = async () =>
      (
        await second.deps.db
          .select({ id: guestMessageRecipients.id })
          .from(guestMessageRecipients)
          .where(isNull(guestMessageRecipients.outboxId))
      ).length;
    await expect.poll(pending, { timeout: 10_000 }).toBe(0);
    const mails = await second.deps.db
      .select({ to: mailOutbox.to, n: sql<number>`count(*)`.mapWith(Number) })
      .from(mailOutbox)
      .where(eq(mailOutbox.subject, 'Parking on the left'))
      .groupBy(mailOutbox.to);
    expect(mails.map((m) => m.to).sort()).toEqual(guests.map((g) => g.email.toLowerCase()).sort());
    expect(mails.every((m) => m.n === 1)).toBe(true);
    const [row] = await second.deps.db.select().from(guestMessages).where(eq(guestMessages.id, message.id));
    expect(row?.status).toBe('queued');
    const list = await listMessages(second.deps.db, made.event.id, Date.now());
    expect(list.messages[0]).toMatchObject({ recipients: 3, sent: 3, failed: 0, waiting: 0 });
  }, 120_000);
});
