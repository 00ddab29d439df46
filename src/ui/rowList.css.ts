import { style } from '@vanilla-extract/css';
import { tokens, vars } from '../styles/theme.css';

/**
 * A plain list of bordered rows, each with its text first and its action(s) at the end, wrapping under
 * the text on a phone: access codes (organiser), guests found at the door.
 */
export const list = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: tokens.space.xs,
});
export const row = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: tokens.space.xs,
  padding: tokens.space.sm,
  borderRadius: tokens.radius.md,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
});
