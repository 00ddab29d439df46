import { style } from '@vanilla-extract/css';

/**
 * The card's one column may not grow past the card: date and time inputs have a wide intrinsic
 * width in Chromium, which would otherwise push the rows and buttons past the edge on a phone.
 */
export const column = style({ gridTemplateColumns: 'minmax(0, 1fr)' });

/** A long label wraps inside the card on a phone instead of running past its edge. */
export const wrapping = style({
  maxWidth: '100%',
  whiteSpace: 'normal',
  height: 'auto',
  textAlign: 'center',
});
