import { style } from '@vanilla-extract/css';
import { tokens, vars } from '../styles/theme.css';

export const section = style({ display: 'grid', gap: tokens.space.md });
export const heading = style({ fontSize: tokens.fontSize.xl, fontWeight: 800 });
export const groupHeading = style({
  fontSize: tokens.fontSize.lg,
  fontWeight: 700,
  color: vars.color.textMuted,
});
export const grid = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: tokens.space.md,
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(260px, 100%), 1fr))',
});
export const card = style({
  display: 'grid',
  gridTemplateRows: 'auto 1fr',
  height: '100%',
  borderRadius: tokens.radius.lg,
  overflow: 'hidden',
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  boxShadow: vars.shadow.card,
  color: vars.color.text,
  textDecoration: 'none',
  transition: 'transform 150ms, box-shadow 150ms',
  selectors: { '&:hover': { transform: 'translateY(-2px)', boxShadow: vars.shadow.raised } },
  '@media': {
    '(prefers-reduced-motion: reduce)': {
      transition: 'none',
      selectors: { '&:hover': { transform: 'none' } },
    },
  },
});
export const media = style({ aspectRatio: '16 / 9', background: vars.color.surfaceAlt, overflow: 'hidden' });
export const image = style({ width: '100%', height: '100%', objectFit: 'cover', display: 'block' });
export const body = style({
  display: 'grid',
  gap: tokens.space.xxs,
  padding: tokens.space.md,
  alignContent: 'start',
});
export const title = style({ fontWeight: 800, fontSize: tokens.fontSize.lg });
export const muted = style({ color: vars.color.textMuted, fontSize: tokens.fontSize.sm });
export const marks = style({
  display: 'flex',
  gap: tokens.space.xs,
  flexWrap: 'wrap',
  marginTop: tokens.space.xxs,
});
export const empty = style({
  display: 'grid',
  justifyItems: 'center',
  gap: tokens.space.sm,
  textAlign: 'center',
  padding: tokens.space.xl,
  borderRadius: tokens.radius.lg,
  border: `1px dashed ${vars.color.textMuted}`,
  background: vars.color.surface,
});
export const emptyTitle = style({ fontWeight: 800, fontSize: tokens.fontSize.lg });

export const sentList = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: tokens.space.sm,
});
export const sentItem = style({
  display: 'grid',
  gap: tokens.space.xxs,
  padding: tokens.space.md,
  borderRadius: tokens.radius.md,
  border: `1px dashed ${vars.color.border}`,
  background: vars.color.surfaceAlt,
});
