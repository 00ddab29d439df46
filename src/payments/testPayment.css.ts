import { globalStyle, style } from '@vanilla-extract/css';
import { media, tokens, vars } from '../styles/theme.css';

export const page = style({
  minHeight: '70vh',
  display: 'grid',
  placeItems: 'center',
  padding: `${tokens.space.xl} ${tokens.space.md}`,
});
export const panel = style({
  width: 'min(460px, 100%)',
  minWidth: 0,
  overflowWrap: 'anywhere',
  display: 'grid',
  gap: tokens.space.md,
  padding: tokens.space.lg,
  borderRadius: tokens.radius.lg,
  background: vars.color.surface,
  border: `3px dashed ${vars.color.accent}`,
  boxShadow: vars.shadow.raised,
});
export const banner = style({
  justifySelf: 'start',
  padding: `4px ${tokens.space.sm}`,
  borderRadius: tokens.radius.sm,
  background: vars.color.accent,
  color: vars.color.onAccent,
  fontWeight: 800,
  letterSpacing: '0.08em',
  fontSize: tokens.fontSize.sm,
});
export const details = style({ display: 'grid', gap: tokens.space.xs, margin: 0, minWidth: 0 });
globalStyle(`${details} > div`, {
  display: 'flex',
  justifyContent: 'space-between',
  alignItems: 'baseline',
  gap: tokens.space.md,
  paddingBlock: tokens.space.xxs,
  borderBottom: `1px solid ${vars.color.border}`,
});
// The label keeps its word whole; the value (an email, a reference) is what wraps.
globalStyle(`${details} dt`, { color: vars.color.textMuted, flexShrink: 0, overflowWrap: 'normal' });
globalStyle(`${details} dd`, { margin: 0, textAlign: 'right', minWidth: 0, overflowWrap: 'anywhere' });
export const amount = style({ fontSize: tokens.fontSize.xxl, fontWeight: 800 });
export const reference = style({
  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace',
  wordBreak: 'break-all',
});
// One above the other on a phone: 'Pay ₦25,375.00' beside 'Decline' does not fit 375 px.
export const buttons = style({
  display: 'grid',
  gap: tokens.space.sm,
  '@media': { [media.sm]: { gridTemplateColumns: '1fr 1fr' } },
});
export const back = style({ color: vars.color.primary, fontWeight: 700 });
