import { style } from '@vanilla-extract/css';
import { tokens, vars } from '../styles/theme.css';

export const root = style({ display: 'grid', gap: tokens.space.xs });

export const control = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(6, minmax(0, 1fr))',
  gap: tokens.space.xs,
});

export const box = style({
  width: '100%',
  aspectRatio: '1 / 1.1',
  maxHeight: '64px',
  textAlign: 'center',
  fontSize: tokens.fontSize.xl,
  fontWeight: 700,
  fontVariantNumeric: 'tabular-nums',
  borderRadius: tokens.radius.md,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.text,
  selectors: {
    '&:focus-visible': {
      outline: 'none',
      borderColor: vars.color.primary,
      boxShadow: `0 0 0 3px ${vars.color.primarySoft}`,
    },
    '&[data-complete]': { borderColor: vars.color.primary },
    '&[data-disabled]': { opacity: 0.6 },
  },
});

export const countdown = style({ color: vars.color.textMuted, fontVariantNumeric: 'tabular-nums' });
