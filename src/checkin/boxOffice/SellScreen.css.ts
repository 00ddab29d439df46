import { style, styleVariants } from '@vanilla-extract/css';
import { tokens, vars } from '../../styles/theme.css';

export const typeRow = style({
  display: 'grid',
  gridTemplateColumns: '1fr auto',
  alignItems: 'center',
  gap: tokens.space.xs,
  padding: `${tokens.space.xs} 0`,
  borderBottom: `1px solid ${vars.color.border}`,
});
export const typeName = style({ margin: 0, fontWeight: 600 });
export const stepper = style({ display: 'flex', alignItems: 'center', gap: tokens.space.xs });
export const qty = style({
  minWidth: '2ch',
  textAlign: 'center',
  fontWeight: 700,
  fontSize: tokens.fontSize.lg,
});
export const methods = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: tokens.space.xs,
  border: 0,
  padding: 0,
  margin: 0,
});
export const method = styleVariants({
  off: {},
  on: { outline: `2px solid ${vars.color.primary}`, outlineOffset: 1 },
});
export const total = style({ margin: 0, fontSize: tokens.fontSize.xl, fontWeight: 800 });
export const fields = style({ display: 'grid', gap: tokens.space.xs });
export const modeBar = style({
  display: 'flex',
  gap: tokens.space.xs,
  maxWidth: '720px',
  marginInline: 'auto',
  width: '100%',
  padding: `${tokens.space.sm} ${tokens.space.sm} 0`,
  background: vars.color.bg,
});
