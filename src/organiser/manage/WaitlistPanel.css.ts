import { style } from '@vanilla-extract/css';
import { tokens, vars } from '../../styles/theme.css';

export const type = style({ display: 'grid', gap: tokens.space.sm, minWidth: 0 });
export const typeName = style({
  margin: 0,
  fontSize: tokens.fontSize.lg,
  fontWeight: 700,
  overflowWrap: 'anywhere',
});
export const entries = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: tokens.space.xs,
});
export const entry = style({
  display: 'grid',
  gridTemplateColumns: 'auto minmax(0, 1fr) auto',
  gap: tokens.space.sm,
  alignItems: 'center',
  padding: tokens.space.sm,
  borderRadius: tokens.radius.md,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.bg,
});
export const position = style({ fontWeight: 800, minWidth: '2ch', textAlign: 'center' });
export const who = style({ display: 'grid', minWidth: 0 });
export const email = style({
  fontSize: tokens.fontSize.sm,
  color: vars.color.textMuted,
  overflowWrap: 'anywhere',
});
export const status = style({ fontSize: tokens.fontSize.sm, fontWeight: 700, textAlign: 'right' });
