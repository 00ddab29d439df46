import { assignVars, style } from '@vanilla-extract/css';
import { darkTheme, lightTheme, media, tokens, vars } from '../../styles/theme.css';

export const panels = style({
  display: 'grid',
  gap: tokens.space.lg,
  paddingBlock: tokens.space.xl,
  '@media': { [media.xl]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } },
});

const panel = style({
  display: 'grid',
  alignContent: 'start',
  gap: tokens.space.lg,
  padding: tokens.space.lg,
  borderRadius: tokens.radius.xl,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.bg,
  color: vars.color.text,
});

/** Each panel carries its theme's values, whatever the page's theme is. */
export const lightPanel = style([panel, { vars: assignVars(vars, lightTheme), colorScheme: 'light' }]);
export const darkPanel = style([panel, { vars: assignVars(vars, darkTheme), colorScheme: 'dark' }]);

export const panelTitle = style({ fontSize: tokens.fontSize.xl, fontWeight: 800 });
export const group = style({ display: 'grid', gap: tokens.space.sm });
export const groupTitle = style({ fontSize: tokens.fontSize.lg, fontWeight: 700 });
export const row = style({ display: 'flex', flexWrap: 'wrap', gap: tokens.space.sm, alignItems: 'center' });
export const cardSlot = style({ maxWidth: 380 });
export const muted = style({ color: vars.color.textMuted });
