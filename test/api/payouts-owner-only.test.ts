import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payoutAccountResponse } from '../../contract/payouts';
import { ticketSavedResponse } from '../../contract/tickets';
import { payoutAccounts } from '../../server/db/schema';
import {
  ONLY_OWNER_PAYOUTS,
  OWNER_PAYOUT_NEEDED,
  PAYOUT_ACCOUNT_NEEDED,
} from '../../server/modules/payouts/service';
import { authed, signedInAccount } from '../helpers/accounts';
import { type Person, people } from '../helpers/checkout';
import { testDatabases } from '../helpers/databases';
import { createEvent, paidTicket } from '../helpers/organiser';
import { joinTeam } from '../helpers/team';
import { buildTestApp, type TestApp } from '../helpers/testApp';

/**
 * Payouts stay the owner's (decision 053, issues #30 item 5 and #32 item 2): only the owner's payout
 * settings create or change a payout account; ticket forms never do, and a co-organiser's edit of a
 * paid ticket is paid out to the owner's saved account.
 */
describe.each(testDatabases)('payouts only through the owner’s settings on $name', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(database);
  }, 120_000);
  afterAll(async () => t?.close());

  const rowOf = async (userId: string) =>
    (await t.deps.db.select().from(payoutAccounts).where(eq(payoutAccounts.userId, userId)))[0] ?? null;
  const bank = { bank: '058', accountNumber: '2034567891' };

  async function ownerWithTeam() {
    const owner = await signedInAccount(t);
    const eventId = (await createEvent(t, owner.token))._id;
    const [co] = (await people(t.deps.db, 1, 'payco')) as [Person];
    await joinTeam(t, owner.token, eventId, co, 'co_organiser');
    return { owner, eventId, co };
  }

  it('a ticket form never creates the first account: 400 and nothing saved; the payout settings do', async () => {
    const { owner, eventId } = await ownerWithTeam();
    const first = await authed(t, 'POST', '/api/tickets/create', owner.token, paidTicket(eventId, bank));
    expect(first.statusCode).toBe(400);
    expect(first.json().message).toBe(PAYOUT_ACCOUNT_NEEDED);
    expect(await rowOf(owner.user.id)).toBeNull();

    const saved = await authed(t, 'PUT', '/api/payments/payout-account', owner.token, {
      ...bank,
      password: owner.password,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    // Now the form may send the saved account back (no change) or nothing at all.
    const again = await authed(t, 'POST', '/api/tickets/create', owner.token, paidTicket(eventId, bank));
    expect(again.statusCode, again.body).toBe(201);
    const plain = await authed(t, 'POST', '/api/tickets/create', owner.token, paidTicket(eventId));
    expect(plain.statusCode, plain.body).toBe(201);
  });

  it('a co-organiser sending payout fields to a ticket edit is refused (403) and no account is saved', async () => {
    const { owner, eventId, co } = await ownerWithTeam();
    await authed(t, 'PUT', '/api/payments/payout-account', owner.token, {
      ...bank,
      password: owner.password,
    });
    const ticket = ticketSavedResponse.parse(
      (await authed(t, 'POST', '/api/tickets/create', owner.token, paidTicket(eventId))).json(),
    ).ticket;
    const ownerRow = await rowOf(owner.user.id);

    const edit = await authed(
      t,
      'PUT',
      `/api/tickets/${ticket._id}`,
      co.token,
      paidTicket(eventId, { bank: '057', accountNumber: '1234567890' }),
    );
    expect(edit.statusCode).toBe(403);
    expect(edit.json().message).toBe(ONLY_OWNER_PAYOUTS);
    // Even on a free type the fields are refused, and neither account moved.
    const free = await authed(
      t,
      'PUT',
      `/api/tickets/${ticket._id}`,
      co.token,
      paidTicket(eventId, { ticketType: 'free', ticketPrice: 0, ...bank }),
    );
    expect(free.statusCode).toBe(403);
    expect(await rowOf(co.id)).toBeNull();
    expect(await rowOf(owner.user.id)).toEqual(ownerRow);
  });

  it('a co-organiser edits a paid ticket when the owner has an account, and sees it read-only', async () => {
    const { owner, eventId, co } = await ownerWithTeam();
    await authed(t, 'PUT', '/api/payments/payout-account', owner.token, {
      ...bank,
      password: owner.password,
    });
    const ticket = ticketSavedResponse.parse(
      (await authed(t, 'POST', '/api/tickets/create', owner.token, paidTicket(eventId))).json(),
    ).ticket;
    const edit = await authed(
      t,
      'PUT',
      `/api/tickets/${ticket._id}`,
      co.token,
      paidTicket(eventId, { ticketPrice: 18000 }),
    );
    expect(edit.statusCode, edit.body).toBe(200);
    expect(ticketSavedResponse.parse(edit.json()).ticket.ticketPrice).toBe(18000);

    const shown = payoutAccountResponse.parse(
      (await authed(t, 'GET', `/api/payments/payout-account?eventId=${eventId}`, co.token)).json(),
    );
    expect(shown.yours).toBe(false);
    expect(shown.payoutAccount?.accountNumberLast4).toBe('7891');
    expect(JSON.stringify(shown)).not.toContain('2034567891');
    const own = payoutAccountResponse.parse(
      (await authed(t, 'GET', `/api/payments/payout-account?eventId=${eventId}`, owner.token)).json(),
    );
    expect(own.yours).toBe(true);
    // A stranger learns nothing of it; a malformed id is a 4xx.
    const [stranger] = (await people(t.deps.db, 1, 'stranger')) as [Person];
    const refused = await authed(t, 'GET', `/api/payments/payout-account?eventId=${eventId}`, stranger.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.body).not.toContain('7891');
    const bad = await authed(t, 'GET', '/api/payments/payout-account?eventId=__proto__', co.token);
    expect(bad.statusCode).toBe(404);
  });

  it('without the owner’s account a co-organiser’s paid edit says the owner must add one', async () => {
    const { owner, eventId, co } = await ownerWithTeam();
    const free = ticketSavedResponse.parse(
      (
        await authed(
          t,
          'POST',
          '/api/tickets/create',
          owner.token,
          paidTicket(eventId, { ticketType: 'free', ticketPrice: 0 }),
        )
      ).json(),
    ).ticket;
    const edit = await authed(t, 'PUT', `/api/tickets/${free._id}`, co.token, paidTicket(eventId));
    expect(edit.statusCode).toBe(400);
    expect(edit.json().message).toBe(OWNER_PAYOUT_NEEDED);
  });
});
