import { globalStyle, style } from '@vanilla-extract/css';
import { tokens, vars } from '../../styles/theme.css';

export const section = style({ display: 'grid', gap: tokens.space.lg, minWidth: 0 });
export const head = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: tokens.space.sm,
  alignItems: 'center',
  justifyContent: 'space-between',
});
export const heading = style({ margin: 0, fontSize: tokens.fontSize.lg, fontWeight: 800 });
export const figure = style({ margin: 0, display: 'grid', gap: tokens.space.xs, minWidth: 0 });
export const caption = style({ fontWeight: 700 });
export const muted = style({ margin: 0, color: vars.color.textMuted, fontSize: tokens.fontSize.sm });

/** uPlot's box: as wide as the card (the chart is sized to it), never wider on a phone. */
export const chart = style({ width: '100%', minWidth: 0, overflow: 'hidden', color: vars.color.text });
// uPlot's legend: the page's type and colours, wrapping on a phone.
globalStyle(`${chart} .u-legend`, {
  fontSize: tokens.fontSize.xs,
  color: vars.color.text,
  textAlign: 'left',
  display: 'flex',
  flexWrap: 'wrap',
});
globalStyle(`${chart} .u-legend tr`, { marginRight: tokens.space.sm });
globalStyle(`${chart} .u-legend th`, { fontWeight: 600 });
globalStyle(`${chart} .u-select`, { background: vars.color.primarySoft });

export const details = style({ fontSize: tokens.fontSize.sm });
globalStyle(`${details} > summary`, {
  cursor: 'pointer',
  color: vars.color.primary,
  fontWeight: 700,
  paddingBlock: tokens.space.xxs,
});
globalStyle(`${details} > summary:focus-visible`, {
  outline: `2px solid ${vars.color.focus}`,
  outlineOffset: 2,
});

/** The money bar: the gross split into what the organiser receives and what discount codes gave. */
export const moneyBar = style({
  display: 'flex',
  height: '14px',
  borderRadius: tokens.radius.pill,
  overflow: 'hidden',
  background: vars.color.surfaceAlt,
});
export const receives = style({ background: vars.color.primary });
export const discounts = style({ background: vars.color.accent });
export const key = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: tokens.space.md,
  fontSize: tokens.fontSize.sm,
});
export const swatch = style({
  display: 'inline-block',
  width: '10px',
  height: '10px',
  borderRadius: '2px',
  marginRight: tokens.space.xxs,
});
export const amount = style({ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' });
/** Two columns at every width: the item (with what it is, under it) and the amount. */
export const moneyTable = style({ width: '100%', borderCollapse: 'collapse', fontSize: tokens.fontSize.sm });
globalStyle(`${moneyTable} th, ${moneyTable} td`, {
  textAlign: 'left',
  padding: `${tokens.space.xs} ${tokens.space.sm}`,
  borderBottom: `1px solid ${vars.color.border}`,
  verticalAlign: 'top',
});
globalStyle(`${moneyTable} thead th`, { background: vars.color.surfaceAlt });
globalStyle(`${moneyTable} tbody th`, { fontWeight: 700 });
export const whatItIs = style({
  display: 'block',
  fontWeight: 400,
  color: vars.color.textMuted,
  fontSize: tokens.fontSize.xs,
});

export const card = style({
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: tokens.radius.lg,
  padding: tokens.space.md,
  boxShadow: vars.shadow.card,
});
export const barCell = style({ width: '40%', minWidth: '8em' });
/** Sold (the track) with checked in (the fill) inside it. */
export const soldBar = style({
  height: '10px',
  borderRadius: tokens.radius.pill,
  background: vars.color.primarySoft,
  border: `1px solid ${vars.color.border}`,
  overflow: 'hidden',
});
export const inBar = style({ height: '100%', background: vars.color.primary });

globalStyle(`${moneyTable} ${amount}`, { textAlign: 'right' });

/** A statement's result lines (what buyers paid, what reaches the organiser): set apart. */
export const totalRow = style({});
globalStyle(`${moneyTable} tr${totalRow} th, ${moneyTable} tr${totalRow} td`, {
  fontWeight: 800,
  borderTop: `2px solid ${vars.color.text}`,
});
