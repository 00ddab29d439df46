import { style } from '@vanilla-extract/css';
import { tokens, vars } from '../styles/theme.css';

export const page = style({ minHeight: '70vh' });

export const skipLink = style({
  position: 'absolute',
  left: tokens.space.md,
  top: -60,
  zIndex: 100,
  padding: `${tokens.space.xs} ${tokens.space.md}`,
  background: vars.color.primary,
  color: vars.color.onPrimary,
  borderRadius: tokens.radius.md,
  selectors: { '&:focus': { top: tokens.space.md } },
});
