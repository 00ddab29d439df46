import { style } from '@vanilla-extract/css';
import { tokens, vars } from '../styles/theme.css';

export const trigger = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: tokens.space.xs,
  padding: '3px',
  paddingRight: tokens.space.sm,
  borderRadius: tokens.radius.pill,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.text,
  cursor: 'pointer',
  maxWidth: '220px',
  selectors: {
    '&:hover': { background: vars.color.surfaceAlt },
    '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '2px' },
  },
});

export const avatar = style({
  width: '34px',
  height: '34px',
  flexShrink: 0,
  borderRadius: '50%',
  display: 'grid',
  placeItems: 'center',
  background: vars.color.primary,
  color: vars.color.onPrimary,
  fontWeight: 800,
  fontSize: tokens.fontSize.sm,
  letterSpacing: '0.02em',
  selectors: { '&::before': { content: 'attr(data-initials)' } },
});

export const firstName = style({
  fontWeight: 600,
  fontSize: tokens.fontSize.sm,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});

export const chevron = style({ flexShrink: 0, color: vars.color.textMuted });
