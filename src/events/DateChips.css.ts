import { style } from '@vanilla-extract/css';
import { tokens, vars } from '../styles/theme.css';

/** The dates of an event as a row of chips that wraps (decision 046). */
export const list = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexWrap: 'wrap',
  gap: tokens.space.xs,
});

export const chip = style({
  display: 'grid',
  gap: '2px',
  minWidth: '112px',
  minHeight: '44px',
  padding: `${tokens.space.xs} ${tokens.space.sm}`,
  borderRadius: tokens.radius.md,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.text,
  textDecoration: 'none',
  fontSize: tokens.fontSize.sm,
  lineHeight: 1.3,
  selectors: {
    '&:hover': { borderColor: vars.color.primary },
    '&:focus-visible': { outline: `2px solid ${vars.color.primary}`, outlineOffset: '2px' },
    '&[data-current="true"]': {
      borderColor: vars.color.primary,
      background: vars.color.primarySoft,
      boxShadow: `inset 0 0 0 1px ${vars.color.primary}`,
    },
  },
});

export const day = style({ fontWeight: 800 });
export const time = style({ color: vars.color.textMuted, fontSize: tokens.fontSize.xs });

/** The heading and chips above a list of ticket types. */
export const block = style({ display: 'grid', gap: tokens.space.xs, marginBlockEnd: tokens.space.md });
