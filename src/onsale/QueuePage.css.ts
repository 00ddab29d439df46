import { style } from '@vanilla-extract/css';
import { media, tokens, vars } from '../styles/theme.css';

export const page = style({
  maxWidth: '560px',
  marginInline: 'auto',
  paddingInline: tokens.space.md,
  paddingBlock: tokens.space.xl,
  display: 'grid',
  gap: tokens.space.lg,
  '@media': { [media.md]: { paddingBlock: tokens.space.xxl } },
});

export const eyebrow = style({
  margin: 0,
  color: vars.color.textMuted,
  fontSize: tokens.fontSize.sm,
  fontWeight: 600,
  letterSpacing: '0.04em',
  textTransform: 'uppercase',
});

export const title = style({
  margin: 0,
  fontFamily: tokens.font.heading,
  fontSize: tokens.fontSize.xxl,
  lineHeight: 1.2,
  color: vars.color.text,
});

export const card = style({
  display: 'grid',
  gap: tokens.space.md,
  padding: tokens.space.lg,
  borderRadius: tokens.radius.lg,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  boxShadow: vars.shadow.card,
  color: vars.color.text,
});

export const figures = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  gap: tokens.space.md,
  margin: 0,
});

export const figure = style({ display: 'grid', gap: tokens.space.xxs, margin: 0 });
export const figureLabel = style({ color: vars.color.textMuted, fontSize: tokens.fontSize.sm });
export const figureValue = style({
  margin: 0,
  fontSize: tokens.fontSize.xxl,
  fontWeight: 700,
  fontVariantNumeric: 'tabular-nums',
  color: vars.color.text,
});

// A native <progress>: accessible as it is; its parts are styled per engine.
export const bar = style({
  appearance: 'none',
  width: '100%',
  height: '10px',
  border: 'none',
  borderRadius: tokens.radius.pill,
  background: vars.color.surfaceAlt,
  color: vars.color.primary,
  overflow: 'hidden',
  selectors: {
    '&::-webkit-progress-bar': { background: vars.color.surfaceAlt, borderRadius: tokens.radius.pill },
    '&::-webkit-progress-value': {
      background: vars.color.primary,
      borderRadius: tokens.radius.pill,
      transition: 'width 600ms ease',
    },
    '&::-moz-progress-bar': { background: vars.color.primary, borderRadius: tokens.radius.pill },
  },
  '@media': {
    [media.reducedMotion]: { selectors: { '&::-webkit-progress-value': { transition: 'none' } } },
  },
});

export const lead = style({ margin: 0, fontSize: tokens.fontSize.lg, lineHeight: 1.5 });
export const note = style({
  margin: 0,
  color: vars.color.textMuted,
  fontSize: tokens.fontSize.sm,
  lineHeight: 1.5,
});

export const turn = style({
  borderColor: vars.color.success,
  background: vars.color.successSoft,
});

export const warn = style({
  margin: 0,
  padding: tokens.space.sm,
  borderRadius: tokens.radius.md,
  background: vars.color.dangerSoft,
  color: vars.color.text,
  fontSize: tokens.fontSize.sm,
});

export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: tokens.space.sm });

export const offline = style([
  warn,
  {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: tokens.space.sm,
  },
]);
