import sharp from 'sharp';

/** Event cards show posters at 16:10 (src/events/EventCard.css.ts). */
export const CARD_ASPECT = 16 / 10;

export type Focus = { x: number; y: number };
export const CENTRE: Focus = { x: 50, y: 50 };

/**
 * Where a card should crop a poster (issue #21): sharp's "attention" strategy finds the part of the
 * image most likely to matter (skin tones, saturation, edges: faces and headline text on a flyer)
 * within a card-shaped window. The answer is a CSS object-position in whole percent: the window's
 * offset over the room it has to move (50 when it has none), so `object-fit: cover` at any card size
 * shows the same part. Centre when the image cannot be read.
 */
export async function detectPosterFocus(bytes: Buffer): Promise<Focus> {
  try {
    const { width, height } = await sharp(bytes).metadata();
    if (!width || !height) return CENTRE;
    // The largest card-shaped window inside the image.
    const windowWidth = Math.min(width, Math.round(height * CARD_ASPECT));
    const windowHeight = Math.min(height, Math.round(width / CARD_ASPECT));
    if (windowWidth === width && windowHeight === height) return CENTRE;
    const { info } = await sharp(bytes)
      .resize({ width: windowWidth, height: windowHeight, fit: 'cover', position: sharp.strategy.attention })
      .toBuffer({ resolveWithObject: true });
    // sharp reports the window's offset as negative numbers (the image moved under the window).
    const left = Math.abs(info.cropOffsetLeft ?? 0);
    const top = Math.abs(info.cropOffsetTop ?? 0);
    const percent = (offset: number, room: number) =>
      room <= 0 ? 50 : Math.max(0, Math.min(100, Math.round((offset / room) * 100)));
    return { x: percent(left, width - windowWidth), y: percent(top, height - windowHeight) };
  } catch {
    return CENTRE;
  }
}
