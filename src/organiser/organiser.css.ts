import { globalStyle, style } from '@vanilla-extract/css';
import { media, tokens, vars } from '../styles/theme.css';

/** Shared look of the organiser screens: wizard, My Events and event management. */
export const page = style({
  width: '100%',
  maxWidth: 960,
  marginInline: 'auto',
  padding: `${tokens.space.xl} ${tokens.space.md} ${tokens.space.xxl}`,
  display: 'grid',
  // minmax(0, 1fr): a wide table or tab list scrolls inside its box instead of widening the page.
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: tokens.space.lg,
  '@media': { [media.md]: { paddingInline: tokens.space.lg } },
});

export const tabPanel = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: tokens.space.lg,
  paddingTop: tokens.space.lg,
});

export const widePage = style([page, { maxWidth: tokens.maxWidth }]);

export const title = style({ fontSize: tokens.fontSize.xxl, fontWeight: 800, lineHeight: 1.2 });
export const subtitle = style({ fontSize: tokens.fontSize.xl, fontWeight: 800 });
export const lead = style({ color: vars.color.textMuted });

export const card = style({
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: tokens.radius.lg,
  boxShadow: vars.shadow.card,
  padding: tokens.space.lg,
  display: 'grid',
  gap: tokens.space.md,
  minWidth: 0,
  '@media': { 'screen and (max-width: 480px)': { padding: tokens.space.md } },
});

export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: tokens.space.sm,
  justifyContent: 'flex-end',
  alignItems: 'center',
});

export const actionsSpread = style([actions, { justifyContent: 'space-between' }]);

export const fieldset = style({
  border: 0,
  padding: 0,
  margin: 0,
  display: 'grid',
  gap: tokens.space.md,
  minWidth: 0,
});

// No inline padding: a <legend> has 2px by default, which set 'Payout account' off the fields' edge.
export const legend = style({
  fontSize: tokens.fontSize.lg,
  fontWeight: 800,
  marginBottom: tokens.space.xs,
  paddingInline: 0,
});

export const select = style({
  width: '100%',
  // As tall as the text inputs beside it (ui/field.css: the page's 1.6 line, 10px padding and a
  // 1px border each side): a select ignores line-height, so 44 alone left it 4px short.
  minHeight: 'calc(1.6em + 22px)',
  padding: `10px ${tokens.space.sm}`,
  borderRadius: tokens.radius.md,
  border: `1px solid ${vars.color.textMuted}`,
  background: vars.color.surface,
  color: vars.color.text,
  fontSize: tokens.fontSize.md,
  selectors: {
    '&[aria-invalid="true"]': { borderColor: vars.color.danger, boxShadow: `0 0 0 1px ${vars.color.danger}` },
    '&:disabled': { opacity: 0.6 },
  },
});

export const checkboxes = style({ display: 'flex', flexWrap: 'wrap', gap: tokens.space.lg });

/* ---------- Stepper ---------- */

export const stepper = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(3, 1fr)',
  gap: tokens.space.xs,
  listStyle: 'none',
  padding: 0,
  margin: 0,
});

export const step = style({
  display: 'grid',
  gap: tokens.space.xs,
  fontSize: tokens.fontSize.xs,
  fontWeight: 800,
  letterSpacing: '0.1em',
  color: vars.color.textMuted,
  selectors: {
    '&::before': {
      content: '""',
      display: 'block',
      height: 6,
      borderRadius: tokens.radius.pill,
      background: vars.color.border,
    },
    '&[data-state="done"]::before, &[data-state="current"]::before': { background: vars.color.primary },
    '&[data-state="current"]': { color: vars.color.primary },
    '&[data-state="done"]': { color: vars.color.text },
  },
});

/* ---------- Tables ---------- */

export const tableWrap = style({
  overflowX: 'auto',
  maxHeight: 500,
  overflowY: 'auto',
  border: `1px solid ${vars.color.border}`,
  borderRadius: tokens.radius.md,
});

export const table = style({ width: '100%', borderCollapse: 'collapse', fontSize: tokens.fontSize.sm });
globalStyle(`${table} th, ${table} td`, {
  textAlign: 'left',
  padding: `${tokens.space.sm} ${tokens.space.md}`,
  borderBottom: `1px solid ${vars.color.border}`,
  whiteSpace: 'nowrap',
});
globalStyle(`${table} th`, {
  background: vars.color.surfaceAlt,
  fontWeight: 700,
  position: 'sticky',
  top: 0,
});
globalStyle(`${table} tbody tr:last-child td`, { borderBottom: 0 });
globalStyle(`${table} tfoot td`, { fontWeight: 800, borderTop: `2px solid ${vars.color.border}` });

/**
 * A table whose rows become cards on a phone: each cell on its own line under its column's name
 * (the cell's data-label), so a row's buttons are on screen instead of past a sideways scroll.
 */
export const cardsOnPhone = style({});
const phone = `screen and (max-width: ${tokens.breakpoint.md - 0.02}px)`;
globalStyle(`${cardsOnPhone}, ${cardsOnPhone} tbody, ${cardsOnPhone} tfoot, ${cardsOnPhone} tr`, {
  '@media': { [phone]: { display: 'block' } },
});
globalStyle(`${cardsOnPhone} thead`, {
  '@media': {
    [phone]: { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clipPath: 'inset(50%)' },
  },
});
globalStyle(`${cardsOnPhone} tr`, {
  '@media': { [phone]: { padding: tokens.space.sm, borderBottom: `1px solid ${vars.color.border}` } },
});
globalStyle(`${cardsOnPhone} td`, {
  '@media': {
    [phone]: {
      display: 'flex',
      justifyContent: 'space-between',
      alignItems: 'center',
      gap: tokens.space.md,
      padding: `${tokens.space.xxs} 0`,
      border: 0,
      whiteSpace: 'normal',
      textAlign: 'right',
    },
  },
});
globalStyle(`${cardsOnPhone} td[data-label]::before`, {
  '@media': {
    [phone]: { content: 'attr(data-label)', fontWeight: 700, color: vars.color.textMuted, textAlign: 'left' },
  },
});

export const rowActions = style({ display: 'flex', gap: tokens.space.xs });

export const empty = style({
  padding: tokens.space.xl,
  textAlign: 'center',
  color: vars.color.textMuted,
  border: `1px dashed ${vars.color.border}`,
  borderRadius: tokens.radius.md,
  display: 'grid',
  gap: tokens.space.xs,
  justifyItems: 'center',
});

/* ---------- Badges, choice cards ---------- */

export const badge = style({
  display: 'inline-flex',
  alignItems: 'center',
  padding: `2px ${tokens.space.xs}`,
  borderRadius: tokens.radius.pill,
  fontSize: tokens.fontSize.xs,
  fontWeight: 800,
  background: vars.color.surfaceAlt,
  color: vars.color.text,
  border: `1px solid ${vars.color.border}`,
  width: 'fit-content',
});
export const badgeWarn = style([
  badge,
  { background: vars.color.accent, color: vars.color.onAccent, borderColor: 'transparent' },
]);
export const badgeGood = style([
  badge,
  { background: vars.color.successSoft, color: vars.color.success, borderColor: vars.color.success },
]);

export const choiceGrid = style({
  display: 'grid',
  gap: tokens.space.md,
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(220px, 100%), 1fr))',
});

export const choice = style({
  display: 'grid',
  gap: tokens.space.xxs,
  textAlign: 'left',
  padding: tokens.space.lg,
  borderRadius: tokens.radius.lg,
  border: `2px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.text,
  cursor: 'pointer',
  font: 'inherit',
  selectors: {
    '&:hover': { borderColor: vars.color.primary, background: vars.color.primarySoft },
    '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: 2 },
  },
});
export const choiceTitle = style({ fontWeight: 800, fontSize: tokens.fontSize.lg });

export const readOnlyValue = style({
  minHeight: 44,
  padding: `10px ${tokens.space.sm}`,
  borderRadius: tokens.radius.md,
  background: vars.color.surfaceAlt,
  fontWeight: 700,
  display: 'flex',
  alignItems: 'center',
});

export const note = style({ fontSize: tokens.fontSize.sm, color: vars.color.textMuted });
export const errorText = style({ fontSize: tokens.fontSize.sm, color: vars.color.danger, fontWeight: 600 });

/* ---------- Poster upload ---------- */

export const dropzone = style({
  display: 'grid',
  placeItems: 'center',
  gap: tokens.space.sm,
  minHeight: 220,
  padding: tokens.space.lg,
  textAlign: 'center',
  borderRadius: tokens.radius.lg,
  border: `2px dashed ${vars.color.textMuted}`,
  background: vars.color.surfaceAlt,
  cursor: 'pointer',
  selectors: {
    '&[data-dragging]': { borderColor: vars.color.primary, background: vars.color.primarySoft },
    '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: 2 },
  },
});

/** An image picker: its label, the drop zone and the button under it, a little apart. */
export const upload = style({ display: 'grid', gap: tokens.space.xs });
export const uploadTrigger = style({ justifySelf: 'start' });

export const preview = style({
  width: '100%',
  maxHeight: 360,
  objectFit: 'contain',
  borderRadius: tokens.radius.md,
  background: vars.color.surfaceAlt,
});

export const thumb = style({
  width: 96,
  height: 96,
  objectFit: 'cover',
  borderRadius: tokens.radius.md,
  background: vars.color.surfaceAlt,
});

export const grow = style({ flex: '1 1 240px', minWidth: 0 });

export const searchRow = style([actionsSpread, { alignItems: 'flex-end' }]);

/** Access codes (decision 036): the code's name in its row (src/ui/rowList.css.ts). */
export const codeName = style({
  margin: 0,
  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace',
  fontWeight: 700,
  overflowWrap: 'anywhere',
});
