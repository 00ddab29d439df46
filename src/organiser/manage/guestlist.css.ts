import { globalStyle, style } from '@vanilla-extract/css';
import { tokens, vars } from '../../styles/theme.css';

/** All / Checked in / Not yet: one pressed choice, like tabs but inside the Guestlist card. */
export const filters = style({
  display: 'inline-flex',
  flexWrap: 'wrap',
  gap: tokens.space.xxs,
  padding: tokens.space.xxs,
  borderRadius: tokens.radius.pill,
  background: vars.color.surfaceAlt,
  border: `1px solid ${vars.color.border}`,
  width: 'fit-content',
  margin: 0,
  minWidth: 0,
});
export const filter = style({
  border: 0,
  borderRadius: tokens.radius.pill,
  padding: `${tokens.space.xxs} ${tokens.space.sm}`,
  minHeight: 36,
  font: 'inherit',
  fontSize: tokens.fontSize.sm,
  fontWeight: 700,
  background: 'transparent',
  color: vars.color.textMuted,
  cursor: 'pointer',
  selectors: {
    '&[aria-pressed="true"]': {
      background: vars.color.surface,
      color: vars.color.text,
      boxShadow: vars.shadow.card,
    },
    '&:hover': { color: vars.color.text },
    '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: 2 },
  },
});
export const toolbar = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: tokens.space.sm,
  alignItems: 'center',
  justifyContent: 'space-between',
});
/** One line per ticket of the order line: who, and in at what time and gate (or not yet). */
export const tickets = style({
  display: 'grid',
  gap: tokens.space.xxs,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});
export const ticket = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: tokens.space.xs,
  alignItems: 'center',
});

/**
 * On a phone the six columns do not fit, and whether someone is in would sit off-screen to the
 * right: below the md breakpoint each order line becomes a card, every cell labelled by its column.
 */
const narrow = `screen and (max-width: ${tokens.breakpoint.md - 1}px)`;
export const stacked = style({
  '@media': {
    [narrow]: { display: 'block' },
  },
});
globalStyle(`${stacked} thead`, {
  '@media': {
    [narrow]: {
      position: 'absolute',
      width: 1,
      height: 1,
      overflow: 'hidden',
      clipPath: 'inset(50%)',
      whiteSpace: 'nowrap',
    },
  },
});
globalStyle(`${stacked} tbody, ${stacked} tr`, { '@media': { [narrow]: { display: 'block' } } });
globalStyle(`${stacked} tr`, {
  '@media': { [narrow]: { borderBottom: `1px solid ${vars.color.border}`, paddingBlock: tokens.space.xs } },
});
globalStyle(`${stacked} td`, {
  '@media': {
    [narrow]: {
      display: 'grid',
      gridTemplateColumns: '7.5rem 1fr',
      gap: tokens.space.sm,
      borderBottom: 0,
      whiteSpace: 'normal',
      paddingBlock: tokens.space.xxs,
    },
  },
});
globalStyle(`${stacked} td::before`, {
  '@media': {
    [narrow]: { content: 'attr(data-label)', fontWeight: 700, color: vars.color.textMuted },
  },
});
/** As cards the list reads down the page, not inside a 500 px box of its own. */
export const wrap = style({ '@media': { [narrow]: { maxHeight: 'none', overflowY: 'visible' } } });

/** A line's ticket history (transfers, name corrections), folded away until asked for. */
export const history = style({
  marginTop: tokens.space.xxs,
  // Table cells do not wrap; the history does, within a readable width.
  whiteSpace: 'normal',
  minWidth: '14rem',
  maxWidth: '22rem',
  fontSize: tokens.fontSize.sm,
  color: vars.color.textMuted,
});
export const historyList = style({
  margin: `${tokens.space.xxs} 0 0`,
  paddingLeft: tokens.space.md,
  display: 'grid',
  gap: tokens.space.xxs,
  overflowWrap: 'anywhere',
});

/** The row under a line that holds its Refund form: the table's full width, no column lines. */
export const refundRow = style({});
globalStyle(`${refundRow} > td`, {
  whiteSpace: 'normal',
  background: vars.color.surface,
  '@media': { [narrow]: { display: 'block', paddingBlock: tokens.space.sm } },
});
// In cards the form row has no column label of its own.
globalStyle(`${stacked} ${refundRow} > td::before`, { '@media': { [narrow]: { content: 'none' } } });

/** The Refund form of one line (decision 044): stacked, a readable width, never wider than the phone. */
export const refund = style({
  display: 'grid',
  gap: tokens.space.sm,
  padding: tokens.space.md,
  borderRadius: tokens.radius.lg,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surfaceAlt,
  color: vars.color.text,
  width: '100%',
  maxWidth: '32rem',
  minWidth: 0,
  textAlign: 'left',
  boxSizing: 'border-box',
});
export const refundChoice = style({
  display: 'grid',
  gap: tokens.space.xxs,
  border: 0,
  padding: 0,
  margin: 0,
  minWidth: 0,
});

/** A long email wraps anywhere rather than run past the card's edge on a phone. */
export const email = style({ overflowWrap: 'anywhere' });
