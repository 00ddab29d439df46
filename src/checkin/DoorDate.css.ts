import { style } from '@vanilla-extract/css';
import { tokens, vars } from '../styles/theme.css';

export const field = style({
  display: 'grid',
  gap: tokens.space.xxs,
  fontSize: tokens.fontSize.sm,
  fontWeight: 700,
});
// A grid item is as wide as its longest option unless allowed to shrink: on a 375 px phone the
// longest date ("Night 3 · Sun 20 Dec · 20:00–23:30") pushed the choice past the cards' edge.
export const select = style({
  minWidth: 0,
  width: '100%',
  minHeight: '44px',
  padding: `0 ${tokens.space.sm}`,
  borderRadius: tokens.radius.md,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.text,
  fontSize: tokens.fontSize.md,
  fontWeight: 700,
});
