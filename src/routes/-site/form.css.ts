import { globalStyle, style } from '@vanilla-extract/css';
import { tokens, vars } from '../../styles/theme.css';

export const form = style({ display: 'grid', gap: tokens.space.md });

export const row = style({
  display: 'grid',
  gap: tokens.space.md,
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(220px, 100%), 1fr))',
});

export const field = style({ display: 'grid', gap: tokens.space.xxs, alignContent: 'start' });

export const label = style({ fontWeight: 600, fontSize: tokens.fontSize.sm });

export const required = style({ color: vars.color.danger, marginInlineStart: 2 });

export const input = style({
  width: '100%',
  padding: `10px ${tokens.space.sm}`,
  borderRadius: tokens.radius.md,
  border: `1px solid ${vars.color.textMuted}`,
  background: vars.color.surface,
  color: vars.color.text,
  selectors: {
    '&::placeholder': { color: vars.color.textMuted, opacity: 1 },
    '&[aria-invalid="true"]': { borderColor: vars.color.danger, boxShadow: `0 0 0 1px ${vars.color.danger}` },
    '&:disabled': { opacity: 0.7 },
  },
});

export const textarea = style([input, { minHeight: 140, resize: 'vertical' }]);

export const error = style({ color: vars.color.danger, fontSize: tokens.fontSize.sm, fontWeight: 500 });

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
});

globalStyle(`${checkboxRow} a`, { fontWeight: 600 });

export const actions = style({ display: 'flex', justifyContent: 'flex-start' });
