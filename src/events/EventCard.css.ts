import { globalStyle, style } from '@vanilla-extract/css';
import { tokens, vars } from '../styles/theme.css';

export const card = style({
  position: 'relative',
  display: 'flex',
  flexDirection: 'column',
  height: '100%',
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: tokens.radius.lg,
  overflow: 'hidden',
  boxShadow: vars.shadow.card,
});

export const media = style({
  position: 'relative',
  aspectRatio: '16 / 10',
  background: vars.color.surfaceAlt,
});

export const image = style({ width: '100%', height: '100%', objectFit: 'cover' });

/** The hover overlay (mouse users); keyboard users reach the same action through the visible link below. */
export const overlay = style({
  position: 'absolute',
  inset: 0,
  display: 'grid',
  placeItems: 'center',
  background: vars.color.overlay,
  opacity: 0,
  transition: 'opacity 200ms',
  zIndex: 2,
  // Only the button takes clicks; the rest of the card opens the event page.
  pointerEvents: 'none',
  selectors: { [`${card}:hover &, ${card}:focus-within &`]: { opacity: 1 } },
});

export const overlayButton = style({
  padding: `10px ${tokens.space.lg}`,
  borderRadius: tokens.radius.pill,
  background: vars.color.primary,
  color: vars.color.onPrimary,
  fontWeight: 700,
  textDecoration: 'none',
  pointerEvents: 'auto',
});

export const body = style({
  display: 'flex',
  flexDirection: 'column',
  gap: tokens.space.xs,
  padding: tokens.space.md,
  flex: 1,
});

export const title = style({ fontSize: tokens.fontSize.lg, fontWeight: 700 });

export const titleLink = style({
  color: vars.color.text,
  textDecoration: 'none',
  selectors: {
    '&:hover': { color: vars.color.primary },
    // The whole card is the link's hit area.
    '&::after': { content: '""', position: 'absolute', inset: 0, zIndex: 0 },
  },
});

export const description = style({
  color: vars.color.textMuted,
  fontSize: tokens.fontSize.sm,
  display: '-webkit-box',
  WebkitLineClamp: 4,
  WebkitBoxOrient: 'vertical',
  overflow: 'hidden',
});

export const meta = style({
  display: 'grid',
  gap: tokens.space.xxs,
  margin: 0,
  marginTop: 'auto',
  paddingTop: tokens.space.xs,
  fontSize: tokens.fontSize.sm,
});

export const price = style({ fontWeight: 800, color: vars.color.primary });

export const srOnly = style({
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
});

globalStyle(`${meta} dt`, { color: vars.color.textMuted, minWidth: 76 });
globalStyle(`${meta} dd`, { margin: 0 });
globalStyle(`${meta} > div`, { display: 'flex', gap: tokens.space.xs });
