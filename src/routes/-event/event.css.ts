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
  width: '100%',
  marginBottom: tokens.space.sm,
  background: vars.color.surfaceAlt,
});
export const poster = style({ width: '100%', height: '100%', objectFit: 'cover' });

export const layout = style({
  display: 'grid',
  gap: tokens.space.xl,
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

export const byline = style({ fontWeight: 600, color: vars.color.text });

export const srOnly = style({
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
export const offscreen = style({ position: 'fixed', top: 0, left: '-9999px', opacity: 0 });

export const where = style({ display: 'grid', gap: tokens.space.md });
export const whereRow = style({
  display: 'flex',
  gap: tokens.space.sm,
  alignItems: 'flex-start',
  color: vars.color.text,
});
globalStyle(`${whereRow} > svg`, { flexShrink: 0, marginTop: 2, color: vars.color.primary });

export const inlineLink = style({
  display: 'inline-block',
  marginTop: tokens.space.xxs,
  color: vars.color.primary,
  fontWeight: 700,
  textDecoration: 'underline',
  textUnderlineOffset: 3,
});

const actionBase = {
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: tokens.space.xs,
  minHeight: 44,
  padding: `0 ${tokens.space.md}`,
  borderRadius: tokens.radius.md,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.text,
  font: 'inherit',
  fontWeight: 700,
  cursor: 'pointer',
  textDecoration: 'none',
} as const;

export const actionButton = style({
  ...actionBase,
  width: '100%',
  color: vars.color.primary,
  borderColor: vars.color.primary,
  selectors: { '&:hover': { background: vars.color.primarySoft } },
});

export const asideHeading = style({
  fontSize: tokens.fontSize.sm,
  fontWeight: 700,
  color: vars.color.textMuted,
  textTransform: 'uppercase',
  letterSpacing: '0.06em',
});
export const shareBlock = style({ display: 'grid', gap: tokens.space.sm });
export const shareRow = style({ display: 'flex', flexWrap: 'wrap', gap: tokens.space.xs });
export const shareButton = style({
  ...actionBase,
  flex: '1 1 auto',
  fontSize: tokens.fontSize.sm,
  padding: `0 ${tokens.space.sm}`,
  selectors: { '&:hover': { background: vars.color.surfaceAlt } },
});

export const socialList = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: tokens.space.xs,
  listStyle: 'none',
  margin: 0,
  padding: 0,
});
export const socialLink = style({
  ...actionBase,
  width: 44,
  padding: 0,
  borderRadius: tokens.radius.pill,
  color: vars.color.primary,
  selectors: { '&:hover': { background: vars.color.primarySoft } },
});

export const related = style({ marginTop: tokens.space.xxl, display: 'grid', gap: tokens.space.lg });
export const relatedTitle = style({ fontSize: tokens.fontSize.xxl, fontWeight: 800 });
export const relatedGrid = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: tokens.space.lg,
  gridTemplateColumns: '1fr',
  '@media': {
    [media.md]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
    [media.lg]: { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' },
  },
});
export const relatedItem = style({ minWidth: 0 });

export const mobileOnly = style({ '@media': { [media.lg]: { display: 'none' } } });
export const desktopOnly = style({ display: 'none', '@media': { [media.lg]: { display: 'block' } } });
