import { style } from '@vanilla-extract/css';
import { tokens, vars } from '../styles/theme.css';

export const results = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: tokens.space.xs,
});
/** One guest: who, which ticket and where they stand, with 'Admit' at the end (wraps on a phone). */
export const match = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: tokens.space.xs,
  padding: tokens.space.sm,
  borderRadius: tokens.radius.md,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
});
export const who = style({ minWidth: 0, flex: '1 1 12rem' });
export const name = style({ margin: 0, fontWeight: 700, overflowWrap: 'anywhere' });
export const facts = style({
  margin: 0,
  color: vars.color.textMuted,
  fontSize: tokens.fontSize.sm,
  overflowWrap: 'anywhere',
});
export const reference = style({ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace' });
