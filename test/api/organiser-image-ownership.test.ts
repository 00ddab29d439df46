import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageUploadResponse } from '../../contract/organiser';
import { ticketSavedResponse } from '../../contract/tickets';
import { ticketTypes, uploads } from '../../server/db/schema';
import { NOT_YOUR_IMAGE } from '../../server/modules/images/ownership';
import { authed } from '../helpers/accounts';
import { testDatabases } from '../helpers/databases';
import { createEvent, createTicket, freeTicket, organiser } from '../helpers/organiser';
import { buildTestApp, type TestApp } from '../helpers/testApp';

/**
 * Images belong to the organiser who uploaded them: another organiser cannot attach them (and so
 * cannot delete them by replacing or deleting their own ticket type), and a file goes only when no
 * event or ticket type uses it any more.
 */
describe.each(testDatabases)('image ownership on $name', (database) => {
  let t: TestApp;
  let png: Buffer;
  beforeAll(async () => {
    t = await buildTestApp(database);
    png = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#046c4e' } })
      .png()
      .toBuffer();
  });
  afterAll(async () => t?.close());

  const keyOf = (url: string) => url.replace(/^\/api\/images\//, '');
  // Through the app's own store: on disk (PGlite) or in PostgreSQL (stored_files).
  const fileExists = async (url: string) => (await t.deps.storage.get(keyOf(url))) !== null;
  const served = async (url: string) =>
    (await t.app.inject({ method: 'GET', url: `${url}?w=160` })).statusCode;

  async function multipart(field: string) {
    const form = new FormData();
    form.append(field, new Blob([new Uint8Array(png)], { type: 'image/png' }), 'image.png');
    const request = new Request('http://localhost/', { method: 'POST', body: form });
    return {
      payload: Buffer.from(await request.arrayBuffer()),
      headers: { 'content-type': request.headers.get('content-type')! },
    };
  }

  /** Uploads an image to a ticket type through the API; its public URL. */
  async function uploadTicketImage(token: string, ticketId: string): Promise<string> {
    const body = await multipart('ticketImage');
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/tickets/update-image/${ticketId}`,
      payload: body.payload,
      headers: { ...body.headers, authorization: `Bearer ${token}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    return ticketSavedResponse.parse(res.json()).ticket.image!;
  }

  async function uploadPoster(token: string, eventId: string): Promise<string> {
    const body = await multipart('eventImage');
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/events/update-image/${eventId}`,
      payload: body.payload,
      headers: { ...body.headers, authorization: `Bearer ${token}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    return imageUploadResponse.parse(res.json()).image;
  }

  /** An organiser with an event and one ticket type carrying an image they uploaded. */
  async function organiserWithImage() {
    const who = await organiser(t);
    const event = await createEvent(t, who.token);
    const ticket = await createTicket(t, who.token, freeTicket(event._id));
    const image = await uploadTicketImage(who.token, ticket._id);
    return { ...who, event, ticket, image };
  }

  const imageOf = async (ticketId: string) =>
    (await t.deps.db.select().from(ticketTypes).where(eq(ticketTypes.id, ticketId)))[0]?.imageKey;

  it("organiser B cannot attach A's image to a new or an existing ticket type (403), and nothing changes", async () => {
    const a = await organiserWithImage();
    const b = await organiser(t);
    const bEvent = await createEvent(t, b.token);
    const bTicket = await createTicket(t, b.token, freeTicket(bEvent._id, { ticketName: 'Mine' }));

    const created = await authed(
      t,
      'POST',
      '/api/tickets/create',
      b.token,
      freeTicket(bEvent._id, { ticketName: 'Stolen', image: a.image }),
    );
    expect(created.statusCode).toBe(403);
    expect(created.json()).toEqual({ message: NOT_YOUR_IMAGE });
    const types = await t.deps.db.select().from(ticketTypes).where(eq(ticketTypes.eventId, bEvent._id));
    expect(types.map((x) => x.ticketName)).toEqual(['Mine']);

    const { eventId: _eventId, ...update } = freeTicket(bEvent._id, { ticketName: 'Mine', image: a.image });
    const updated = await authed(t, 'PUT', `/api/tickets/${bTicket._id}`, b.token, update);
    expect(updated.statusCode).toBe(403);
    expect(updated.json()).toEqual({ message: NOT_YOUR_IMAGE });
    expect(await imageOf(bTicket._id)).toBeNull();

    // A made-up key that looks right gets the same answer: the check says nothing about what exists.
    const madeUp = await authed(t, 'PUT', `/api/tickets/${bTicket._id}`, b.token, {
      ...update,
      image: '/api/images/tickets/00000000-0000-4000-8000-000000000000.webp',
    });
    expect(madeUp.statusCode).toBe(403);
    expect(await fileExists(a.image)).toBe(true);
    expect(await served(a.image)).toBe(200);
  });

  it("deleting or replacing B's image on a type that shares nothing leaves A's file", async () => {
    const a = await organiserWithImage();
    const b = await organiserWithImage();
    const replaced = await uploadTicketImage(b.token, b.ticket._id);
    expect(await fileExists(b.image)).toBe(false);
    expect((await authed(t, 'DELETE', `/api/tickets/${b.ticket._id}`, b.token)).statusCode).toBe(200);
    expect(await fileExists(replaced)).toBe(false);
    expect(await fileExists(a.image)).toBe(true);
    expect(await served(a.image)).toBe(200);
  });

  it('a file used by two rows survives deleting or re-imaging one, and goes with the last', async () => {
    const a = await organiserWithImage();
    // The owner may reuse their own image on another type (as the form sends it back).
    const second = await createTicket(
      t,
      a.token,
      freeTicket(a.event._id, { ticketName: 'Second', image: a.image }),
    );
    expect(second.image).toBe(a.image);

    expect((await authed(t, 'DELETE', `/api/tickets/${a.ticket._id}`, a.token)).statusCode).toBe(200);
    expect(await fileExists(a.image)).toBe(true);
    expect(await served(a.image)).toBe(200);

    const third = await createTicket(
      t,
      a.token,
      freeTicket(a.event._id, { ticketName: 'Third', image: a.image }),
    );
    const newer = await uploadTicketImage(a.token, third._id);
    expect(newer).not.toBe(a.image);
    expect(await fileExists(a.image)).toBe(true);

    const { eventId: _eventId, ...cleared } = freeTicket(a.event._id, { ticketName: 'Second', image: null });
    expect((await authed(t, 'PUT', `/api/tickets/${second._id}`, a.token, cleared)).statusCode).toBe(200);
    expect(await fileExists(a.image)).toBe(false);
    expect(await served(a.image)).toBe(404);
    expect(
      await t.deps.db
        .select()
        .from(uploads)
        .where(eq(uploads.key, keyOf(a.image))),
    ).toEqual([]);
  });

  it("deleting an account deletes its files but not one another organiser's row still uses", async () => {
    const a = await organiserWithImage();
    const poster = await uploadPoster(a.token, a.event._id);
    const unshared = await createTicket(t, a.token, freeTicket(a.event._id, { ticketName: 'Own' }));
    const unsharedImage = await uploadTicketImage(a.token, unshared._id);
    // Data from before images had owners: B's type points at A's file (the API refuses this now).
    const b = await organiser(t);
    const bEvent = await createEvent(t, b.token);
    const bTicket = await createTicket(t, b.token, freeTicket(bEvent._id));
    await t.deps.db
      .update(ticketTypes)
      .set({ imageKey: keyOf(a.image) })
      .where(eq(ticketTypes.id, bTicket._id));

    const deleted = await authed(t, 'DELETE', '/api/users/me', a.token, { password: a.password });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await fileExists(poster)).toBe(false);
    expect(await fileExists(unsharedImage)).toBe(false);
    expect(await fileExists(a.image)).toBe(true);
    expect(await served(a.image)).toBe(200);
    // B can go on using it on that type (the form sends it back unchanged)...
    const { eventId: _eventId, ...same } = freeTicket(bEvent._id, { ticketName: 'Renamed', image: a.image });
    expect((await authed(t, 'PUT', `/api/tickets/${bTicket._id}`, b.token, same)).statusCode).toBe(200);
    // ...and when B lets go of it, nobody uses it: it goes.
    expect((await authed(t, 'DELETE', `/api/tickets/${bTicket._id}`, b.token)).statusCode).toBe(200);
    expect(await fileExists(a.image)).toBe(false);
  });

  it('poster and ticket uploads are recorded with their uploader; a duplicated event owns its copies', async () => {
    const a = await organiserWithImage();
    const poster = await uploadPoster(a.token, a.event._id);
    const owners = async (url: string) =>
      (
        await t.deps.db
          .select()
          .from(uploads)
          .where(eq(uploads.key, keyOf(url)))
      ).map((r) => r.ownerId);
    expect(await owners(poster)).toEqual([a.user._id]);
    expect(await owners(a.image)).toEqual([a.user._id]);
    const copy = await authed(t, 'POST', `/api/events/${a.event._id}/duplicate`, a.token);
    expect(copy.statusCode, copy.body).toBe(201);
    const copyPoster = (copy.json() as { event: { image: string } }).event.image;
    expect(copyPoster).not.toBe(poster);
    expect(await owners(copyPoster)).toEqual([a.user._id]);
  });
});
