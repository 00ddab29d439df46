import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { outboxList } from '../../contract/dev';
import { contactMessages, mailOutbox } from '../../server/db/schema';
import { testDatabases } from '../helpers/databases';
import { buildTestApp, type TestApp } from '../helpers/testApp';

const INBOX = 'team@gatepass.test';

const valid = {
  firstName: 'Adaeze',
  lastName: 'Okonkwo',
  email: 'adaeze@example.ng',
  message: 'Hello Gatepass,\nCan I sell tickets for a church concert in Enugu? <b>Thanks</b>',
  agreement: true,
};

describe.each(testDatabases)('POST /api/contact on $name', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(database, { env: { CONTACT_INBOX: INBOX } });
  });
  afterAll(async () => t?.close());
  beforeEach(async () => {
    await t.deps.db.delete(contactMessages);
    await t.deps.db.delete(mailOutbox);
  });

  const post = (payload: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/contact', payload: payload as object });
  const stored = () => t.deps.db.select().from(contactMessages);
  const outbox = async () =>
    outboxList.parse((await t.app.inject({ method: 'GET', url: '/api/dev/outbox' })).json());

  it('stores the message, emails it to the contact inbox with the sender to reply to, and answers 201', async () => {
    const res = await post({ ...valid, firstName: '  Adaeze ' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: 'Email Sent successfully!' });

    const rows = await stored();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      firstName: 'Adaeze',
      lastName: 'Okonkwo',
      email: valid.email,
      message: valid.message,
    });

    const mails = await outbox();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toBe(INBOX);
    expect(mails[0]!.subject).toBe('Contact form: message from Adaeze Okonkwo');
    expect(mails[0]!.text).toContain('Reply to: adaeze@example.ng');
    expect(mails[0]!.text).toContain('church concert in Enugu');
    // Visitor text is escaped in the HTML body.
    expect(mails[0]!.html).toContain('&lt;b&gt;Thanks&lt;/b&gt;');
    expect(mails[0]!.html).not.toContain('<b>Thanks</b>');
  });

  const failures: [string, Record<string, unknown>, string][] = [
    ['missing first name', { firstName: '' }, 'First name is required'],
    ['blank first name', { firstName: '   ' }, 'First name is required'],
    ['missing last name', { lastName: undefined }, 'Last name is required'],
    ['bad email', { email: 'adaeze@' }, 'Invalid email address'],
    ['missing email', { email: undefined }, 'Invalid email address'],
    ['missing message', { message: undefined }, 'Message is required'],
    ['blank message', { message: ' \n ' }, 'Message is required'],
    ['too long message', { message: 'a'.repeat(5001) }, 'Message can be at most 5000 characters long'],
    ['agreement not ticked', { agreement: false }, 'You must agree to the Terms & conditions'],
    ['agreement missing', { agreement: undefined }, 'You must agree to the Terms & conditions'],
    ['agreement as a string', { agreement: 'true' }, 'You must agree to the Terms & conditions'],
  ];

  it.each(failures)('%s → 400 with a clear message, nothing stored or mailed', async (_, change, message) => {
    const res = await post({ ...valid, ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(await stored()).toHaveLength(0);
    expect(await outbox()).toHaveLength(0);
  });

  it('a body that is not JSON is a 400, not a 500', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { 'content-type': 'application/json' },
      payload: '{"firstName":',
    });
    expect(res.statusCode).toBe(400);
    expect(await stored()).toHaveLength(0);
  });
});
