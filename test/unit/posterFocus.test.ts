import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { CENTRE, detectPosterFocus } from '../../server/modules/organiser/posterFocus';

/** A plain poster with one busy block (what a flyer's headline or a face is to the detector). */
async function poster(width: number, height: number, block: { top: number; left: number }) {
  const busy = await sharp({ create: { width: 240, height: 160, channels: 3, background: '#e11d48' } })
    .png()
    .toBuffer();
  return sharp({ create: { width, height, channels: 3, background: '#f3f4f6' } })
    .composite([{ input: busy, ...block }])
    .png()
    .toBuffer();
}

describe('poster focus for cards (issue #21)', () => {
  it('keeps the busy part of a portrait flyer in a 16:10 card: top, middle or bottom', async () => {
    expect(await detectPosterFocus(await poster(800, 1200, { top: 60, left: 280 }))).toEqual({ x: 50, y: 0 });
    expect(await detectPosterFocus(await poster(800, 1200, { top: 1000, left: 280 }))).toEqual({
      x: 50,
      y: 100,
    });
    const middle = await detectPosterFocus(await poster(800, 1200, { top: 520, left: 280 }));
    expect(middle.x).toBe(50);
    expect(middle.y).toBeGreaterThan(20);
    expect(middle.y).toBeLessThan(80);
  });

  it('moves sideways in a wide banner, and leaves a card-shaped poster centred', async () => {
    const right = await detectPosterFocus(await poster(2000, 600, { top: 220, left: 1700 }));
    expect(right.y).toBe(50);
    expect(right.x).toBeGreaterThan(80);
    expect(await detectPosterFocus(await poster(1600, 1000, { top: 10, left: 10 }))).toEqual(CENTRE);
  });

  it('answers the centre for bytes that are not an image', async () => {
    expect(await detectPosterFocus(Buffer.from('not an image'))).toEqual(CENTRE);
  });
});
