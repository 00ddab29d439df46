import { globalStyle, style } from '@vanilla-extract/css';
import { media, tokens, vars } from '../../styles/theme.css';

export { visuallyHidden } from '../../styles/layout.css';

export const page = style({
  width: '100%',
  maxWidth: tokens.maxWidth,
  marginInline: 'auto',
  padding: `${tokens.space.lg} ${tokens.space.md} ${tokens.space.xxl}`,
  '@media': { [media.md]: { paddingInline: tokens.space.lg } },
});

export const hero = style({
  display: 'grid',
  gap: tokens.space.sm,
  padding: `${tokens.space.lg} ${tokens.space.md}`,
  borderRadius: tokens.radius.xl,
  background: `linear-gradient(135deg, ${vars.color.heroFrom}, ${vars.color.heroTo})`,
  border: `1px solid ${vars.color.border}`,
  '@media': { [media.sm]: { padding: tokens.space.lg }, [media.md]: { padding: tokens.space.xl } },
});

export const title = style({
  fontSize: 'clamp(1.625rem, 4vw, 2.5rem)',
  fontWeight: 800,
  letterSpacing: '-0.02em',
  lineHeight: 1.15,
});

export const lead = style({ color: vars.color.textMuted, maxWidth: '60ch' });

export const form = style({
  display: 'grid',
  gap: tokens.space.sm,
  marginTop: tokens.space.sm,
  gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)',
  alignItems: 'end',
  '@media': {
    [media.lg]: {
      gridTemplateColumns: 'minmax(150px, 1fr) minmax(220px, 2fr) minmax(140px, 1fr) minmax(140px, 1fr) auto',
    },
  },
});

export const field = style({
  display: 'grid',
  gap: tokens.space.xxs,
  minWidth: 0,
  gridColumn: 'span 2',
  '@media': { [media.sm]: { gridColumn: 'auto' } },
});
export const queryField = style({ '@media': { [media.sm]: { gridColumn: 'span 1' } } });
globalStyle(`${form} > ${field}:nth-child(3), ${form} > ${field}:nth-child(4)`, { gridColumn: 'auto' });

export const label = style({ fontSize: tokens.fontSize.sm, fontWeight: 700, color: vars.color.text });

export const control = style({
  width: '100%',
  minWidth: 0,
  minHeight: 44,
  padding: `0 ${tokens.space.sm}`,
  borderRadius: tokens.radius.md,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.text,
  font: 'inherit',
  colorScheme: 'light dark',
  selectors: {
    '&:focus-visible': { outline: `3px solid ${vars.color.focus}`, outlineOffset: 1 },
    '&[type="date"]': { paddingInline: tokens.space.xs },
  },
});

export const submitCell = style({ gridColumn: 'span 2', '@media': { [media.lg]: { gridColumn: 'auto' } } });
export const submit = style({ width: '100%', minHeight: 44 });

export const formError = style({
  gridColumn: '1 / -1',
  color: vars.color.danger,
  fontWeight: 600,
  fontSize: tokens.fontSize.sm,
  selectors: { '&:empty': { display: 'none' } },
});

export const results = style({ marginTop: tokens.space.xl, display: 'grid', gap: tokens.space.lg });

export const resultsHeader = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'baseline',
  gap: `${tokens.space.xs} ${tokens.space.md}`,
});
export const resultsTitle = style({ fontSize: tokens.fontSize.xl, fontWeight: 800 });
export const summary = style({ color: vars.color.textMuted, fontSize: tokens.fontSize.sm });

export const textLink = style({
  color: vars.color.primary,
  fontWeight: 700,
  textDecoration: 'underline',
  textUnderlineOffset: 3,
});

export const grid = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: tokens.space.lg,
  gridTemplateColumns: '1fr',
  '@media': {
    [media.md]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
    [media.lg]: { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' },
  },
});
export const gridItem = style({ minWidth: 0 });

export const stateBox = style({
  display: 'grid',
  justifyItems: 'center',
  gap: tokens.space.sm,
  textAlign: 'center',
  padding: `${tokens.space.xxl} ${tokens.space.md}`,
  borderRadius: tokens.radius.lg,
  border: `1px dashed ${vars.color.border}`,
  background: vars.color.surface,
});
export const stateTitle = style({ fontSize: tokens.fontSize.xl, fontWeight: 800 });
export const stateError = style({ color: vars.color.danger, fontWeight: 600 });
export const stateActions = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: tokens.space.md,
  alignItems: 'center',
});

export const pagination = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'center',
  alignItems: 'center',
  gap: tokens.space.sm,
  marginTop: tokens.space.md,
});
export const pageList = style({
  display: 'flex',
  gap: tokens.space.xxs,
  listStyle: 'none',
  margin: 0,
  padding: 0,
});

const pageBox = {
  display: 'inline-grid',
  placeItems: 'center',
  minWidth: 44,
  minHeight: 44,
  paddingInline: tokens.space.sm,
  borderRadius: tokens.radius.md,
  fontWeight: 700,
} as const;

export const pageLink = style({
  ...pageBox,
  color: vars.color.primary,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  selectors: { '&:hover': { background: vars.color.primarySoft } },
});
export const pageLinkDisabled = style({ ...pageBox, color: vars.color.textMuted, opacity: 0.6 });
export const pageNumber = style({
  ...pageBox,
  color: vars.color.text,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  selectors: {
    '&:hover': { background: vars.color.primarySoft },
    '&[aria-current="page"]': {
      background: vars.color.primary,
      color: vars.color.onPrimary,
      borderColor: vars.color.primary,
    },
  },
});
export const pageGap = style({ ...pageBox, color: vars.color.textMuted });

/* ---------- 'Your event is live' (PublishedBanner) ---------- */

export const liveBanner = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: tokens.space.sm,
  padding: tokens.space.md,
  borderRadius: tokens.radius.lg,
  border: `2px solid ${vars.color.primary}`,
  background: vars.color.primarySoft,
  marginBottom: tokens.space.lg,
});
export const liveText = style({ flex: '1 1 16rem', minWidth: 0 });
export const liveTitle = style({ margin: 0, fontWeight: 800, fontSize: tokens.fontSize.lg });
export const liveLead = style({ margin: 0, color: vars.color.text, overflowWrap: 'anywhere' });
export const liveActions = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: tokens.space.xs,
});
export const liveButton = style({
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: 44,
  padding: `0 ${tokens.space.md}`,
  borderRadius: 999,
  border: `2px solid ${vars.color.primary}`,
  background: vars.color.surface,
  color: vars.color.primary,
  fontWeight: 700,
  fontSize: tokens.fontSize.sm,
  textDecoration: 'none',
  cursor: 'pointer',
});
export const liveDismiss = style({
  minWidth: 44,
  minHeight: 44,
  border: 'none',
  background: 'transparent',
  color: vars.color.text,
  fontSize: tokens.fontSize.xl,
  cursor: 'pointer',
});
