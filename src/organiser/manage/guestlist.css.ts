import { style } from '@vanilla-extract/css';
import { tokens, vars } from '../../styles/theme.css';

/** All / Checked in / Not yet: one pressed choice, like tabs but inside the Guestlist card. */
export const filters = style({
  display: 'inline-flex',
  flexWrap: 'wrap',
  gap: tokens.space.xxs,
  padding: tokens.space.xxs,
  borderRadius: tokens.radius.pill,
  background: vars.color.surfaceAlt,
  border: `1px solid ${vars.color.border}`,
  width: 'fit-content',
  margin: 0,
  minWidth: 0,
});
export const filter = style({
  border: 0,
  borderRadius: tokens.radius.pill,
  padding: `${tokens.space.xxs} ${tokens.space.sm}`,
  minHeight: 36,
  font: 'inherit',
  fontSize: tokens.fontSize.sm,
  fontWeight: 700,
  background: 'transparent',
  color: vars.color.textMuted,
  cursor: 'pointer',
  selectors: {
    '&[aria-pressed="true"]': {
      background: vars.color.surface,
      color: vars.color.text,
      boxShadow: vars.shadow.card,
    },
    '&:hover': { color: vars.color.text },
    '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: 2 },
  },
});
export const toolbar = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: tokens.space.sm,
  alignItems: 'center',
  justifyContent: 'space-between',
});
/** One line per ticket of the order line: who, and in at what time and gate (or not yet). */
export const tickets = style({
  display: 'grid',
  gap: tokens.space.xxs,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});
export const ticket = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: tokens.space.xs,
  alignItems: 'center',
});
