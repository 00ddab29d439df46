// bench/guest-messages: what sending a message to every guest (decision 063) costs, against a
// baseline measured in the same run. Baseline: one `mail.send` per guest, awaited in turn (each an
// outbox insert of its own) — what a request that mailed everyone itself would do. Ours: store the
// message with its recipients (one INSERT … SELECT DISTINCT) and hand them to the outbox in batches
// of 100 (the worker). Prints both times and the ratio. Embedded PGlite, outbox mode (no SMTP).
// Run: npx tsx bench/guest-messages.ts   (BENCH_GUESTS=2000 by default)

import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { events, issuedTickets, orders, ticketTypes, users } from '../server/db/schema';
import { guestMessageMail } from '../server/modules/guest-messages/mail';
import { sendMessage } from '../server/modules/guest-messages/service';
import { handOverAll } from '../server/modules/guest-messages/worker';

const GUESTS = Number(process.env.BENCH_GUESTS ?? 2000);

const dataDir = await mkdtemp(path.join(tmpdir(), 'gatepass-bench-msg-'));
const config = loadConfig(
  {
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    SEED_SAMPLE_DATA: 'false',
    ORDER_SWEEP_SECONDS: '3600',
  },
  { pgliteDir: 'memory://' },
);
const { app, deps } = await buildApp(config);
const db = deps.db;
const [owner] = await db
  .insert(users)
  .values({
    firstName: 'Ada',
    lastName: 'Okafor',
    username: 'bench_ada',
    email: 'ada@bench.ng',
    passwordHash: 'x',
  })
  .returning();
const [event] = await db
  .insert(events)
  .values({
    organiserId: owner!.id,
    eventName: 'Bench Night',
    category: 'Music',
    startDate: '2031-03-14',
    endDate: '2031-03-14',
    startTime: '18:00',
    endTime: '23:00',
    eventLocation: 'physical',
    country: 'Nigeria',
    state: 'Lagos',
    location: 'Eko',
    status: 'published',
  })
  .returning();
const [type] = await db
  .insert(ticketTypes)
  .values({
    eventId: event!.id,
    ticketName: 'Regular',
    priceKobo: 0,
    ticketType: 'free',
    ticketStock: 'unlimited',
    capacity: null,
    purchaseLimit: 10,
    benefits: 'Entry',
  })
  .returning();
// One paid order with one ticket per guest, written directly (the bench is about sending, not buying).
for (let start = 0; start < GUESTS; start += 500) {
  const n = Math.min(500, GUESTS - start);
  const made = await db
    .insert(orders)
    .values(
      Array.from({ length: n }, (_, i) => ({
        eventId: event!.id,
        buyerFirstName: 'Guest',
        buyerLastName: `${start + i}`,
        buyerEmail: `guest${start + i}@bench.ng`,
        status: 'paid' as const,
        totalKobo: 0,
        paidAt: new Date(),
      })),
    )
    .returning({ id: orders.id });
  await db.insert(issuedTickets).values(
    made.map((o, i) => ({
      orderId: o.id,
      eventId: event!.id,
      ticketTypeId: type!.id,
      seat: 0,
      code: randomBytes(40).toString('base64url'),
      attendeeFirstName: 'Guest',
      attendeeLastName: `${start + i}`,
      attendeeEmail: `guest${start + i}@bench.ng`,
    })),
  );
}

const t0 = performance.now();
for (let i = 0; i < GUESTS; i++)
  await deps.mail.send(
    guestMessageMail({
      to: `guest${i}@bench.ng`,
      firstName: 'Guest',
      eventName: 'Bench Night',
      subject: 'Baseline',
      body: 'Gates open at 6. Bring ID.',
      sentByName: 'Ada Okafor',
      ticketsUrl: 'https://gatepass.example/t#x',
    }),
  );
const baselineMs = performance.now() - t0;

const t1 = performance.now();
const sent = await sendMessage(
  deps,
  event!.id,
  owner!.id,
  { audience: 'event', subject: 'Ours', body: 'Gates open at 6. Bring ID.' },
  Date.now(),
);
const storedMs = performance.now() - t1;
const handed = await handOverAll(deps);
const oursMs = performance.now() - t1;

console.log(`guests: ${GUESTS} (recipients ${sent.recipients}, handed to the outbox ${handed})`);
console.log(`baseline, one mail.send per guest: ${baselineMs.toFixed(0)} ms`);
console.log(`ours, store + recipients: ${storedMs.toFixed(0)} ms (the 202 answer waits for this only)`);
console.log(`ours, store + hand over in batches of 100: ${oursMs.toFixed(0)} ms`);
console.log(`ratio ours / baseline: ${(oursMs / baselineMs).toFixed(2)}`);
await app.close();
await rm(dataDir, { recursive: true, force: true });
