import { style } from '@vanilla-extract/css';
import { tokens, vars } from '../styles/theme.css';

export const who = style({ minWidth: 0, flex: '1 1 12rem' });
export const name = style({ margin: 0, fontWeight: 700, overflowWrap: 'anywhere' });
export const facts = style({
  margin: 0,
  color: vars.color.textMuted,
  fontSize: tokens.fontSize.sm,
  overflowWrap: 'anywhere',
});
