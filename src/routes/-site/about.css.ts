import { style } from '@vanilla-extract/css';
import { media, tokens, vars } from '../../styles/theme.css';

export const founders = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: tokens.space.lg,
  '@media': { [media.md]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } },
});

export const founder = style({
  display: 'grid',
  gridTemplateColumns: 'auto 1fr',
  gap: tokens.space.md,
  alignItems: 'start',
  padding: tokens.space.lg,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: tokens.radius.xl,
  boxShadow: vars.shadow.card,
});

export const avatar = style({ width: 72, height: 72, '@media': { [media.md]: { width: 88, height: 88 } } });

export const founderName = style({ fontSize: tokens.fontSize.lg, fontWeight: 800 });
export const founderRole = style({
  color: vars.color.primary,
  fontWeight: 600,
  fontSize: tokens.fontSize.sm,
});
export const founderStory = style({ color: vars.color.textMuted, margin: 0, marginTop: tokens.space.xs });

export const historyHeader = style({ marginBottom: tokens.space.lg });

export const stats = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  gap: tokens.space.md,
});

export const stat = style({
  padding: tokens.space.lg,
  borderRadius: tokens.radius.lg,
  background: vars.color.surfaceAlt,
  border: `1px solid ${vars.color.border}`,
  display: 'grid',
  gap: tokens.space.xxs,
});

export const statValue = style({ fontSize: tokens.fontSize.xxl, fontWeight: 800, color: vars.color.primary });
export const statLabel = style({ color: vars.color.textMuted, fontSize: tokens.fontSize.sm });

/** On the green band: white button, green text (AA in both themes). */
export const ctaButton = style({
  display: 'inline-flex',
  padding: `14px ${tokens.space.xl}`,
  borderRadius: tokens.radius.pill,
  background: vars.color.surface,
  color: vars.color.primary,
  fontWeight: 700,
  fontSize: tokens.fontSize.lg,
  textDecoration: 'none',
  selectors: {
    '&:hover': { background: vars.color.primarySoft },
    '&:focus-visible': { outlineColor: vars.color.onPrimary },
  },
});
