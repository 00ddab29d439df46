import { style } from '@vanilla-extract/css';
import { tokens } from '../../styles/theme.css';

/**
 * Answers wrap inside their cell (the table keeps its other cells on one line): a text answer can be
 * 200 characters, and a line of them must not push the table wider than the page.
 */
export const answers = style({
  display: 'grid',
  gap: tokens.space.xxs,
  margin: 0,
  padding: 0,
  listStyle: 'none',
  whiteSpace: 'normal',
  minWidth: 0,
  overflowWrap: 'anywhere',
  // In the desktop table the cell is as wide as a short sentence; on a phone (cards) the card decides.
  '@media': {
    [`screen and (min-width: ${tokens.breakpoint.md}px)`]: { minWidth: '10rem', maxWidth: '20rem' },
  },
});
