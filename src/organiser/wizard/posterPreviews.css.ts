import { style } from '@vanilla-extract/css';
import { tokens, vars } from '../../styles/theme.css';

export const wrap = style({ display: 'grid', gap: tokens.space.sm });
export const guide = style({ margin: 0, fontSize: tokens.fontSize.sm, color: vars.color.textMuted });
export const previews = style({
  display: 'grid',
  gap: tokens.space.md,
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 220px), 1fr))',
});
export const figure = style({ margin: 0, display: 'grid', gap: tokens.space.xxs });
const frame = {
  overflow: 'hidden',
  aspectRatio: '16 / 10',
  borderRadius: tokens.radius.md,
  background: vars.color.surfaceAlt,
} as const;
export const pageFrame = style(frame);
export const cardFrame = style(frame);
export const cropped = style({ width: '100%', height: '100%', objectFit: 'cover', objectPosition: 'center' });
export const caption = style({ fontSize: tokens.fontSize.xs, color: vars.color.textMuted });
