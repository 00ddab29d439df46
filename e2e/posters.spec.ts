import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { eventIdByName, organiser } from './support/checkout';

/**
 * Posters (issue #21): a portrait flyer is shown whole on the event page of a phone, the free space
 * filled with a blurred copy, and cropped to a wide frame on the event cards.
 */

const EVENT = 'Port Harcourt Charity Fun Run';
/** A 1080×1350 portrait flyer: a dark field with a bright band at the very top and bottom. */
const portrait = () =>
  sharp({ create: { width: 1080, height: 1350, channels: 3, background: '#1e3a8a' } })
    .composite([
      {
        input: { create: { width: 1080, height: 120, channels: 3, background: '#facc15' } },
        top: 0,
        left: 0,
      },
      {
        input: { create: { width: 1080, height: 120, channels: 3, background: '#facc15' } },
        top: 1230,
        left: 0,
      },
    ])
    .png()
    .toBuffer();

test('a portrait poster is whole on the event page and cropped on cards, on a phone', async ({
  browser,
  request,
}) => {
  const ada = await organiser(request);
  const eventId = await eventIdByName(request, EVENT);
  const upload = await request.put(`/api/events/update-image/${eventId}`, {
    headers: { authorization: `Bearer ${ada.token}` },
    multipart: {
      eventImage: { name: 'flyer.png', mimeType: 'image/png', buffer: await portrait() },
      publish: 'true',
    },
  });
  expect(upload.status(), await upload.text()).toBe(200);
  const focus = ((await upload.json()) as { event: { imageFocus: string } }).event.imageFocus;

  const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
  const page = await context.newPage();
  await page.goto(`/event-details/${eventId}`);
  const img = page.getByAltText(`Poster for ${EVENT}`);
  await expect(img).toBeVisible();
  await expect
    .poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0))
    .toBe(true);
  // Whole: the drawn picture keeps the flyer's 4:5 ratio inside the wide frame (contain, not cover).
  const fit = await img.evaluate((el: HTMLImageElement) => {
    const box = el.getBoundingClientRect();
    const scale = Math.min(box.width / el.naturalWidth, box.height / el.naturalHeight);
    return {
      objectFit: getComputedStyle(el).objectFit,
      drawnRatio: (el.naturalWidth * scale) / (el.naturalHeight * scale),
      drawnHeight: el.naturalHeight * scale,
      boxHeight: box.height,
      backdrop: getComputedStyle(el.previousElementSibling as Element).backgroundImage,
    };
  });
  expect(fit.objectFit).toBe('contain');
  expect(fit.drawnRatio).toBeCloseTo(1080 / 1350, 2);
  expect(fit.drawnHeight).toBeCloseTo(fit.boxHeight, 0);
  expect(fit.backdrop).toContain('?w=160');

  // Cropped on the listing's cards (cover), around the focus found at upload.
  await page.goto('/events/all');
  const card = page.getByRole('listitem').filter({ hasText: EVENT }).locator('img').first();
  await expect(card).toBeVisible();
  expect(await card.evaluate((el) => getComputedStyle(el).objectFit)).toBe('cover');
  expect(await card.evaluate((el) => getComputedStyle(el).objectPosition)).toBe(focus);
  await context.close();
});
