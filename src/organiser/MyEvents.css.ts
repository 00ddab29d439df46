import { style } from '@vanilla-extract/css';
import { tokens, vars } from '../styles/theme.css';
import { pill } from '../ui/pill.css';

export const section = style({ display: 'grid', gap: tokens.space.md });
export const heading = style({ fontSize: tokens.fontSize.xl, fontWeight: 800 });
export const error = style({ color: vars.color.danger, fontWeight: 600 });
export const offline = style({ color: vars.color.textMuted });

export const grid = style({
  listStyle: 'none',
  padding: 0,
  margin: 0,
  display: 'grid',
  gap: tokens.space.lg,
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(240px, 100%), 1fr))',
});

const cardBase = style({
  display: 'grid',
  height: '100%',
  borderRadius: tokens.radius.lg,
  overflow: 'hidden',
  textDecoration: 'none',
  color: vars.color.text,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  boxShadow: vars.shadow.card,
  transition: 'transform 150ms, box-shadow 150ms',
  selectors: {
    '&:hover': { transform: 'translateY(-2px)', boxShadow: vars.shadow.raised },
    '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: 2 },
  },
  '@media': { '(prefers-reduced-motion: reduce)': { transition: 'none' } },
});

export const card = style([cardBase, { gridTemplateRows: 'auto 1fr' }]);

export const createCard = style([
  cardBase,
  {
    minHeight: 240,
    placeContent: 'center',
    justifyItems: 'center',
    gap: tokens.space.sm,
    fontWeight: 800,
    border: `2px dashed ${vars.color.primary}`,
    color: vars.color.primary,
    background: vars.color.primarySoft,
    boxShadow: 'none',
  },
]);

export const plus = style({ fontSize: '2.5rem', lineHeight: 1 });

export const image = style({
  width: '100%',
  height: 'auto',
  aspectRatio: '16 / 10',
  objectFit: 'cover',
  display: 'block',
});

export const body = style({
  display: 'grid',
  gap: tokens.space.xxs,
  padding: tokens.space.md,
  alignContent: 'start',
});
export const name = style({ fontWeight: 800, fontSize: tokens.fontSize.lg });
export const meta = style({ color: vars.color.textMuted, fontSize: tokens.fontSize.sm });
export const draft = style([
  pill,
  { width: 'fit-content', background: vars.color.accent, color: vars.color.onAccent },
]);
