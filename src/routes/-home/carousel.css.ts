import { style } from '@vanilla-extract/css';
import { tokens, vars } from '../../styles/theme.css';

export const carousel = style({ marginTop: tokens.space.lg, display: 'flex', flexDirection: 'column' });

export const swiper = style({
  width: '100%',
  paddingBlock: `${tokens.space.xs} ${tokens.space.md}`,
  vars: { '--swiper-theme-color': vars.color.primary },
});

export const slide = style({ height: 'auto' });

export const slideInner = style({ height: '100%' });

/** Arrows sit above the cards, at the end of the row (DOM order = visual order = focus order). */
export const controls = style({
  display: 'flex',
  justifyContent: 'flex-end',
  gap: tokens.space.sm,
  marginBottom: tokens.space.sm,
});

export const arrow = style({
  display: 'grid',
  placeItems: 'center',
  width: 44,
  height: 44,
  borderRadius: tokens.radius.pill,
  border: `2px solid ${vars.color.primary}`,
  background: vars.color.surface,
  color: vars.color.primary,
  cursor: 'pointer',
  transition: 'background-color 150ms, color 150ms',
  selectors: {
    '&:hover': { background: vars.color.primary, color: vars.color.onPrimary },
  },
});
