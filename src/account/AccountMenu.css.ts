import { style } from '@vanilla-extract/css';
import { tokens, vars } from '../styles/theme.css';

export const content = style({
  minWidth: '240px',
  padding: tokens.space.xs,
  borderRadius: tokens.radius.lg,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.text,
  boxShadow: vars.shadow.raised,
  zIndex: 60,
  outline: 'none',
});

export const who = style({
  display: 'grid',
  gap: '2px',
  padding: `${tokens.space.xs} ${tokens.space.sm} ${tokens.space.sm}`,
  borderBottom: `1px solid ${vars.color.border}`,
  marginBottom: tokens.space.xxs,
});

export const name = style({ fontWeight: 700 });
export const username = style({ color: vars.color.textMuted, fontSize: tokens.fontSize.sm });

export const item = style({
  display: 'flex',
  alignItems: 'center',
  gap: tokens.space.xs,
  width: '100%',
  padding: `${tokens.space.xs} ${tokens.space.sm}`,
  borderRadius: tokens.radius.md,
  cursor: 'pointer',
  fontSize: tokens.fontSize.sm,
  fontWeight: 600,
  selectors: {
    '&[data-highlighted]': { background: vars.color.surfaceAlt },
  },
});

export const danger = style([item, { color: vars.color.danger }]);
