import { globalStyle, style } from '@vanilla-extract/css';
import { tokens, vars } from '../styles/theme.css';

export const form = style({ display: 'grid', gap: tokens.space.md });

/** Side-by-side fields (first and last name) that stack when there is no room for two. */
export const row = style({
  display: 'grid',
  gap: tokens.space.md,
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(180px, 100%), 1fr))',
});

export const field = style({ display: 'grid', gap: tokens.space.xxs, alignContent: 'start', minWidth: 0 });

export const label = style({ fontSize: tokens.fontSize.sm, fontWeight: 600 });

export const required = style({ color: vars.color.danger, marginInlineStart: 2 });

export const input = style({
  width: '100%',
  minHeight: '44px',
  padding: `10px ${tokens.space.sm}`,
  borderRadius: tokens.radius.md,
  // textMuted, not border: an input's edge needs 3:1 against the page (WCAG 1.4.11).
  border: `1px solid ${vars.color.textMuted}`,
  background: vars.color.surface,
  color: vars.color.text,
  fontSize: tokens.fontSize.md,
  transition: 'border-color 150ms, box-shadow 150ms',
  selectors: {
    '&::placeholder': { color: vars.color.textMuted, opacity: 1 },
    '&:hover': { borderColor: vars.color.text },
    '&:focus-visible': { borderColor: vars.color.primary },
    '&[aria-invalid="true"]': { borderColor: vars.color.danger, boxShadow: `0 0 0 1px ${vars.color.danger}` },
    '&:disabled': { opacity: 0.6 },
  },
});

export const textarea = style([input, { minHeight: 140, resize: 'vertical' }]);

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

export const error = style({ color: vars.color.danger, fontSize: tokens.fontSize.sm, fontWeight: 500 });

export const hint = style({ color: vars.color.textMuted, fontSize: tokens.fontSize.sm });

export const checkboxRow = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: tokens.space.xs,
  fontSize: tokens.fontSize.sm,
});

export const checkbox = style({
  width: 20,
  height: 20,
  marginTop: 2,
  flexShrink: 0,
  accentColor: vars.color.primary,
  cursor: 'pointer',
});

globalStyle(`${checkboxRow} label`, { cursor: 'pointer' });
globalStyle(`${checkboxRow} a`, { fontWeight: 600 });

const alert = style({
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
