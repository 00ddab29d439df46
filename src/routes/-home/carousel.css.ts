import { style } from '@vanilla-extract/css';
import { tokens, vars } from '../../styles/theme.css';

export const carousel = style({ marginTop: tokens.space.lg });

export const swiper = style({
  paddingBlock: `${tokens.space.xs} ${tokens.space.md}`,
  vars: { '--swiper-theme-color': vars.color.primary },
});

export const slide = style({ height: 'auto' });

export const slideInner = style({ height: '100%' });

export const controls = style({
  display: 'flex',
  justifyContent: 'center',
  gap: tokens.space.sm,
  marginTop: tokens.space.sm,
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
