import { style } from '@vanilla-extract/css';
import { tokens, vars } from '../styles/theme.css';

export const form = style({ display: 'grid', gap: tokens.space.md });

export const row = style({
  display: 'grid',
  gap: tokens.space.md,
  gridTemplateColumns: 'repeat(auto-fit, minmax(160px, 1fr))',
});

export const field = style({ display: 'grid', gap: tokens.space.xxs, minWidth: 0 });

export const label = style({ fontSize: tokens.fontSize.sm, fontWeight: 600 });

export const input = style({
  width: '100%',
  minHeight: '44px',
  padding: `10px ${tokens.space.sm}`,
  borderRadius: tokens.radius.md,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.text,
  fontSize: tokens.fontSize.md,
  transition: 'border-color 150ms, box-shadow 150ms',
  selectors: {
    '&:hover': { borderColor: vars.color.textMuted },
    '&:focus-visible': {
      outline: 'none',
      borderColor: vars.color.primary,
      boxShadow: `0 0 0 3px ${vars.color.primarySoft}`,
    },
    '&[aria-invalid="true"]': { borderColor: vars.color.danger },
    '&:disabled': { opacity: 0.6 },
  },
});

export const passwordWrap = style({ position: 'relative' });

export const passwordInput = style([input, { paddingRight: '52px' }]);

export const toggle = style({
  position: 'absolute',
  top: '50%',
  right: '6px',
  transform: 'translateY(-50%)',
  width: '40px',
  height: '36px',
  display: 'grid',
  placeItems: 'center',
  border: 0,
  borderRadius: tokens.radius.sm,
  background: 'transparent',
  color: vars.color.textMuted,
  cursor: 'pointer',
  selectors: {
    '&:hover': { color: vars.color.text, background: vars.color.surfaceAlt },
    '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '1px' },
  },
});

export const fieldError = style({ color: vars.color.danger, fontSize: tokens.fontSize.sm });

export const hint = style({ color: vars.color.textMuted, fontSize: tokens.fontSize.sm });

export const alert = style({
  padding: `${tokens.space.sm} ${tokens.space.md}`,
  borderRadius: tokens.radius.md,
  fontSize: tokens.fontSize.sm,
  lineHeight: 1.45,
  border: '1px solid transparent',
});

export const alertError = style([
  alert,
  { background: vars.color.dangerSoft, color: vars.color.danger, borderColor: vars.color.danger },
]);

export const alertSuccess = style([
  alert,
  { background: vars.color.successSoft, color: vars.color.success, borderColor: vars.color.success },
]);

export const splitRow = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: tokens.space.sm,
  flexWrap: 'wrap',
  fontSize: tokens.fontSize.sm,
});

export const checkboxLabel = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: tokens.space.xs,
  cursor: 'pointer',
});

export const checkbox = style({ width: '18px', height: '18px', accentColor: vars.color.primary });

export const link = style({
  color: vars.color.primary,
  fontWeight: 600,
  textDecoration: 'none',
  selectors: { '&:hover': { textDecoration: 'underline' } },
});

export const linkButton = style([
  link,
  {
    border: 0,
    background: 'none',
    padding: 0,
    font: 'inherit',
    cursor: 'pointer',
    selectors: { '&:disabled': { opacity: 0.6, cursor: 'not-allowed', textDecoration: 'none' } },
  },
]);

export const footnote = style({
  textAlign: 'center',
  color: vars.color.textMuted,
  fontSize: tokens.fontSize.sm,
});

export const emphasis = style({ color: vars.color.text, fontWeight: 700, overflowWrap: 'anywhere' });
