import { globalStyle, style } from '@vanilla-extract/css';
import { tokens, vars } from '../../styles/theme.css';

export const section = style({ paddingBlock: tokens.space.xxl });
export const header = style({ textAlign: 'center', marginBottom: tokens.space.xl });

export const list = style({ display: 'grid', gap: tokens.space.sm, maxWidth: 820, marginInline: 'auto' });

export const item = style({
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: tokens.radius.lg,
  boxShadow: vars.shadow.card,
  overflow: 'hidden',
});

export const questionHeading = style({ fontSize: tokens.fontSize.md, margin: 0 });

export const question = style({
  display: 'flex',
  width: '100%',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: tokens.space.md,
  padding: `${tokens.space.md} ${tokens.space.lg}`,
  background: 'transparent',
  border: 0,
  textAlign: 'start',
  fontWeight: 700,
  fontSize: tokens.fontSize.md,
  cursor: 'pointer',
  color: vars.color.text,
  selectors: {
    '&:hover': { color: vars.color.primary },
    '&:focus-visible': { outlineOffset: '-3px' },
  },
});

export const chevron = style({
  flexShrink: 0,
  color: vars.color.primary,
  transition: 'transform 250ms ease',
  selectors: { [`${question}[aria-expanded="true"] &`]: { transform: 'rotate(180deg)' } },
});

/** The answer panel animates up to a max height of 1000px. */
export const panel = style({
  maxHeight: 0,
  overflow: 'hidden',
  visibility: 'hidden',
  transition: 'max-height 350ms ease, visibility 0s linear 350ms',
  selectors: {
    '&[data-open="true"]': {
      maxHeight: 1000,
      visibility: 'visible',
      transition: 'max-height 450ms ease, visibility 0s',
    },
  },
});

export const answer = style({
  display: 'grid',
  gap: tokens.space.sm,
  padding: `0 ${tokens.space.lg} ${tokens.space.lg}`,
  color: vars.color.textMuted,
});

globalStyle(`${answer} p`, { maxWidth: '70ch' });
