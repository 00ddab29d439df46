import { style } from '@vanilla-extract/css';
import { media, tokens, vars } from '../styles/theme.css';
import { pill } from '../ui/pill.css';

export const tab = style({ display: 'grid', gap: tokens.space.lg, paddingBlock: tokens.space.lg });
export const head = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: tokens.space.sm,
  alignItems: 'center',
  justifyContent: 'space-between',
});
export const title = style({ margin: 0, fontSize: tokens.fontSize.xl, fontFamily: tokens.font.heading });
export const grid = style({
  display: 'grid',
  gap: tokens.space.md,
  '@media': { [media.lg]: { gridTemplateColumns: '1fr 1fr' } },
});
export const card = style({
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: tokens.radius.lg,
  padding: tokens.space.md,
  display: 'grid',
  gap: tokens.space.sm,
  alignContent: 'start',
  boxShadow: vars.shadow.card,
  // A grid item would otherwise grow to its widest table and push the page sideways on a phone.
  minWidth: 0,
});
/** Tables scroll inside their card when a phone is narrower than their columns. */
export const scroll = style({ overflowX: 'auto', minWidth: 0 });
export const cardTitle = style({ margin: 0, fontSize: tokens.fontSize.lg });
export const big = style({ margin: 0, fontSize: tokens.fontSize.xxl, fontWeight: 700 });
export const muted = style({ margin: 0, color: vars.color.textMuted, fontSize: tokens.fontSize.sm });
export const table = style({ width: '100%', borderCollapse: 'collapse', fontSize: tokens.fontSize.sm });
export const cell = style({
  textAlign: 'left',
  padding: `${tokens.space.xxs} ${tokens.space.xs}`,
  borderBottom: `1px solid ${vars.color.border}`,
});
export const bar = style({
  height: '6px',
  borderRadius: tokens.radius.pill,
  background: vars.color.surfaceAlt,
  overflow: 'hidden',
});
export const barFill = style({ height: '100%', background: vars.color.primary });
export const secret = style({
  display: 'grid',
  gap: tokens.space.xs,
  padding: tokens.space.sm,
  borderRadius: tokens.radius.md,
  background: vars.color.primarySoft,
  wordBreak: 'break-all',
});
export const pin = style({
  fontSize: tokens.fontSize.xxl,
  fontWeight: 800,
  letterSpacing: '0.2em',
  margin: 0,
});
export const row = style({ display: 'flex', flexWrap: 'wrap', gap: tokens.space.xs, alignItems: 'center' });
export const types = style({ display: 'flex', flexWrap: 'wrap', gap: tokens.space.sm });
export const status = style([
  pill,
  { display: 'inline-block', background: vars.color.surfaceAlt, border: `1px solid ${vars.color.border}` },
]);
export const statusActive = style([
  status,
  { background: vars.color.successSoft, color: vars.color.success, borderColor: vars.color.success },
]);
export const form = style({ display: 'grid', gap: tokens.space.sm });
export const submit = style({ justifySelf: 'start' });
export const fieldset = style({
  border: 0,
  padding: 0,
  margin: 0,
  minWidth: 0,
  display: 'grid',
  gap: tokens.space.xs,
});
