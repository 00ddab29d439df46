import { globalStyle, style } from '@vanilla-extract/css';
import { media, tokens, vars } from '../../styles/theme.css';

export const plans = style({
  display: 'grid',
  gap: tokens.space.lg,
  '@media': { [media.md]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } },
});

export const plan = style({
  display: 'grid',
  gap: tokens.space.md,
  alignContent: 'start',
  padding: tokens.space.xl,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: tokens.radius.xl,
  boxShadow: vars.shadow.card,
});

export const planFeatured = style({ borderColor: vars.color.primary, borderWidth: 2 });

export const planName = style({ fontSize: tokens.fontSize.xl, fontWeight: 800 });
export const planPrice = style({
  fontSize: '2.5rem',
  fontWeight: 800,
  color: vars.color.primary,
  lineHeight: 1.1,
});
export const planUnit = style({ fontSize: tokens.fontSize.md, fontWeight: 600, color: vars.color.textMuted });
export const planText = style({ color: vars.color.textMuted });

export const features = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: tokens.space.xs,
});
globalStyle(`${features} li`, { display: 'flex', gap: tokens.space.xs, alignItems: 'baseline' });
globalStyle(`${features} li::before`, { content: '"✓"', color: vars.color.primary, fontWeight: 800 });

export const example = style({
  width: '100%',
  borderCollapse: 'collapse',
  background: vars.color.surface,
  borderRadius: tokens.radius.lg,
  overflow: 'hidden',
  border: `1px solid ${vars.color.border}`,
});
globalStyle(`${example} caption`, { textAlign: 'start', fontWeight: 700, marginBottom: tokens.space.sm });
globalStyle(`${example} th, ${example} td`, {
  padding: `${tokens.space.sm} ${tokens.space.md}`,
  borderBottom: `1px solid ${vars.color.border}`,
  textAlign: 'start',
});
globalStyle(`${example} td:last-child, ${example} th:last-child`, {
  textAlign: 'end',
  fontVariantNumeric: 'tabular-nums',
});
globalStyle(`${example} tfoot th, ${example} tfoot td`, { fontWeight: 800, borderBottom: 0 });

export const calculator = style({
  display: 'grid',
  gap: tokens.space.lg,
  padding: tokens.space.xl,
  borderRadius: tokens.radius.xl,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  boxShadow: vars.shadow.card,
  '@media': { [media.lg]: { gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1.2fr)', alignItems: 'start' } },
});

export const calculatorForm = style({ display: 'grid', gap: tokens.space.md });

export const result = style({ display: 'block' });
export const resultHint = style({ color: vars.color.textMuted });

export const breakdown = style({ margin: 0, display: 'grid', gap: tokens.space.xs });
globalStyle(`${breakdown} > div`, {
  display: 'flex',
  justifyContent: 'space-between',
  gap: tokens.space.md,
  padding: `${tokens.space.sm} ${tokens.space.md}`,
  borderRadius: tokens.radius.md,
  background: vars.color.surfaceAlt,
});
globalStyle(`${breakdown} dd`, {
  margin: 0,
  fontWeight: 700,
  fontVariantNumeric: 'tabular-nums',
  whiteSpace: 'nowrap',
});

export const total = style({});
globalStyle(`${total} dt, ${total} dd`, { fontWeight: 800 });

export const highlight = style({});
globalStyle(`${breakdown} > div${highlight}`, { background: vars.color.primarySoft });
globalStyle(`${highlight} dt, ${highlight} dd`, { fontWeight: 800, color: vars.color.text });
