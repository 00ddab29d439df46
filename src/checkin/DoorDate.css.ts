import { style } from '@vanilla-extract/css';
import { tokens, vars } from '../styles/theme.css';

export const field = style({
  display: 'grid',
  gap: tokens.space.xxs,
  fontSize: tokens.fontSize.sm,
  fontWeight: 700,
});
export const select = style({
  minHeight: '44px',
  padding: `0 ${tokens.space.sm}`,
  borderRadius: tokens.radius.md,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.text,
  fontSize: tokens.fontSize.md,
  fontWeight: 700,
});
