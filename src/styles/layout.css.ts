import { style } from '@vanilla-extract/css';
import { media, tokens, vars } from './theme.css';

/** Centred page column used by every section. */
export const container = style({
  width: '100%',
  maxWidth: tokens.maxWidth,
  marginInline: 'auto',
  paddingInline: tokens.space.md,
  '@media': { [media.md]: { paddingInline: tokens.space.lg } },
});

export const visuallyHidden = style({
  position: 'absolute',
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
});

export const pageSection = style({ paddingBlock: tokens.space.xxl });

export const sectionEyebrow = style({
  fontSize: tokens.fontSize.sm,
  fontWeight: 700,
  letterSpacing: '0.12em',
  textTransform: 'uppercase',
  color: vars.color.primary,
});

export const sectionTitle = style({
  fontSize: tokens.fontSize.xxl,
  fontWeight: 800,
  marginTop: tokens.space.xs,
});

export const mutedText = style({ color: vars.color.textMuted });
