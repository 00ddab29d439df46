import { style } from '@vanilla-extract/css';
import { tokens } from '../styles/theme.css';

/** A small rounded label (a status, 'Draft'): the shape and type; each use gives its colours. */
export const pill = style({
  padding: `2px ${tokens.space.xs}`,
  borderRadius: tokens.radius.pill,
  fontSize: tokens.fontSize.xs,
  fontWeight: 800,
});
