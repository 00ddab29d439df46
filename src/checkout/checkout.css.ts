import { globalStyle, style } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { media, tokens, vars } from '../styles/theme.css';

export const page = style({
  width: '100%',
  maxWidth: tokens.maxWidth,
  marginInline: 'auto',
  padding: `${tokens.space.lg} ${tokens.space.md} ${tokens.space.xxl}`,
  display: 'grid',
  gap: tokens.space.lg,
  // Long e-mail addresses and references wrap instead of widening a phone's page.
  overflowWrap: 'anywhere',
  '@media': { [media.md]: { paddingInline: tokens.space.lg } },
});
globalStyle(`${page} > *`, { minWidth: 0 });

export const header = style({ display: 'grid', gap: tokens.space.xxs });
export const eyebrow = style({
  fontSize: tokens.fontSize.sm,
  fontWeight: 700,
  letterSpacing: '0.12em',
  textTransform: 'uppercase',
  color: vars.color.primary,
});
export const title = style({ fontSize: tokens.fontSize.xxl, fontWeight: 800, letterSpacing: '-0.01em' });
export const meta = style({ color: vars.color.textMuted, fontSize: tokens.fontSize.sm });

export const stepper = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gridTemplateColumns: 'repeat(3, 1fr)',
  gap: tokens.space.xs,
  counterReset: 'step',
});
export const stepItem = recipe({
  base: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.space.xs,
    paddingBlock: tokens.space.xs,
    borderTop: `4px solid ${vars.color.border}`,
    fontSize: tokens.fontSize.sm,
    fontWeight: 600,
    color: vars.color.textMuted,
    counterIncrement: 'step',
    selectors: {
      '&::before': {
        content: 'counter(step)',
        display: 'inline-grid',
        placeItems: 'center',
        width: 24,
        height: 24,
        borderRadius: '50%',
        fontSize: tokens.fontSize.xs,
        background: vars.color.surfaceAlt,
        color: vars.color.text,
        flexShrink: 0,
      },
    },
  },
  variants: {
    state: {
      done: { borderTopColor: vars.color.primary, color: vars.color.text },
      current: {
        borderTopColor: vars.color.primary,
        color: vars.color.primary,
        selectors: { '&::before': { background: vars.color.primary, color: vars.color.onPrimary } },
      },
      upcoming: {},
    },
  },
});

export const holdBanner = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: tokens.space.sm,
  padding: `${tokens.space.sm} ${tokens.space.md}`,
  borderRadius: tokens.radius.md,
  background: vars.color.successSoft,
  color: vars.color.text,
  border: `1px solid ${vars.color.success}`,
});
export const countdown = style({
  fontVariantNumeric: 'tabular-nums',
  fontWeight: 800,
  fontSize: tokens.fontSize.lg,
  color: vars.color.success,
  whiteSpace: 'nowrap',
});
export const countdownLow = style({ color: vars.color.danger });

export const layout = style({
  display: 'grid',
  gap: tokens.space.lg,
  alignItems: 'start',
  '@media': { [media.lg]: { gridTemplateColumns: 'minmax(0, 1fr) 360px' } },
});

/** The payment step on a phone: the summary, with its discount code, above the terms and 'Continue'. */
export const summaryFirst = style({});
globalStyle(`${summaryFirst} > aside`, {
  '@media': { [`screen and (max-width: ${tokens.breakpoint.lg - 0.02}px)`]: { order: -1 } },
});

export const card = style({
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: tokens.radius.lg,
  boxShadow: vars.shadow.card,
  padding: tokens.space.lg,
  display: 'grid',
  gap: tokens.space.md,
  minWidth: 0,
});
export const sticky = style({ '@media': { [media.lg]: { position: 'sticky', top: tokens.space.lg } } });

export const cardTitle = style({ fontSize: tokens.fontSize.xl, fontWeight: 800 });
export const subTitle = style({ fontSize: tokens.fontSize.lg, fontWeight: 700 });
export const muted = style({ color: vars.color.textMuted });
export const small = style({ fontSize: tokens.fontSize.sm });

export const ticketList = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: tokens.space.sm,
});
export const ticketRow = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) auto',
  gap: tokens.space.md,
  alignItems: 'center',
  padding: tokens.space.md,
  borderRadius: tokens.radius.md,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.bg,
});
export const ticketName = style({ fontWeight: 700, fontSize: tokens.fontSize.lg });
export const price = style({ fontWeight: 800, color: vars.color.primary });
export const quantitySelect = style({
  minHeight: 44,
  minWidth: 84,
  padding: `8px ${tokens.space.sm}`,
  borderRadius: tokens.radius.md,
  border: `1px solid ${vars.color.textMuted}`,
  background: vars.color.surface,
  color: vars.color.text,
  fontSize: tokens.fontSize.md,
});
export const badge = recipe({
  base: {
    display: 'inline-block',
    padding: `2px ${tokens.space.sm}`,
    borderRadius: tokens.radius.pill,
    fontSize: tokens.fontSize.xs,
    fontWeight: 700,
    whiteSpace: 'nowrap',
  },
  variants: {
    tone: {
      danger: { background: vars.color.dangerSoft, color: vars.color.danger },
      muted: { background: vars.color.surfaceAlt, color: vars.color.textMuted },
      accent: { background: vars.color.accent, color: vars.color.onAccent },
    },
  },
});

export const summaryList = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: tokens.space.xs,
});
export const summaryLine = style({ display: 'flex', justifyContent: 'space-between', gap: tokens.space.md });
export const summaryTotal = style([
  summaryLine,
  {
    borderTop: `1px solid ${vars.color.border}`,
    paddingTop: tokens.space.sm,
    fontWeight: 800,
    fontSize: tokens.fontSize.lg,
  },
]);
export const discountLine = style([summaryLine, { color: vars.color.success }]);

export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: tokens.space.sm,
  justifyContent: 'space-between',
});
export const note = style({
  padding: `${tokens.space.sm} ${tokens.space.md}`,
  borderRadius: tokens.radius.md,
  background: vars.color.surfaceAlt,
  color: vars.color.text,
  fontSize: tokens.fontSize.sm,
});

export const phoneRow = style({
  display: 'grid',
  gridTemplateColumns: '110px minmax(0, 1fr)',
  gap: tokens.space.xs,
  alignItems: 'start',
});
export const fieldset = style({
  border: 0,
  padding: 0,
  margin: 0,
  display: 'grid',
  gap: tokens.space.sm,
  minWidth: 0,
});
export const legend = style({ fontWeight: 700, marginBottom: tokens.space.xs, padding: 0 });
export const radioRow = style({ display: 'flex', gap: tokens.space.lg, alignItems: 'center' });
export const radio = style({ width: 20, height: 20, accentColor: vars.color.primary });
globalStyle(`${radioRow} label`, {
  display: 'inline-flex',
  alignItems: 'center',
  gap: tokens.space.xs,
  cursor: 'pointer',
});
export const attendeeCard = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: tokens.radius.md,
  padding: tokens.space.md,
  display: 'grid',
  gap: tokens.space.sm,
  minWidth: 0,
});
export const discountRow = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) auto',
  gap: tokens.space.xs,
  alignItems: 'start',
});
/** The access code on the selection: field and button side by side, the button below on a phone. */
export const accessRow = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-start',
  gap: tokens.space.xs,
});
export const accessField = style({ flex: '1 1 14rem', minWidth: 0 });
/** Level with the code's input, under its label, whether or not a message shows below it. */
export const applyButton = style({ marginTop: 26 });
export const providerOption = style({
  display: 'flex',
  alignItems: 'center',
  gap: tokens.space.sm,
  padding: tokens.space.md,
  borderRadius: tokens.radius.md,
  border: `2px solid ${vars.color.primary}`,
  background: vars.color.primarySoft,
  fontWeight: 600,
});
export const centred = style({
  display: 'grid',
  justifyItems: 'center',
  textAlign: 'center',
  gap: tokens.space.md,
  paddingBlock: tokens.space.xl,
});
export const bigIcon = style({ width: 64, height: 64 });
export const visuallyHiddenName = style({
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
});
export const quantityField = style({ display: 'grid', gap: tokens.space.xxs, justifyItems: 'end' });

/** Self-service under a confirmed order (OrderSelfService). */
export const selfService = style({ display: 'grid', gap: tokens.space.sm });
export const confirmBox = style({
  display: 'grid',
  gap: tokens.space.sm,
  padding: tokens.space.md,
  borderRadius: tokens.radius.md,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surfaceAlt,
});

export const refundsTitle = style({
  margin: 0,
  fontSize: tokens.fontSize.sm,
  fontWeight: 600,
});
export const refundsList = style({
  margin: `${tokens.space.xs} 0`,
  paddingInlineStart: tokens.space.md,
  display: 'grid',
  gap: tokens.space.xs,
});

export const answers = style({
  fontSize: tokens.fontSize.sm,
  color: vars.color.text,
});
export const answerList = style({
  display: 'grid',
  gap: tokens.space.xs,
  margin: `${tokens.space.xs} 0 0`,
});
globalStyle(`${answerList} dt`, { fontWeight: 600 });
globalStyle(`${answerList} dd`, { margin: 0, overflowWrap: 'anywhere' });
