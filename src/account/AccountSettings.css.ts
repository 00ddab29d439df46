import { keyframes, style } from '@vanilla-extract/css';
import { media, tokens, vars } from '../styles/theme.css';

const fadeIn = keyframes({ from: { opacity: 0 }, to: { opacity: 1 } });
const rise = keyframes({
  from: { opacity: 0, transform: 'translateY(12px)' },
  to: { opacity: 1, transform: 'none' },
});

export const backdrop = style({
  position: 'fixed',
  inset: 0,
  background: vars.color.overlay,
  zIndex: 70,
  animation: `${fadeIn} 150ms ease-out`,
  '@media': { [media.reducedMotion]: { animation: 'none' } },
});

export const positioner = style({
  position: 'fixed',
  inset: 0,
  zIndex: 71,
  display: 'flex',
  alignItems: 'flex-end',
  justifyContent: 'center',
  '@media': { [media.sm]: { alignItems: 'center', padding: tokens.space.lg } },
});

export const content = style({
  width: '100%',
  maxWidth: '720px',
  maxHeight: '92dvh',
  display: 'flex',
  flexDirection: 'column',
  background: vars.color.surface,
  color: vars.color.text,
  borderRadius: `${tokens.radius.xl} ${tokens.radius.xl} 0 0`,
  boxShadow: vars.shadow.raised,
  outline: 'none',
  animation: `${rise} 180ms ease-out`,
  '@media': {
    [media.sm]: { borderRadius: tokens.radius.xl },
    [media.reducedMotion]: { animation: 'none' },
  },
});

export const head = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: tokens.space.sm,
  padding: `${tokens.space.md} ${tokens.space.lg}`,
  borderBottom: `1px solid ${vars.color.border}`,
});

export const title = style({ fontSize: tokens.fontSize.xl, fontWeight: 800 });

export const close = style({
  width: '40px',
  height: '40px',
  display: 'grid',
  placeItems: 'center',
  borderRadius: tokens.radius.pill,
  border: `1px solid ${vars.color.border}`,
  background: 'transparent',
  color: vars.color.text,
  cursor: 'pointer',
  selectors: { '&:hover': { background: vars.color.surfaceAlt } },
});

export const tabs = style({ display: 'flex', flexDirection: 'column', minHeight: 0, flex: 1 });

export const tabList = style({
  display: 'flex',
  flexShrink: 0,
  gap: tokens.space.xxs,
  padding: `${tokens.space.xs} ${tokens.space.sm} 0`,
  '@media': { [media.sm]: { paddingInline: tokens.space.lg } },
  borderBottom: `1px solid ${vars.color.border}`,
  // Wraps on a phone rather than hiding the last tabs past a sideways scroll.
  flexWrap: 'wrap',
});

export const tab = style({
  padding: `${tokens.space.sm} ${tokens.space.sm}`,
  '@media': { [media.sm]: { paddingInline: tokens.space.md } },
  border: 0,
  borderBottom: '3px solid transparent',
  background: 'none',
  color: vars.color.textMuted,
  fontWeight: 700,
  fontSize: tokens.fontSize.sm,
  whiteSpace: 'nowrap',
  cursor: 'pointer',
  selectors: {
    '&[data-selected]': { color: vars.color.primary, borderBottomColor: vars.color.primary },
    '&:hover': { color: vars.color.text },
    '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '-2px' },
  },
});

export const panel = style({
  overflowY: 'auto',
  padding: `${tokens.space.lg}`,
  display: 'grid',
  gap: tokens.space.xl,
  outline: 'none',
  // Ark hides inactive panels with the `hidden` attribute; `display: grid` would override it.
  selectors: { '&[hidden]': { display: 'none' } },
});

export const fieldset = style({ border: 0, padding: 0, margin: 0, minWidth: 0 });

export const section = style({ display: 'grid', gap: tokens.space.md });

export const sectionTitle = style({ fontSize: tokens.fontSize.lg, fontWeight: 800 });

export const sectionText = style({
  color: vars.color.textMuted,
  fontSize: tokens.fontSize.sm,
  lineHeight: 1.5,
});

export const divider = style({ border: 0, borderTop: `1px solid ${vars.color.border}`, margin: 0 });

export const actions = style({
  display: 'flex',
  gap: tokens.space.sm,
  flexWrap: 'wrap',
  alignItems: 'center',
});

export const settingRow = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: tokens.space.md,
  flexWrap: 'wrap',
});

export const settingText = style({ display: 'grid', gap: '2px', minWidth: 0, flex: '1 1 220px' });

export const select = style({
  minHeight: '44px',
  padding: `8px ${tokens.space.sm}`,
  borderRadius: tokens.radius.md,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.text,
  fontSize: tokens.fontSize.md,
  selectors: { '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '1px' } },
});

export const switchRoot = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: tokens.space.xs,
  cursor: 'pointer',
});

export const switchControl = style({
  width: '46px',
  height: '26px',
  borderRadius: tokens.radius.pill,
  background: vars.color.border,
  padding: '3px',
  display: 'inline-flex',
  transition: 'background-color 150ms',
  selectors: {
    '&[data-state="checked"]': { background: vars.color.primary },
    '&[data-focus-visible]': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '2px' },
    '&[data-disabled]': { opacity: 0.55 },
  },
});

export const switchThumb = style({
  width: '20px',
  height: '20px',
  borderRadius: '50%',
  background: '#fff',
  boxShadow: '0 1px 3px rgba(0,0,0,0.3)',
  transition: 'transform 150ms',
  selectors: { '&[data-state="checked"]': { transform: 'translateX(20px)' } },
});

export const dangerZone = style({
  display: 'grid',
  gap: tokens.space.md,
  padding: tokens.space.md,
  borderRadius: tokens.radius.lg,
  border: `1px solid ${vars.color.danger}`,
  background: vars.color.dangerSoft,
});

export const sessionList = style({
  listStyle: 'none',
  padding: 0,
  margin: 0,
  display: 'grid',
  gap: tokens.space.xs,
});

export const sessionItem = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: tokens.space.sm,
  flexWrap: 'wrap',
  padding: tokens.space.sm,
  borderRadius: tokens.radius.md,
  border: `1px solid ${vars.color.border}`,
});

export const sessionDevice = style({ fontWeight: 700 });
export const sessionMeta = style({ color: vars.color.textMuted, fontSize: tokens.fontSize.sm });

export const badge = style({
  padding: `2px ${tokens.space.xs}`,
  borderRadius: tokens.radius.pill,
  background: vars.color.primarySoft,
  color: vars.color.primary,
  fontSize: tokens.fontSize.xs,
  fontWeight: 700,
});

export const method = style({
  display: 'grid',
  gridTemplateColumns: 'auto 1fr',
  gap: `2px ${tokens.space.sm}`,
  alignItems: 'start',
  padding: tokens.space.md,
  borderRadius: tokens.radius.lg,
  border: `1px solid ${vars.color.border}`,
  selectors: {
    '&:has(input:checked)': { borderColor: vars.color.primary, background: vars.color.primarySoft },
    '&:has(input:disabled)': { opacity: 0.7 },
  },
});

export const methodRadio = style({
  width: '20px',
  height: '20px',
  marginTop: '2px',
  accentColor: vars.color.primary,
});
export const methodName = style({ fontWeight: 700 });
export const methodBody = style({ gridColumn: '2', display: 'grid', gap: tokens.space.sm });
