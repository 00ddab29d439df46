import { style } from '@vanilla-extract/css';
import { tokens, vars } from '../../styles/theme.css';

export const hero = style({
  display: 'grid',
  justifyItems: 'center',
  textAlign: 'center',
  gap: tokens.space.md,
  paddingBlock: tokens.space.xxxl,
});
export const art = style({ width: 200, height: 'auto' });
export const title = style({ fontSize: tokens.fontSize.hero, fontWeight: 800 });
export const lead = style({ fontSize: tokens.fontSize.xl, fontWeight: 600, color: vars.color.primary });
export const sub = style({ color: vars.color.textMuted, maxWidth: '56ch' });
