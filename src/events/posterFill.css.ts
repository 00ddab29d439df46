import { style } from '@vanilla-extract/css';

/**
 * Showing a poster whole in a wide frame (decision 025, posters): the frame holds a blurred, dimmed
 * copy of the picture behind it, and the poster itself is contained, never cropped. Used by the event
 * page and by the wizard's preview of it.
 */
export const frame = style({ position: 'relative', isolation: 'isolate', overflow: 'hidden' });
export const backdrop = style({
  position: 'absolute',
  inset: '-8%',
  zIndex: -1,
  backgroundSize: 'cover',
  backgroundPosition: 'center',
  filter: 'blur(24px) brightness(0.7) saturate(1.2)',
});
export const whole = style({ position: 'relative', width: '100%', height: '100%', objectFit: 'contain' });
