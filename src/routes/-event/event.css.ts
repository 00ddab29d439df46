import { globalStyle, style } from '@vanilla-extract/css';
import { media, tokens, vars } from '../../styles/theme.css';

export const page = style({
  maxWidth: tokens.maxWidth,
  marginInline: 'auto',
  padding: `${tokens.space.lg} ${tokens.space.md}`,
});

export const posterWrap = style({
  borderRadius: tokens.radius.xl,
  overflow: 'hidden',
  aspectRatio: '16 / 10',
  maxHeight: 520,
  width: '100%',
  background: vars.color.surfaceAlt,
});
export const poster = style({ width: '100%', height: '100%', objectFit: 'cover' });

export const layout = style({
  display: 'grid',
  gap: tokens.space.xl,
  marginTop: tokens.space.xl,
  '@media': { [media.lg]: { gridTemplateColumns: 'minmax(0, 2fr) minmax(280px, 1fr)', alignItems: 'start' } },
});

export const main = style({ display: 'grid', gap: tokens.space.md });
export const category = style({
  justifySelf: 'start',
  padding: `2px ${tokens.space.sm}`,
  borderRadius: tokens.radius.pill,
  background: vars.color.primarySoft,
  color: vars.color.primary,
  fontWeight: 700,
  fontSize: tokens.fontSize.sm,
});
export const title = style({ fontSize: tokens.fontSize.hero, fontWeight: 800, letterSpacing: '-0.02em' });
export const subheading = style({ fontSize: tokens.fontSize.xl, marginTop: tokens.space.md });
export const description = style({ whiteSpace: 'pre-line', color: vars.color.text, maxWidth: '70ch' });
export const muted = style({ color: vars.color.textMuted });

export const ticketList = style({
  listStyle: 'none',
  padding: 0,
  margin: 0,
  display: 'grid',
  gap: tokens.space.xs,
});
export const ticketRow = style({
  display: 'flex',
  justifyContent: 'space-between',
  gap: tokens.space.md,
  padding: tokens.space.md,
  borderRadius: tokens.radius.md,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
});

export const aside = style({
  display: 'grid',
  gap: tokens.space.lg,
  padding: tokens.space.lg,
  borderRadius: tokens.radius.lg,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  boxShadow: vars.shadow.card,
  '@media': { [media.lg]: { position: 'sticky', top: 88 } },
});

export const facts = style({ display: 'grid', gap: tokens.space.md, margin: 0 });
globalStyle(`${facts} dt`, {
  fontWeight: 700,
  fontSize: tokens.fontSize.sm,
  color: vars.color.textMuted,
  textTransform: 'uppercase',
  letterSpacing: '0.06em',
});
globalStyle(`${facts} dd`, { margin: 0 });

export const stateBox = style({
  minHeight: '50vh',
  display: 'grid',
  placeItems: 'center',
  alignContent: 'center',
  gap: tokens.space.md,
  textAlign: 'center',
  padding: tokens.space.xl,
});
export const stateTitle = style({ fontSize: tokens.fontSize.xxl });
export const stateError = style({ color: vars.color.danger });
