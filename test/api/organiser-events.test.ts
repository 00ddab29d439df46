import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventList, event as eventSchema } from '../../contract/events';
import { eventSavedResponse, manageEventResponse } from '../../contract/organiser';
import { ticketTypes } from '../../server/db/schema';
import { authed, outbox } from '../helpers/accounts';
import { testDatabases } from '../helpers/databases';
import {
  createEvent,
  createTicket,
  dayFromNow,
  freeTicket,
  insertPaidOrder,
  organiser,
  paidTicket,
  savePayout,
  validEvent,
} from '../helpers/organiser';
import { buildTestApp, type TestApp } from '../helpers/testApp';

describe.each(testDatabases)('organiser events on $name', (database) => {
  let t: TestApp;
  let ada: Awaited<ReturnType<typeof organiser>>;
  beforeAll(async () => {
    t = await buildTestApp(database);
    ada = await organiser(t);
  });
  afterAll(async () => t?.close());

  const create = (body: object, token = ada.token) => authed(t, 'POST', '/api/events/create', token, body);

  it('creates a draft: 201, the spec message, the event with _id, not in public listings', async () => {
    const res = await create(validEvent({ capacity: 500 }));
    expect(res.statusCode, res.body).toBe(201);
    const body = eventSavedResponse.parse(res.json());
    expect(body.message).toBe('Event created successfully!');
    expect(body.event).toMatchObject({
      eventName: 'Lagos Jazz Night',
      status: 'draft',
      capacity: 500,
      salesPaused: false,
      needsDates: false,
      sold: 0,
      ticketTypeCount: 0,
      userId: ada.user._id,
      url: null,
    });
    const id = body.event._id;
    // Drafts: visible to their organiser only.
    expect((await t.app.inject({ method: 'GET', url: `/api/events/${id}` })).statusCode).toBe(404);
    const own = await authed(t, 'GET', `/api/events/${id}`, ada.token);
    expect(own.statusCode).toBe(200);
    expect(eventSchema.parse(own.json()).status).toBe('draft');
    const listed = eventList.parse((await t.app.inject({ method: 'GET', url: '/api/events' })).json());
    expect(listed.find((e) => e._id === id)).toBeUndefined();
  });

  it('refuses each broken rule of the details form with a clear 400, creating nothing', async () => {
    const cases: [object, string][] = [
      [validEvent({ eventName: '   ' }), 'Event name is required'],
      [validEvent({ eventName: 'x'.repeat(121) }), 'Event name can be at most 120 characters long'],
      [validEvent({ eventName: 'Bad\u0000name' }), 'Event name contains characters that are not allowed'],
      [validEvent({ category: 'Karaoke' as never }), 'Choose a category from the list'],
      [validEvent({ description: '' }), 'Description is required'],
      [validEvent({ startDate: '' }), 'Start date is required'],
      [validEvent({ startDate: '2026-02-31' }), 'Start date must be a date (YYYY-MM-DD)'],
      [validEvent({ endTime: '25:00' }), 'End time must be a time (HH:MM, 24-hour)'],
      [validEvent({ startTime: '' }), 'Start time is required'],
      [validEvent({ endDate: dayFromNow(29) }), 'The event must end after it starts'],
      [validEvent({ endTime: '17:59' }), 'The event must end after it starts'],
      [validEvent({ endTime: '18:00' }), 'The event must end after it starts'],
      [
        validEvent({ eventLocation: 'nowhere' as never }),
        'Choose where the event happens: Physical, Online or both',
      ],
      [validEvent({ country: null }), 'Country is required for a physical event'],
      [validEvent({ country: 'Ghana' }), 'Country must be Nigeria'],
      [validEvent({ state: '' }), 'State is required for a physical event'],
      [validEvent({ state: 'Atlantis' }), 'Choose a state from the list'],
      [validEvent({ location: '' }), 'Address is required for a physical event'],
      [validEvent({ eventLocation: 'online', url: '' }), 'Event URL is required for an online event'],
      [
        validEvent({ eventLocation: 'online', url: 'not a url' }),
        'Event URL must be a valid web address (https://…)',
      ],
      [
        validEvent({ eventLocation: 'both', url: 'ftp://files.example.com' }),
        'Event URL must be a valid web address (https://…)',
      ],
      [
        validEvent({ eventLocation: 'both', url: 'https://zoom.us/j/1', state: null }),
        'State is required for a physical event',
      ],
      [
        validEvent({ socials: { website: 'gatepass' } }),
        'Website must be a web address starting with https://',
      ],
      [validEvent({ capacity: 0 }), 'Capacity must be at least 1'],
      [validEvent({ capacity: 2.5 }), 'Capacity must be a whole number'],
      [
        validEvent({ startDate: dayFromNow(-2), endDate: dayFromNow(-1) }),
        'The event must start in the future',
      ],
    ];
    const before = eventList.parse(
      (await authed(t, 'GET', `/api/events/user/${ada.user._id}`, ada.token)).json(),
    ).length;
    for (const [body, message] of cases) {
      const res = await create(body);
      expect(res.statusCode, `${message}: ${res.body}`).toBe(400);
      expect(res.json().message, JSON.stringify(body)).toContain(message);
    }
    const after = eventList.parse(
      (await authed(t, 'GET', `/api/events/user/${ada.user._id}`, ada.token)).json(),
    ).length;
    expect(after).toBe(before);
  });

  it('an online event needs only a URL; physical fields sent with it are not stored', async () => {
    const event = await createEvent(t, ada.token, {
      eventLocation: 'online',
      url: 'https://meet.example.com/jazz',
      socials: { website: 'https://jazz.example.ng', twitter: '', instagram: null },
    });
    expect(event).toMatchObject({
      eventLocation: 'online',
      url: 'https://meet.example.com/jazz',
      country: null,
      state: null,
      location: null,
    });
    expect(event.socials).toEqual({
      website: 'https://jazz.example.ng',
      twitter: null,
      instagram: null,
      whatsapp: null,
      facebook: null,
      telegram: null,
    });
  });

  it('PUT /api/events/:id saves the details form', async () => {
    const event = await createEvent(t, ada.token);
    const res = await authed(
      t,
      'PUT',
      `/api/events/${event._id}`,
      ada.token,
      validEvent({
        eventName: 'Lagos Jazz Night II',
        state: 'FCT',
        capacity: null,
        eventLocation: 'both',
        url: 'https://live.example.ng/jazz',
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const saved = eventSavedResponse.parse(res.json());
    expect(saved.message).toBe('Event updated successfully!');
    expect(saved.event).toMatchObject({
      eventName: 'Lagos Jazz Night II',
      state: 'FCT',
      eventLocation: 'both',
      url: 'https://live.example.ng/jazz',
    });
    // Capacity cannot drop below seats already sold or held (checkout counts them on the types).
    const ticket = await createTicket(t, ada.token, freeTicket(event._id));
    await t.deps.db.update(ticketTypes).set({ sold: 40 }).where(eq(ticketTypes.id, ticket._id));
    const tooSmall = await authed(
      t,
      'PUT',
      `/api/events/${event._id}`,
      ada.token,
      validEvent({ eventName: 'Lagos Jazz Night II', capacity: 39 }),
    );
    expect(tooSmall.statusCode).toBe(409);
    expect(tooSmall.json().message).toBe(
      '40 tickets are already sold or held, so the capacity cannot be lower than 40.',
    );
    const bad = await authed(
      t,
      'PUT',
      `/api/events/${event._id}`,
      ada.token,
      validEvent({ description: ' ' }),
    );
    expect(bad.statusCode).toBe(400);
    expect((await authed(t, 'GET', `/api/events/${event._id}`, ada.token)).json().eventName).toBe(
      'Lagos Jazz Night II',
    );
  });

  it('an event without tickets cannot be published; with one it can, and appears publicly', async () => {
    const event = await createEvent(t, ada.token);
    const refused = await authed(t, 'POST', `/api/events/${event._id}/publish`, ada.token);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Add at least one ticket before publishing this event.');
    expect((await authed(t, 'GET', `/api/events/${event._id}`, ada.token)).json().status).toBe('draft');

    await createTicket(t, ada.token, freeTicket(event._id));
    const published = await authed(t, 'POST', `/api/events/${event._id}/publish`, ada.token);
    expect(published.statusCode, published.body).toBe(200);
    expect(eventSavedResponse.parse(published.json()).event.status).toBe('published');
    expect((await t.app.inject({ method: 'GET', url: `/api/events/${event._id}` })).statusCode).toBe(200);

    const unpublished = await authed(t, 'POST', `/api/events/${event._id}/unpublish`, ada.token);
    expect(eventSavedResponse.parse(unpublished.json()).event.status).toBe('draft');
    expect((await t.app.inject({ method: 'GET', url: `/api/events/${event._id}` })).statusCode).toBe(404);
  });

  it('sales pause and go live; a draft cannot go live', async () => {
    const event = await createEvent(t, ada.token);
    await createTicket(t, ada.token, freeTicket(event._id));
    const early = await authed(t, 'POST', `/api/events/${event._id}/sales`, ada.token, { live: true });
    expect(early.statusCode).toBe(409);
    await authed(t, 'POST', `/api/events/${event._id}/publish`, ada.token);
    const paused = await authed(t, 'POST', `/api/events/${event._id}/sales`, ada.token, { live: false });
    expect(paused.json()).toMatchObject({ message: 'Ticket sales are paused', event: { salesPaused: true } });
    expect((await t.app.inject({ method: 'GET', url: `/api/events/${event._id}` })).json().salesPaused).toBe(
      true,
    );
    const live = await authed(t, 'POST', `/api/events/${event._id}/sales`, ada.token, { live: true });
    expect(live.json()).toMatchObject({ message: 'Ticket sales are live', event: { salesPaused: false } });
    expect(
      (await authed(t, 'POST', `/api/events/${event._id}/sales`, ada.token, { live: 'yes' })).statusCode,
    ).toBe(400);
  });

  it('the ticket e-mail message is saved and goes out in a real test ticket e-mail', async () => {
    const event = await createEvent(t, ada.token);
    await createTicket(t, ada.token, freeTicket(event._id, { ticketName: 'Early Bird' }));
    const saved = await authed(t, 'PUT', `/api/events/${event._id}/ticket-email`, ada.token, {
      ticketEmailMessage: 'Doors open at 5pm.\nBring your ID & <smile>.',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().event.ticketEmailMessage).toBe('Doors open at 5pm.\nBring your ID & <smile>.');

    const bad = await authed(t, 'POST', `/api/events/${event._id}/test-email`, ada.token, { email: 'nope' });
    expect(bad.statusCode).toBe(400);
    const sent = await authed(t, 'POST', `/api/events/${event._id}/test-email`, ada.token, {
      email: 'Tester@Example.ng',
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().message).toBe('Test email sent to Tester@Example.ng');
    const mail = (await outbox(t)).find((m) => m.to === 'Tester@Example.ng');
    expect(mail?.subject).toBe('[TEST] Your ticket for Lagos Jazz Night');
    expect(mail?.text).toContain('Doors open at 5pm.\nBring your ID & <smile>.');
    expect(mail?.text).toContain('Early Bird');
    expect(mail?.html).toContain('Bring your ID &amp; &lt;smile&gt;.');
    expect(mail?.html).not.toContain('<smile>');
  });

  it('duplicate copies the event as a draft with its ticket types, nothing sold, dates to set', async () => {
    const event = await createEvent(t, ada.token, { capacity: 300 });
    await createTicket(t, ada.token, freeTicket(event._id, { ticketName: 'Regular', availableTickets: 200 }));
    await savePayout(t, ada);
    const vip = await createTicket(
      t,
      ada.token,
      paidTicket(event._id, {
        bank: '058',
        accountNumber: '2034567891',
        onSaleFrom: `${dayFromNow(1)}T09:00`,
        onSaleUntil: `${dayFromNow(20)}T09:00`,
      }),
    );
    await authed(t, 'POST', `/api/events/${event._id}/publish`, ada.token);
    await insertPaidOrder(t, {
      eventId: event._id,
      lines: [{ ticketTypeId: vip._id, quantity: 2, unitPriceKobo: 1_500_000 }],
    });

    const res = await authed(t, 'POST', `/api/events/${event._id}/duplicate`, ada.token);
    expect(res.statusCode, res.body).toBe(201);
    const copy = eventSavedResponse.parse(res.json()).event;
    expect(copy._id).not.toBe(event._id);
    expect(copy).toMatchObject({
      eventName: 'Lagos Jazz Night (copy)',
      status: 'draft',
      needsDates: true,
      sold: 0,
      capacity: 300,
      ticketTypeCount: 2,
    });
    const manage = manageEventResponse.parse(
      (await authed(t, 'GET', `/api/events/${copy._id}/manage`, ada.token)).json(),
    );
    expect(
      manage.tickets.map((x) => [x.ticketName, x.quantity, x.sold, x.ticketPrice, x.onSaleFrom]),
    ).toEqual([
      ['Regular', 200, 0, 0, null],
      ['VIP', 50, 0, 15000, null],
    ]);
    // The original keeps its sales.
    const original = manageEventResponse.parse(
      (await authed(t, 'GET', `/api/events/${event._id}/manage`, ada.token)).json(),
    );
    expect(original.event.sold).toBe(2);
    expect(original.event.revenue).toBe(30000);

    // A copy cannot be published until its dates are set; saving the details clears the flag.
    const refused = await authed(t, 'POST', `/api/events/${copy._id}/publish`, ada.token);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('This event is a copy: set its new dates before publishing.');
    const dated = await authed(
      t,
      'PUT',
      `/api/events/${copy._id}`,
      ada.token,
      validEvent({ startDate: dayFromNow(60), endDate: dayFromNow(61) }),
    );
    expect(dated.json().event.needsDates).toBe(false);
    expect((await authed(t, 'POST', `/api/events/${copy._id}/publish`, ada.token)).statusCode).toBe(200);
  });

  it('GET /api/events/user/:id gives the organiser drafts and real sold counts; others see published only, no figures', async () => {
    const someone = await organiser(t);
    const draft = await createEvent(t, someone.token, { eventName: 'Draft Party' });
    const live = await createEvent(t, someone.token, { eventName: 'Live Party' });
    const ticket = await createTicket(t, someone.token, freeTicket(live._id));
    await authed(t, 'POST', `/api/events/${live._id}/publish`, someone.token);
    await insertPaidOrder(t, {
      eventId: live._id,
      lines: [{ ticketTypeId: ticket._id, quantity: 3, unitPriceKobo: 0 }],
    });
    await insertPaidOrder(t, {
      eventId: live._id,
      lines: [{ ticketTypeId: ticket._id, quantity: 4, unitPriceKobo: 0 }],
      status: 'reserved',
    });

    const own = eventList.parse(
      (await authed(t, 'GET', `/api/events/user/${someone.user._id}`, someone.token)).json(),
    );
    expect(Object.fromEntries(own.map((e) => [e.eventName, [e.status, e.sold]]))).toEqual({
      'Draft Party': ['draft', 0],
      'Live Party': ['published', 3],
    });
    const publicView = (
      await t.app.inject({ method: 'GET', url: `/api/events/user/${someone.user._id}` })
    ).json();
    expect(publicView.map((e: { _id: string }) => e._id)).toEqual([live._id]);
    expect(publicView[0]).not.toHaveProperty('sold');
    expect(publicView.find((e: { _id: string }) => e._id === draft._id)).toBeUndefined();
  });
});
