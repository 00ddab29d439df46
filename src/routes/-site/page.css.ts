import { globalStyle, style } from '@vanilla-extract/css';
import { media, tokens, vars } from '../../styles/theme.css';

/** The coloured band at the top of the marketing pages. */
export const header = style({
  background: `linear-gradient(135deg, ${vars.color.heroFrom}, ${vars.color.heroTo})`,
  borderBottom: `1px solid ${vars.color.border}`,
});

export const headerInner = style({
  display: 'grid',
  gap: tokens.space.sm,
  paddingBlock: `${tokens.space.xxl}`,
  '@media': { [media.md]: { paddingBlock: tokens.space.xxxl } },
});

export const title = style({ fontSize: tokens.fontSize.hero, fontWeight: 800, letterSpacing: '-0.02em' });
export const lead = style({ fontSize: tokens.fontSize.lg, color: vars.color.textMuted, maxWidth: '62ch' });

export const section = style({ paddingBlock: tokens.space.xxl });

export const twoColumns = style({
  display: 'grid',
  gap: tokens.space.xl,
  alignItems: 'center',
  '@media': { [media.lg]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } },
});

export const h2 = style({
  fontSize: tokens.fontSize.xxl,
  fontWeight: 800,
  marginBottom: tokens.space.sm,
  color: vars.color.text,
});

export const text = style({
  display: 'grid',
  gap: tokens.space.sm,
  color: vars.color.textMuted,
  fontSize: tokens.fontSize.lg,
});

export const card = style({
  display: 'grid',
  gap: tokens.space.sm,
  alignContent: 'start',
  padding: tokens.space.xl,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: tokens.radius.xl,
  boxShadow: vars.shadow.card,
});

export const cardGrid = style({
  display: 'grid',
  gap: tokens.space.lg,
  '@media': { [media.md]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } },
});

export const cardIcon = style({
  width: 52,
  height: 52,
  padding: 12,
  borderRadius: tokens.radius.md,
  background: vars.color.primarySoft,
  color: vars.color.primary,
});

export const cardTitle = style({ fontSize: tokens.fontSize.xl, fontWeight: 800 });
export const cardText = style({ color: vars.color.textMuted });

/** Long-form legal text: readable measure, clear hierarchy. */
export const prose = style({
  maxWidth: '74ch',
  display: 'grid',
  gap: tokens.space.md,
  paddingBlock: tokens.space.xxl,
});

globalStyle(`${prose} h2`, { fontSize: tokens.fontSize.xl, fontWeight: 800, marginTop: tokens.space.lg });
globalStyle(`${prose} h3`, { fontSize: tokens.fontSize.lg, fontWeight: 700, marginTop: tokens.space.sm });
globalStyle(`${prose} ul, ${prose} ol`, {
  margin: 0,
  paddingInlineStart: tokens.space.lg,
  display: 'grid',
  gap: tokens.space.xs,
});
globalStyle(`${prose} p, ${prose} li`, { color: vars.color.text });

export const toc = style({
  padding: tokens.space.lg,
  borderRadius: tokens.radius.lg,
  background: vars.color.surfaceAlt,
  border: `1px solid ${vars.color.border}`,
});

export const meta = style({ color: vars.color.textMuted, fontSize: tokens.fontSize.sm });

export const ctaBand = style({
  display: 'grid',
  justifyItems: 'center',
  textAlign: 'center',
  gap: tokens.space.md,
  padding: `${tokens.space.xxl} ${tokens.space.lg}`,
  borderRadius: tokens.radius.xl,
  background: vars.color.primary,
  color: vars.color.onPrimary,
});

export const ctaTitle = style({ fontSize: tokens.fontSize.xxl, fontWeight: 800 });
export const ctaText = style({ maxWidth: '52ch' });
