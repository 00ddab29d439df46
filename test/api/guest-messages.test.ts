import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  GUEST_MESSAGE_LIMITS,
  guestMessagePreview,
  guestMessageSummary,
  guestMessagesResponse,
  latestGuestMessage,
} from '../../contract/guestMessages';
import { eventTeam, guestMessages, issuedTickets, mailOutbox } from '../../server/db/schema';
import { GUEST_MESSAGE_ERRORS } from '../../server/modules/guest-messages/service';
import { authed } from '../helpers/accounts';
import { buyTickets } from '../helpers/checkin';
import { eventWithTypes, type Person, people } from '../helpers/checkout';
import { testDatabases } from '../helpers/databases';
import { readableMail, startSmtpServer } from '../helpers/smtpServer';
import { buildTestApp, type TestApp } from '../helpers/testApp';

/**
 * A word to every guest (decision 063), through a real SMTP server: one mail per holder (not per
 * order), the holder after a transfer and not before, no cancelled seat; preview stores nothing; a
 * test goes to the sender alone; the hourly limit; the roles; the latest message on a ticket.
 */

async function until<T>(what: string, probe: () => Promise<T | undefined | false> | T | undefined | false) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe.each(testDatabases)('guest messages on $name', (database) => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let t: TestApp;
  let owner: Person;
  let eventId: string;
  let vipId: string;
  let regularId: string;
  let twoVip: Person; // holds two VIP tickets: one mail
  let giver: Person; // transferred their VIP ticket away: no mail
  let friend: Person; // received it: a mail
  let regular: Person; // Regular only: not in a VIP message
  let cancelled: Person; // VIP order cancelled: no mail
  let vipShareToken: string;
  let regularCode: string;

  const url = (suffix = '') => `/api/events/${eventId}/messages${suffix}`;
  const draft = (over: object = {}) => ({
    audience: 'type',
    ticketTypeId: vipId,
    subject: 'Gates open at 6',
    body: 'Bring ID.\n<b>No</b> <script>alert(1)</script> bags',
    ...over,
  });
  const mailsTo = (email: string) => smtp.received.filter((m) => m.to.includes(email.toLowerCase()));

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await buildTestApp(database, { env: { APP_URL: 'https://gatepass.example', SMTP_URL: smtp.url } });
    [owner, twoVip, giver, friend, regular, cancelled] = (await people(t.deps.db, 6, 'msg')) as [
      Person,
      Person,
      Person,
      Person,
      Person,
      Person,
    ];
    const made = await eventWithTypes(t.deps.db, owner.id, [
      { name: 'VIP', priceKobo: 0 },
      { name: 'Regular', priceKobo: 0 },
    ]);
    eventId = made.event.id;
    vipId = made.types[0]!.id;
    regularId = made.types[1]!.id;
    const changes = await authed(t, 'PUT', `/api/events/${eventId}/ticket-changes`, owner.token, {
      transfersEnabled: true,
      closeHours: 0,
    });
    expect(changes.statusCode, changes.body).toBe(200);
    const vipOrder = await buyTickets(t, twoVip, eventId, { [vipId]: 2 });
    expect(vipOrder.tickets).toHaveLength(2);
    const given = await buyTickets(t, giver, eventId, { [vipId]: 1 });
    const moved = await authed(
      t,
      'POST',
      `/api/tickets/code/${given.tickets[0]!.code}/transfer`,
      giver.token,
      {
        firstName: friend.firstName,
        lastName: friend.lastName,
        email: friend.email,
      },
    );
    expect(moved.statusCode, moved.body).toBe(200);
    const [friendsTicket] = await t.deps.db
      .select()
      .from(issuedTickets)
      .where(
        sql`lower(${issuedTickets.attendeeEmail}) = ${friend.email.toLowerCase()} and ${issuedTickets.revokedAt} is null`,
      );
    vipShareToken = friendsTicket!.shareToken;
    regularCode = (await buyTickets(t, regular, eventId, { [regularId]: 1 })).tickets[0]!.code;
    const doomed = await buyTickets(t, cancelled, eventId, { [vipId]: 1 });
    const cancel = await authed(t, 'POST', `/api/orders/${doomed._id}/cancel`, owner.token);
    expect(cancel.statusCode, cancel.body).toBe(200);
    // The ticket mails of the purchases above have left: count only what comes after.
    await until('ticket mails delivered', async () => {
      const [row] = await t.deps.db
        .select({ n: sql<number>`count(*)`.mapWith(Number) })
        .from(mailOutbox)
        .where(eq(mailOutbox.status, 'pending'));
      return row?.n === 0;
    });
    smtp.received.length = 0;
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('previews: how many holders it reaches and the text, with nothing stored or sent', async () => {
    const res = await authed(t, 'POST', url('/preview'), owner.token, draft());
    expect(res.statusCode, res.body).toBe(200);
    const preview = guestMessagePreview.parse(res.json());
    expect(preview).toMatchObject({ recipients: 2, audienceName: 'VIP', subject: 'Gates open at 6' });
    expect(preview.text).toContain('Bring ID.');
    const stored = await t.deps.db.select().from(guestMessages).where(eq(guestMessages.eventId, eventId));
    expect(stored).toHaveLength(0);
    expect(smtp.received).toHaveLength(0);
  });

  it('a test goes to the sender alone, marked as a test, and is not listed', async () => {
    const res = await authed(t, 'POST', url('/test'), owner.token, draft());
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toEqual({ sentTo: owner.email });
    await until('the test mail', () => smtp.received.length === 1);
    expect(smtp.received[0]!.to).toEqual([owner.email.toLowerCase()]);
    expect(readableMail(smtp.received[0]!.raw)).toContain('[Test] Gates open at 6');
    const list = guestMessagesResponse.parse((await authed(t, 'GET', url(), owner.token)).json());
    expect(list.messages).toHaveLength(0);
    smtp.received.length = 0;
  });

  it('a message to one ticket type reaches exactly its holders, once each, escaped', async () => {
    const res = await authed(t, 'POST', url(), owner.token, draft());
    expect(res.statusCode, res.body).toBe(202);
    const sent = guestMessageSummary.parse(res.json());
    expect(sent).toMatchObject({ recipients: 2, audienceName: 'VIP', sentByName: 'Ngozi Eze' });
    await until('two mails', () => smtp.received.length >= 2);
    // Give a stray third mail the chance to arrive before counting.
    await until('every recipient handed over', async () => {
      const list = guestMessagesResponse.parse((await authed(t, 'GET', url(), owner.token)).json());
      return list.messages[0]?.sent === 2 && list.messages[0];
    });
    expect(mailsTo(twoVip.email)).toHaveLength(1);
    expect(mailsTo(friend.email)).toHaveLength(1);
    expect(mailsTo(giver.email)).toHaveLength(0);
    expect(mailsTo(regular.email)).toHaveLength(0);
    expect(mailsTo(cancelled.email)).toHaveLength(0);
    expect(smtp.received).toHaveLength(2);
    const mail = readableMail(mailsTo(friend.email)[0]!.raw);
    // The HTML part carries the organiser's words as text, never as markup.
    const html = mail.slice(mail.indexOf('Content-Type: text/html'));
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<b>No</b>');
    // The holder's own ticket link, which opens without an account.
    expect(mail).toContain(`https://gatepass.example/t#${vipShareToken}`);
    const list = guestMessagesResponse.parse((await authed(t, 'GET', url(), owner.token)).json());
    expect(list.messages[0]).toMatchObject({
      recipients: 2,
      sent: 2,
      failed: 0,
      waiting: 0,
      sentByName: 'Ngozi Eze',
    });
    expect(list.types.find((x) => x.id === vipId)?.guests).toBe(2);
    expect(list.guests).toBe(3);
  });

  it('a ticket shows the latest message that reached it, and no other', async () => {
    const vip = latestGuestMessage.parse(
      (await authed(t, 'POST', '/api/guest-messages/for-ticket', undefined, { key: vipShareToken })).json(),
    );
    expect(vip.message?.subject).toBe('Gates open at 6');
    const other = await authed(t, 'POST', '/api/guest-messages/for-ticket', undefined, { key: regularCode });
    expect(latestGuestMessage.parse(other.json()).message).toBeNull();
    const unknown = await authed(t, 'POST', '/api/guest-messages/for-ticket', undefined, {
      key: 'not-a-ticket',
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('refuses a team member who may not write to the guests (403), and bad input (400)', async () => {
    const [finance, door] = (await people(t.deps.db, 2, 'msgteam')) as [Person, Person];
    // Members as an accepted invitation leaves them (the invitation mail itself is team-roles' test).
    for (const [member, role] of [
      [finance, 'finance'],
      [door, 'door'],
    ] as const)
      await t.deps.db.insert(eventTeam).values({
        eventId,
        email: member.email,
        role,
        tokenHash: `accepted-${member.id}`,
        expiresAt: new Date(Date.now() + 86_400_000),
        acceptedAt: new Date(),
        userId: member.id,
      });
    for (const member of [finance, door]) {
      expect((await authed(t, 'POST', url(), member.token, draft())).statusCode).toBe(403);
      expect((await authed(t, 'GET', url(), member.token)).statusCode).toBe(403);
    }
    const notText = await authed(t, 'POST', url(), owner.token, draft({ subject: 42 }));
    expect(notText.statusCode).toBe(400);
    expect(notText.json().message).toContain('Subject must be text');
    const long = await authed(
      t,
      'POST',
      url(),
      owner.token,
      draft({ body: 'x'.repeat(GUEST_MESSAGE_LIMITS.body + 1) }),
    );
    expect(long.statusCode).toBe(400);
    const noType = await authed(t, 'POST', url(), owner.token, draft({ ticketTypeId: undefined }));
    expect(noType.statusCode).toBe(400);
  });

  it(`allows ${GUEST_MESSAGE_LIMITS.perHour} messages per event per hour, then a clear 429 and nothing stored`, async () => {
    for (let i = 1; i < GUEST_MESSAGE_LIMITS.perHour; i++) {
      const res = await authed(
        t,
        'POST',
        url(),
        owner.token,
        draft({ audience: 'event', subject: `Update ${i}` }),
      );
      expect(res.statusCode, res.body).toBe(202);
    }
    const over = await authed(
      t,
      'POST',
      url(),
      owner.token,
      draft({ audience: 'event', subject: 'One too many' }),
    );
    expect(over.statusCode).toBe(429);
    expect(over.json().message).toBe(GUEST_MESSAGE_ERRORS.tooMany(60));
    const list = guestMessagesResponse.parse((await authed(t, 'GET', url(), owner.token)).json());
    expect(list.messages).toHaveLength(GUEST_MESSAGE_LIMITS.perHour);
    expect(list.limit).toEqual({
      perHour: GUEST_MESSAGE_LIMITS.perHour,
      sentThisHour: GUEST_MESSAGE_LIMITS.perHour,
    });
    // The latest message to all guests now reaches the Regular ticket too.
    const regularNow = await authed(t, 'POST', '/api/guest-messages/for-ticket', undefined, {
      key: regularCode,
    });
    expect(latestGuestMessage.parse(regularNow.json()).message?.subject).toBe(
      `Update ${GUEST_MESSAGE_LIMITS.perHour - 1}`,
    );
  });

  it('a ticket email sent after a message points to it', async () => {
    const [late] = (await people(t.deps.db, 1, 'msglate')) as [Person];
    await buyTickets(t, late, eventId, { [vipId]: 1 });
    await until('the ticket mail', () => mailsTo(late.email).length > 0);
    const mail = readableMail(mailsTo(late.email)[0]!.raw).replace(/\r?\n/g, ' ');
    expect(mail).toContain(`latest message to guests: "Update ${GUEST_MESSAGE_LIMITS.perHour - 1}"`);
  });
});
