import { style } from '@vanilla-extract/css';
import { tokens, vars } from '../styles/theme.css';

export const panel = style({
  gridColumn: '1 / -1',
  display: 'grid',
  gap: tokens.space.sm,
  padding: tokens.space.md,
  borderRadius: tokens.radius.md,
  background: vars.color.surfaceAlt,
  color: vars.color.text,
});
export const row = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-end',
  gap: tokens.space.sm,
});
export const field = style({ display: 'grid', gap: tokens.space.xs });
export const status = style({ margin: 0, fontWeight: 600 });
