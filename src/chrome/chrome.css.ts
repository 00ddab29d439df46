import { keyframes, style } from '@vanilla-extract/css';
import { media, tokens, vars } from '../styles/theme.css';

export const header = style({
  position: 'sticky',
  top: 0,
  zIndex: 20,
  background: vars.color.surface,
  borderBottom: `1px solid ${vars.color.border}`,
  backdropFilter: 'saturate(1.4) blur(8px)',
});

export const nav = style({
  maxWidth: tokens.maxWidth,
  marginInline: 'auto',
  display: 'flex',
  alignItems: 'center',
  gap: tokens.space.lg,
  padding: `${tokens.space.sm} ${tokens.space.md}`,
  minHeight: 64,
});

export const logo = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: tokens.space.xs,
  fontWeight: 800,
  fontSize: tokens.fontSize.lg,
  color: vars.color.primary,
  textDecoration: 'none',
  flexShrink: 0,
});

export const desktopLinks = style({
  display: 'none',
  gap: tokens.space.xs,
  '@media': { [media.lg]: { display: 'flex' } },
});

export const desktopOnly = style({ display: 'none', '@media': { [media.lg]: { display: 'block' } } });
export const mobileOnly = style({ '@media': { [media.lg]: { display: 'none' } } });

export const navLink = style({
  padding: `${tokens.space.xs} ${tokens.space.sm}`,
  borderRadius: tokens.radius.pill,
  color: vars.color.text,
  textDecoration: 'none',
  fontWeight: 600,
  selectors: {
    '&:hover': { background: vars.color.surfaceAlt },
    '&[aria-current="page"]': { background: vars.color.primarySoft, color: vars.color.primary },
  },
});

export const navEnd = style({
  marginLeft: 'auto',
  display: 'flex',
  alignItems: 'center',
  gap: tokens.space.xs,
});

export const accountButtons = style({
  display: 'flex',
  gap: tokens.space.xs,
  alignItems: 'center',
  flexWrap: 'wrap',
});

export const iconButton = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: 40,
  height: 40,
  borderRadius: tokens.radius.pill,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.text,
  cursor: 'pointer',
  selectors: { '&:hover': { background: vars.color.surfaceAlt } },
});

const fadeIn = keyframes({ from: { opacity: 0 }, to: { opacity: 1 } });
const slideIn = keyframes({ from: { transform: 'translateX(100%)' }, to: { transform: 'translateX(0)' } });
const slideOut = keyframes({ from: { transform: 'translateX(0)' }, to: { transform: 'translateX(100%)' } });
const fadeOut = keyframes({ from: { opacity: 1 }, to: { opacity: 0 } });

export const drawerBackdrop = style({
  position: 'fixed',
  inset: 0,
  background: vars.color.overlay,
  zIndex: 40,
  // Ark unmounts the menu when its exit animation ends, so closing needs one of its own.
  selectors: {
    '&[data-state="open"]': { animation: `${fadeIn} 200ms ease-out` },
    '&[data-state="closed"]': { animation: `${fadeOut} 150ms ease-in` },
  },
});

export const drawerPositioner = style({
  position: 'fixed',
  inset: 0,
  zIndex: 41,
  display: 'flex',
  justifyContent: 'flex-end',
});

export const drawer = style({
  width: 'min(320px, 85vw)',
  height: '100%',
  background: vars.color.surface,
  padding: tokens.space.lg,
  display: 'flex',
  flexDirection: 'column',
  gap: tokens.space.lg,
  boxShadow: vars.shadow.raised,
  selectors: {
    '&[data-state="open"]': { animation: `${slideIn} 250ms ease-out` },
    '&[data-state="closed"]': { animation: `${slideOut} 150ms ease-in` },
  },
});

export const drawerHead = style({ display: 'flex', alignItems: 'center', justifyContent: 'space-between' });
export const drawerTitle = style({ fontSize: tokens.fontSize.lg });
export const drawerLinks = style({ display: 'flex', flexDirection: 'column', gap: tokens.space.xxs });

export const footer = style({
  marginTop: tokens.space.xxxl,
  background: vars.color.surface,
  borderTop: `1px solid ${vars.color.border}`,
  paddingBlock: tokens.space.xxl,
});

export const footerInner = style({
  maxWidth: tokens.maxWidth,
  marginInline: 'auto',
  paddingInline: tokens.space.md,
  display: 'grid',
  gap: tokens.space.xl,
  '@media': { [media.md]: { gridTemplateColumns: '2fr 3fr 1fr', alignItems: 'start' } },
});

export const footerBrand = style({
  display: 'grid',
  gap: tokens.space.sm,
  color: vars.color.textMuted,
  maxWidth: 360,
});

export const footerLinks = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  gap: tokens.space.xs,
  '@media': { [media.sm]: { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' } },
});

export const socials = style({
  display: 'flex',
  gap: tokens.space.xs,
  listStyle: 'none',
  padding: 0,
  margin: 0,
});

export const copyright = style({
  maxWidth: tokens.maxWidth,
  marginInline: 'auto',
  paddingInline: tokens.space.md,
  marginTop: tokens.space.xl,
  fontSize: tokens.fontSize.sm,
  color: vars.color.textMuted,
});

/** The close button on each toast. */
export const toastClose = style({
  display: 'grid',
  placeItems: 'center',
  width: 28,
  height: 28,
  flexShrink: 0,
  marginInlineStart: tokens.space.xxs,
  border: 0,
  borderRadius: tokens.radius.pill,
  background: 'transparent',
  color: vars.color.textMuted,
  cursor: 'pointer',
  selectors: { '&:hover': { background: vars.color.surfaceAlt, color: vars.color.text } },
});
