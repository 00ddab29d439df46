import { keyframes, style } from '@vanilla-extract/css';
import { ROTATE_SECONDS } from '../../contract/rotatingCode';
import { media, tokens, vars } from '../styles/theme.css';

export const live = style({ display: 'grid', justifyItems: 'center', gap: tokens.space.xs, width: '100%' });
export const badge = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: tokens.space.xs,
  padding: `2px ${tokens.space.sm}`,
  borderRadius: tokens.radius.pill,
  background: vars.color.successSoft,
  color: vars.color.text,
  fontSize: tokens.fontSize.xs,
  fontWeight: 800,
  letterSpacing: '0.06em',
  textTransform: 'uppercase',
});
const drain = keyframes({ from: { transform: 'scaleX(1)' }, to: { transform: 'scaleX(0)' } });
/** How much of this code's 30 seconds is left: a bar that drains, restarted with each new code. */
export const timer = style({
  width: '100%',
  maxWidth: 260,
  height: 4,
  borderRadius: tokens.radius.pill,
  background: vars.color.surfaceAlt,
  overflow: 'hidden',
});
export const timerFill = style({
  height: '100%',
  background: vars.color.success,
  transformOrigin: 'left',
  animationName: drain,
  animationDuration: `${ROTATE_SECONDS}s`,
  animationTimingFunction: 'linear',
  animationFillMode: 'forwards',
  '@media': { [media.reducedMotion]: { animation: 'none' } },
});
export const note = style({
  margin: 0,
  color: vars.color.textMuted,
  fontSize: tokens.fontSize.sm,
  maxWidth: 300,
});
export const waiting = style({
  display: 'grid',
  placeItems: 'center',
  width: 260,
  maxWidth: '100%',
  aspectRatio: '1',
  borderRadius: tokens.radius.md,
  background: vars.color.surfaceAlt,
  color: vars.color.textMuted,
  fontSize: tokens.fontSize.sm,
  padding: tokens.space.md,
  textAlign: 'center',
});
