import { globalStyle, style } from '@vanilla-extract/css';
import { media, tokens, vars } from '../../styles/theme.css';

export const section = style({ paddingBlock: tokens.space.xxl });

export const layout = style({
  display: 'grid',
  gap: tokens.space.xl,
  alignItems: 'start',
  '@media': { [media.lg]: { gridTemplateColumns: 'minmax(0, 1.25fr) minmax(0, 1fr)', alignItems: 'center' } },
});

export const card = style({
  display: 'grid',
  gap: tokens.space.sm,
  padding: tokens.space.lg,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: tokens.radius.xl,
  boxShadow: vars.shadow.card,
  '@media': { [media.md]: { padding: tokens.space.xl } },
});

export const title = style({ fontSize: tokens.fontSize.xxl, fontWeight: 800 });
export const pageTitle = style({ fontSize: tokens.fontSize.hero, fontWeight: 800, letterSpacing: '-0.02em' });
export const lead = style({ color: vars.color.textMuted, marginBottom: tokens.space.sm });

export const art = style({ display: 'grid', gap: tokens.space.lg, justifyItems: 'center' });

export const details = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: tokens.space.xs,
  width: '100%',
  maxWidth: 420,
});

globalStyle(`${details} li`, {
  display: 'flex',
  flexWrap: 'wrap',
  gap: tokens.space.xs,
  padding: `${tokens.space.sm} ${tokens.space.md}`,
  borderRadius: tokens.radius.md,
  background: vars.color.surfaceAlt,
});
globalStyle(`${details} strong`, { minWidth: 64 });

export const illustration = style({ width: '100%', maxWidth: 420, height: 'auto' });

export const actions = style({ display: 'flex', justifyContent: 'flex-start' });
