import { style } from '@vanilla-extract/css';
import { tokens, vars } from '../styles/theme.css';

export const panel = style({
  position: 'fixed',
  insetInline: tokens.space.md,
  bottom: tokens.space.md,
  // Above a modal dialog (its backdrop is 70, its content 71), and pressable although the dialog
  // turns pointer events off on the body underneath it.
  zIndex: 80,
  pointerEvents: 'auto',
  maxWidth: 420,
  marginInline: 'auto',
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: tokens.space.sm,
  padding: tokens.space.md,
  background: vars.color.surface,
  color: vars.color.text,
  border: `1px solid ${vars.color.border}`,
  borderRadius: tokens.radius.lg,
  boxShadow: vars.shadow.raised,
});

export const message = style({ margin: 0, fontWeight: 600 });
