import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../server/db/query';
import { person } from '../helpers/checkout';
import { testDatabases } from '../helpers/databases';
import { type FakePaystack, startFakePaystack } from '../helpers/fakePaystack';
import { addCheckoutRoutes } from '../helpers/fakePaystackCheckout';
import {
  commandsFor,
  type Harness,
  type Mode,
  type Model,
  newWorld,
  RUNS,
  SEED,
} from '../helpers/moneyModel';
import { buildTestApp } from '../helpers/testApp';

/**
 * Random interleavings of everything that moves money or seats — reserve, change the seats, a
 * discount on or off, pay, each way a payment is confirmed or declined, a hold running out, the
 * buyer or the organiser cancelling, refunds landing — by three buyers on a paid and a free ticket
 * type with small capacities. After EVERY step the database must show:
 *  1. live tickets only on paid orders, exactly one per seat, and a paid order with a total has
 *     exactly one successful, unrefunded payment of that total;
 *  2. each type's `sold` = the seats of its reserved and paid orders, never above capacity;
 *  3. no order paid twice: any other successful payment is being refunded, and an order that is
 *     not paid keeps none of the money it received.
 * Runs on the Paystack fake (webhook, verify, sweeper, refund.processed) and in test mode (the
 * payment page's approve and decline, verify, sweeper). FC_RUNS widens a run; FC_SEED replays one.
 *
 * Grown with the features (decision 050, test/helpers/moneyWaitlist.ts): waiting-list joins, leaves,
 * whole scenes (a night sells out, someone waits, the hold gives seats back four ways, the offer is
 * claimed), sweeps; the organiser's refunds of a seat or an amount; transfers; a hold moved to the
 * other night. The invariants (test/helpers/moneyInvariants.ts) add: no seat with two live tickets,
 * refunds within what was paid, and every waiting entry's place only moving forward.
 */

describe.each(testDatabases)('Money invariants under random interleavings on $name', (database) => {
  let fake: FakePaystack;
  const harness: Partial<Record<Mode, Harness>> = {};

  beforeAll(async () => {
    fake = await startFakePaystack();
    const ledger = addCheckoutRoutes(fake);
    // The app's own sweeper stays out of the way; the commands sweep when they mean to.
    const env = { APP_URL: 'http://gatepass.test', ORDER_SWEEP_SECONDS: '3600' };
    const withPaystack = await buildTestApp(database, {
      env: { ...env, PAYSTACK_SECRET_KEY: fake.secret, PAYSTACK_BASE_URL: fake.url },
    });
    harness.paystack = {
      mode: 'paystack',
      t: withPaystack,
      ledger,
      organiser: await person(withPaystack.deps.db, 'organiser'),
    };
    const inTestMode = await buildTestApp(database, { env });
    harness.test = {
      mode: 'test',
      t: inTestMode,
      ledger: null,
      organiser: await person(inTestMode.deps.db, 'organiser'),
    };
  }, 120_000);
  afterAll(async () => {
    await harness.paystack?.t.close();
    await harness.test?.t.close();
    await fake?.close();
  });

  for (const mode of ['paystack', 'test'] as const) {
    it(`${mode === 'paystack' ? 'Paystack (fake)' : 'test mode'}: tickets only for money kept, seats add up, nothing paid twice`, async () => {
      const h = harness[mode]!;
      await fc.assert(
        fc.asyncProperty(commandsFor(mode), async (cmds) => {
          const w = await newWorld(h);
          await fc.asyncModelRun(() => ({ model: {} as Model, real: w }), cmds);
        }),
        { numRuns: RUNS, ...(SEED === undefined ? {} : { seed: SEED }) },
      );
      // The runs did reach the money: some orders were paid through a payment, not only refused.
      const [paid] = await queryRows<{ n: string | number }>(
        h.t.deps.db,
        sql`select count(*) as n from orders where status = 'paid' and total_kobo > 0`,
      );
      expect(Number(paid?.n)).toBeGreaterThan(0);
    }, 180_000);
  }
});
