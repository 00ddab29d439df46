import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { and, eq, like } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageUploadResponse } from '../../contract/organiser';
import { ticketSavedResponse } from '../../contract/tickets';
import { storedFiles } from '../../server/db/schema';
import { authed } from '../helpers/accounts';
import { testDatabases } from '../helpers/databases';
import { createEvent, createTicket, freeTicket, organiser } from '../helpers/organiser';
import { buildTestApp, type TestApp } from '../helpers/testApp';

type FilePart = { field: string; name: string; type: string; bytes: Buffer };

/** A real multipart/form-data body, encoded by the platform's own FormData. */
async function multipart(files: FilePart[], fields: Record<string, string> = {}) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  for (const f of files) form.append(f.field, new Blob([new Uint8Array(f.bytes)], { type: f.type }), f.name);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type')! },
  };
}

describe.each(testDatabases)('poster and ticket image upload on $name', (database) => {
  let t: TestApp;
  let ada: Awaited<ReturnType<typeof organiser>>;
  let png: Buffer;
  let jpeg: Buffer;
  let sixMegabytes: Buffer;

  beforeAll(async () => {
    t = await buildTestApp(database);
    ada = await organiser(t);
    png = await sharp({ create: { width: 800, height: 1000, channels: 3, background: '#046c4e' } })
      .png()
      .toBuffer();
    jpeg = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#f59e0b' } })
      .jpeg()
      .toBuffer();
    // Noise does not compress: an honest 6 MB PNG.
    sixMegabytes = await sharp({
      create: {
        width: 1700,
        height: 1300,
        channels: 3,
        background: '#000',
        noise: { type: 'gaussian', mean: 128, sigma: 90 },
      },
    })
      .png({ compressionLevel: 0 })
      .toBuffer();
  });
  afterAll(async () => t?.close());

  // The files a store keeps in a folder: on disk (PGlite) or in stored_files (PostgreSQL).
  const stored = async (folder = 'posters') =>
    database.kind === 'postgres'
      ? (
          await t.deps.db
            .select({ key: storedFiles.key })
            .from(storedFiles)
            .where(and(eq(storedFiles.variant, ''), like(storedFiles.key, `${folder}/%`)))
        )
          .map((r) => r.key.slice(folder.length + 1))
          .sort()
      : (await readdir(path.join(t.deps.config.uploadsDir, folder)).catch(() => [] as string[]))
          .filter((f) => !f.endsWith('.tmp'))
          .sort();

  const upload = async (
    eventId: string,
    files: FilePart[],
    fields: Record<string, string> = {},
    token = ada.token,
  ) => {
    const body = await multipart(files, fields);
    return t.app.inject({
      method: 'PUT',
      url: `/api/events/update-image/${eventId}`,
      payload: body.payload,
      headers: { ...body.headers, authorization: `Bearer ${token}` },
    });
  };
  const poster = (bytes: Buffer, name = 'poster.png', type = 'image/png'): FilePart => ({
    field: 'eventImage',
    name,
    type,
    bytes,
  });

  it('finds where cards should crop a portrait flyer (its busy top), and the public event carries it', async () => {
    const event = await createEvent(t, ada.token);
    await createTicket(t, ada.token, freeTicket(event._id));
    const headline = await sharp({ create: { width: 600, height: 180, channels: 3, background: '#e11d48' } })
      .png()
      .toBuffer();
    const flyer = await sharp({ create: { width: 800, height: 1200, channels: 3, background: '#f3f4f6' } })
      .composite([{ input: headline, top: 40, left: 100 }])
      .png()
      .toBuffer();
    expect(event.imageFocus).toBe('50% 50%');
    const res = await upload(event._id, [poster(flyer)]);
    expect(res.statusCode, res.body).toBe(200);
    expect(imageUploadResponse.parse(res.json()).event.imageFocus).toBe('50% 0%');
    const wire = await t.app.inject({ method: 'GET', url: `/api/events/${event._id}` });
    expect(wire.json().imageFocus).toBe('50% 0%');
  });

  it('stores the poster as WebP, serves it resized, and publishes the event ("Publish now" on by default)', async () => {
    const event = await createEvent(t, ada.token);
    await createTicket(t, ada.token, freeTicket(event._id));
    const res = await upload(event._id, [poster(png)]);
    expect(res.statusCode, res.body).toBe(200);
    const body = imageUploadResponse.parse(res.json());
    expect(body).toMatchObject({
      message: 'Image uploaded successfully!',
      published: true,
      event: { status: 'published' },
    });
    expect(body.image).toMatch(/^\/api\/images\/posters\/[0-9a-f-]+\.webp$/);
    const served = await t.app.inject({ method: 'GET', url: `${body.image}?w=320` });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect((await sharp(served.rawPayload).metadata()).width).toBe(320);

    // Replacing it removes the old file.
    const before = await stored();
    const again = await upload(event._id, [poster(jpeg, 'new.jpg', 'image/jpeg')]);
    expect(again.statusCode).toBe(200);
    const after = await stored();
    expect(after).toHaveLength(before.length);
    expect(after).not.toContain(body.image.split('/').pop());
  });

  it('"Publish now" off keeps a draft; an event without tickets is not published either', async () => {
    const withTickets = await createEvent(t, ada.token);
    await createTicket(t, ada.token, freeTicket(withTickets._id));
    const kept = imageUploadResponse.parse(
      (await upload(withTickets._id, [poster(png)], { publish: 'false' })).json(),
    );
    expect(kept).toMatchObject({
      published: false,
      message: 'Image uploaded successfully!',
      event: { status: 'draft' },
    });

    const empty = await createEvent(t, ada.token);
    const res = imageUploadResponse.parse((await upload(empty._id, [poster(png)])).json());
    expect(res.published).toBe(false);
    expect(res.message).toBe(
      'Image uploaded successfully! Add at least one ticket before publishing this event.',
    );
    expect(res.event.image).toBe(res.image);
  });

  it('content decides: an image named .txt is accepted, text named .png is refused', async () => {
    const event = await createEvent(t, ada.token);
    const renamed = await upload(event._id, [poster(jpeg, 'poster.txt', 'text/plain')]);
    expect(renamed.statusCode, renamed.body).toBe(200);

    const before = await stored();
    const fake = await upload(event._id, [
      poster(Buffer.from('just some text, not a picture\n'.repeat(50)), 'photo.png', 'image/png'),
    ]);
    expect(fake.statusCode).toBe(400);
    expect(fake.json().message).toBe(
      'Only image files can be uploaded (JPEG, PNG, WebP, GIF, AVIF or HEIC).',
    );
    const svg = await upload(event._id, [
      poster(
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'),
        'a.svg',
        'image/svg+xml',
      ),
    ]);
    expect(svg.statusCode).toBe(400);
    expect(await stored()).toEqual(before);
  });

  it('refuses a 6 MB image (413), the wrong field, no file, a non-multipart body and an unknown event; nothing stored', async () => {
    const event = await createEvent(t, ada.token);
    const before = await stored();
    expect(sixMegabytes.length).toBeGreaterThan(6 * 1024 * 1024);

    const big = await upload(event._id, [poster(sixMegabytes)]);
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBe('The image is too large: the limit is 5 MB.');

    const wrongField = await upload(event._id, [
      { field: 'image', name: 'p.png', type: 'image/png', bytes: png },
    ]);
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json().message).toBe("Send the image in the 'eventImage' field (got 'image').");

    const noFile = await upload(event._id, [], { publish: 'true' });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().message).toBe('Please select an image first!');

    const json = await authed(t, 'PUT', `/api/events/update-image/${event._id}`, ada.token, {
      eventImage: 'x',
    });
    expect(json.statusCode).toBe(400);
    expect(json.json().message).toContain('multipart/form-data');

    const unknown = await upload('7d0c5f0e-2b1a-4c55-9f51-3f6b8d8e9a10', [poster(png)]);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Event not found');

    expect(await stored()).toEqual(before);
    const view = await authed(t, 'GET', `/api/events/${event._id}`, ada.token);
    expect(view.json().image).toBeNull();
  });

  it('a ticket type takes an optional image the same way', async () => {
    const event = await createEvent(t, ada.token);
    const ticket = await createTicket(t, ada.token, freeTicket(event._id));
    const body = await multipart([{ field: 'ticketImage', name: 't.png', type: 'image/png', bytes: png }]);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/tickets/update-image/${ticket._id}`,
      payload: body.payload,
      headers: { ...body.headers, authorization: `Bearer ${ada.token}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    const saved = ticketSavedResponse.parse(res.json()).ticket;
    expect(saved.image).toMatch(/^\/api\/images\/tickets\/.+\.webp$/);
    expect(await stored('tickets')).toHaveLength(1);
  });
});
