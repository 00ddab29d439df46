import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  guestMessageSummary,
  guestMessagesResponse,
  unsubscribedResponse,
} from '../../contract/guestMessages';
import { guestMessageRecipients, guestMessages, guestUnsubscribes } from '../../server/db/schema';
import { handOverAll } from '../../server/modules/guest-messages/worker';
import { authed } from '../helpers/accounts';
import { buyTickets } from '../helpers/checkin';
import { eventWithTypes, type Person, people } from '../helpers/checkout';
import { testDatabases } from '../helpers/databases';
import { readableMail, startSmtpServer } from '../helpers/smtpServer';
import { buildTestApp, type TestApp } from '../helpers/testApp';

/**
 * Unsubscribing from an organiser's messages (decision 070), through a real SMTP server: each message
 * carries the holder's own link and the List-Unsubscribe headers; the page's call and the one-click
 * POST both stop that event's messages to that address (not another event's, not ticket emails); the
 * next send skips the address and counts it as skipped; a forged or altered link does nothing.
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

describe.each(testDatabases)('unsubscribing from guest messages on $name', (database) => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let t: TestApp;
  let owner: Person;
  let ada: Person;
  let bayo: Person;
  let eventId: string;
  let otherEventId: string;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await buildTestApp(database, {
      env: { APP_URL: 'https://gatepass.example', SMTP_URL: smtp.url },
    });
    [owner, ada, bayo] = (await people(t.deps.db, 3, 'unsub')) as [Person, Person, Person];
    const made = await eventWithTypes(t.deps.db, owner.id, [{ name: 'Regular', priceKobo: 0 }]);
    const other = await eventWithTypes(t.deps.db, owner.id, [{ name: 'Other', priceKobo: 0 }]);
    eventId = made.event.id;
    otherEventId = other.event.id;
    for (const guest of [ada, bayo]) {
      await buyTickets(t, guest, eventId, { [made.types[0]!.id]: 1 });
      await buyTickets(t, guest, otherEventId, { [other.types[0]!.id]: 1 });
    }
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  const send = async (on: string, subject: string) => {
    const res = await authed(t, 'POST', `/api/events/${on}/messages`, owner.token, {
      audience: 'event',
      subject,
      body: 'Gates open at 6.',
    });
    expect(res.statusCode, res.body).toBe(202);
    await handOverAll(t.deps);
    return guestMessageSummary.parse(res.json()).id;
  };
  const mailTo = (who: Person, subject: string) =>
    smtp.received
      // Headers unfolded (a long List-Unsubscribe goes on a continuation line).
      .map((m) => ({ to: m.to, text: readableMail(m.raw).replace(/\r?\n[ \t]+/g, ' ') }))
      .find((m) => m.to.includes(who.email.toLowerCase()) && m.text.includes(`Subject: ${subject}`));

  it('each message carries the holder’s link and the one-click headers; the page’s call stops the next', async () => {
    await send(eventId, 'Parking');
    const mail = await until('Ada’s mail', () => mailTo(ada, 'Parking'));
    expect(mail.text).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
    const header = /^List-Unsubscribe: <([^>]+)>\r?$/m.exec(mail.text)?.[1];
    expect(header).toMatch(
      /^https:\/\/gatepass\.example\/api\/guest-messages\/unsubscribe\/one-click\?token=/,
    );
    const page = /https:\/\/gatepass\.example\/unsubscribe#([\w.-]+)/.exec(mail.text);
    expect(page, 'the footer link to the page').not.toBeNull();
    const token = page![1]!;
    // Bayo's link is his own.
    const bayoMail = await until('Bayo’s mail', () => mailTo(bayo, 'Parking'));
    expect(bayoMail.text).not.toContain(token);

    const res = await authed(t, 'POST', '/api/guest-messages/unsubscribe', undefined, { token });
    expect(res.statusCode, res.body).toBe(200);
    expect(unsubscribedResponse.parse(res.json())).toEqual({
      eventName: expect.any(String),
      email: ada.email.toLowerCase(),
    });
    // Again is the same as once.
    expect(
      (await authed(t, 'POST', '/api/guest-messages/unsubscribe', undefined, { token })).statusCode,
    ).toBe(200);

    const next = await send(eventId, 'Rain plan');
    await until('Bayo’s second mail', () => mailTo(bayo, 'Rain plan'));
    expect(mailTo(ada, 'Rain plan')).toBeUndefined();
    const [skipped] = await t.deps.db
      .select({ skipped: guestMessageRecipients.skipped, outboxId: guestMessageRecipients.outboxId })
      .from(guestMessageRecipients)
      .where(
        and(
          eq(guestMessageRecipients.messageId, next),
          eq(guestMessageRecipients.email, ada.email.toLowerCase()),
        ),
      );
    expect(skipped).toEqual({ skipped: true, outboxId: null });
    const listed = guestMessagesResponse
      .parse((await authed(t, 'GET', `/api/events/${eventId}/messages`, owner.token)).json())
      .messages.find((m) => m.id === next)!;
    expect(listed).toMatchObject({ recipients: 2, skipped: 1, waiting: 0 });
    expect(listed.sent).toBe(1);

    // Another event's organiser messages still reach Ada.
    await send(otherEventId, 'Other night');
    await until('Ada’s mail for the other event', () => mailTo(ada, 'Other night'));
  });

  it('one-click POST from a mail app stops them too; a message with nobody left counts both as skipped', async () => {
    // The earlier messages moved back two hours, out of the hourly limit's window.
    await t.deps.db
      .update(guestMessages)
      .set({ createdAt: sql`${guestMessages.createdAt} - interval '2 hours'` })
      .where(eq(guestMessages.eventId, eventId));
    await send(eventId, 'Line-up');
    const mail = await until('Bayo’s mail', () => mailTo(bayo, 'Line-up'));
    const oneClick = /^List-Unsubscribe: <([^>]+)>\r?$/m.exec(mail.text)![1]!;
    const path = oneClick.replace('https://gatepass.example', '');
    const res = await t.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().email).toBe(bayo.email.toLowerCase());
    const rows = await t.deps.db
      .select()
      .from(guestUnsubscribes)
      .where(eq(guestUnsubscribes.eventId, eventId));
    expect(rows.map((r) => r.email).sort()).toEqual(
      [ada.email.toLowerCase(), bayo.email.toLowerCase()].sort(),
    );
    // Everyone unsubscribed: the message is stored, nobody is mailed, both counted as skipped.
    const id = await send(eventId, 'Nobody hears this');
    const listed = guestMessagesResponse
      .parse((await authed(t, 'GET', `/api/events/${eventId}/messages`, owner.token)).json())
      .messages.find((m) => m.id === id)!;
    expect(listed).toMatchObject({ recipients: 2, sent: 0, skipped: 2, waiting: 0 });
  });

  it('a forged, altered or malformed link does nothing and says so', async () => {
    const before = await t.deps.db.select().from(guestUnsubscribes);
    const fake = `${Buffer.from(`${otherEventId}|${ada.email.toLowerCase()}`).toString('base64url')}.${'A'.repeat(43)}`;
    for (const token of [fake, 'nope', 'a.b.c', `${fake.split('.')[0]}.`]) {
      const res = await authed(t, 'POST', '/api/guest-messages/unsubscribe', undefined, { token });
      expect(res.statusCode, token).toBe(400);
      expect(res.json().message).toBe(
        'This unsubscribe link is not valid. Use the link in the latest message.',
      );
    }
    expect(
      (await authed(t, 'POST', '/api/guest-messages/unsubscribe', undefined, { token: 7 })).statusCode,
    ).toBe(400);
    const oneClick = await t.app.inject({ method: 'POST', url: '/api/guest-messages/unsubscribe/one-click' });
    expect(oneClick.statusCode).toBe(400);
    expect(await t.deps.db.select().from(guestUnsubscribes)).toHaveLength(before.length);
  });
});
