import { style } from '@vanilla-extract/css';
import { tokens, vars } from '../../styles/theme.css';

/** The guest's view of a message: the organiser's lines as they wrote them (plain text, wrapped). */
export const messageText = style({
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
  lineHeight: 1.5,
});

/** The preview: the email as a guest reads it, set apart from the form. */
export const preview = style({
  display: 'grid',
  gap: tokens.space.sm,
  padding: tokens.space.md,
  borderRadius: tokens.radius.md,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surfaceAlt,
  minWidth: 0,
});

export const rowText = style({
  minWidth: 0,
  overflowWrap: 'anywhere',
  display: 'grid',
  gap: tokens.space.xs,
});

/** Sent · failed · waiting, side by side, wrapping on a phone. */
export const counts = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: tokens.space.sm,
  alignItems: 'center',
});
