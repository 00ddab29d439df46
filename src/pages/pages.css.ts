import { style } from '@vanilla-extract/css';
import { tokens, vars } from '../styles/theme.css';

export const centrePage = style({
  minHeight: '60vh',
  display: 'grid',
  placeItems: 'center',
  alignContent: 'center',
  gap: tokens.space.md,
  textAlign: 'center',
  padding: `${tokens.space.xxl} ${tokens.space.md}`,
});

export const astronaut = style({ width: 'min(240px, 60vw)', height: 'auto', color: vars.color.primary });
export const title = style({ fontSize: tokens.fontSize.xxl, fontWeight: 800 });
export const lead = style({ color: vars.color.textMuted, maxWidth: 460 });
export const errorMessage = style({
  color: vars.color.danger,
  background: vars.color.dangerSoft,
  padding: `${tokens.space.sm} ${tokens.space.md}`,
  borderRadius: tokens.radius.md,
  maxWidth: 560,
  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace',
  fontSize: tokens.fontSize.sm,
});
export const actions = style({
  display: 'flex',
  gap: tokens.space.sm,
  flexWrap: 'wrap',
  justifyContent: 'center',
});
