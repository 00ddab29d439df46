import { style } from '@vanilla-extract/css';
import { media, tokens, vars } from '../../styles/theme.css';

export const hero = style({
  background: `linear-gradient(135deg, ${vars.color.heroFrom}, ${vars.color.heroTo})`,
  borderBottom: `1px solid ${vars.color.border}`,
});

export const heroInner = style({
  maxWidth: tokens.maxWidth,
  marginInline: 'auto',
  padding: `${tokens.space.xxxl} ${tokens.space.md}`,
  display: 'grid',
  gap: tokens.space.lg,
  justifyItems: 'start',
  '@media': { [media.md]: { paddingBlock: '112px' } },
});

export const heroEyebrow = style({
  fontWeight: 700,
  fontSize: tokens.fontSize.sm,
  letterSpacing: '0.12em',
  textTransform: 'uppercase',
  color: vars.color.primary,
});

export const heroTitle = style({
  fontSize: tokens.fontSize.hero,
  fontWeight: 800,
  maxWidth: '16ch',
  letterSpacing: '-0.02em',
});

export const heroBlurb = style({
  fontSize: tokens.fontSize.lg,
  color: vars.color.textMuted,
  maxWidth: '56ch',
});

export const heroActions = style({ display: 'flex', gap: tokens.space.sm, flexWrap: 'wrap' });

export const eventGrid = style({
  display: 'grid',
  gap: tokens.space.lg,
  marginTop: tokens.space.lg,
  gridTemplateColumns: '1fr',
  '@media': {
    [media.md]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
    [media.lg]: { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' },
  },
});

export const status = style({ marginTop: tokens.space.lg, color: vars.color.textMuted });
export const error = style({ marginTop: tokens.space.lg, color: vars.color.danger });
