import { style } from '@vanilla-extract/css';
import { media, tokens, vars } from '../styles/theme.css';

export const shell = style({
  minHeight: '100dvh',
  display: 'grid',
  gridTemplateColumns: '1fr',
  background: vars.color.bg,
  '@media': { [media.lg]: { gridTemplateColumns: 'minmax(0, 5fr) minmax(0, 6fr)' } },
});

/** The carousel column exists only on large screens. */
export const showcase = style({
  display: 'none',
  '@media': {
    [media.lg]: {
      display: 'block',
      position: 'sticky',
      top: 0,
      height: '100dvh',
      padding: tokens.space.md,
    },
  },
});

export const panel = style({
  display: 'flex',
  flexDirection: 'column',
  minWidth: 0,
  paddingInline: tokens.space.md,
  paddingBlock: tokens.space.md,
  '@media': { [media.md]: { paddingInline: tokens.space.xl } },
});

export const topbar = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: tokens.space.sm,
});

export const topbarEnd = style({
  display: 'flex',
  alignItems: 'center',
  gap: tokens.space.xs,
  fontSize: tokens.fontSize.sm,
});

export const cornerPrompt = style({
  color: vars.color.textMuted,
  display: 'none',
  '@media': { [media.sm]: { display: 'inline' } },
});

export const body = style({
  flex: 1,
  display: 'flex',
  alignItems: 'flex-start',
  justifyContent: 'center',
  paddingBlock: tokens.space.xl,
  '@media': { [media.md]: { alignItems: 'center' } },
});

export const card = style({
  width: '100%',
  maxWidth: '440px',
});

export const title = style({
  fontSize: tokens.fontSize.xxl,
  fontWeight: 800,
  lineHeight: 1.2,
  letterSpacing: '-0.01em',
});

export const subtitle = style({
  marginTop: tokens.space.xs,
  color: vars.color.textMuted,
  lineHeight: 1.5,
});

export const content = style({ marginTop: tokens.space.lg });

/** Text pieces of the sign-in pages around their fields. */
export const splitRow = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: tokens.space.sm,
  flexWrap: 'wrap',
  fontSize: tokens.fontSize.sm,
});

export const link = style({
  color: vars.color.primary,
  fontWeight: 600,
  textDecoration: 'none',
  selectors: { '&:hover': { textDecoration: 'underline' } },
});

export const linkButton = style([
  link,
  {
    border: 0,
    background: 'none',
    padding: 0,
    font: 'inherit',
    cursor: 'pointer',
    selectors: { '&:disabled': { opacity: 0.6, cursor: 'not-allowed', textDecoration: 'none' } },
  },
]);

export const footnote = style({
  textAlign: 'center',
  color: vars.color.textMuted,
  fontSize: tokens.fontSize.sm,
});

export const emphasis = style({ color: vars.color.text, fontWeight: 700, overflowWrap: 'anywhere' });

/** Quick checkout first, then signing in under a rule (QuickCheckoutForm, decision 038). */
export const quickBox = style({ display: 'grid', gap: tokens.space.sm });
export const signInBox = style({
  display: 'grid',
  gap: tokens.space.sm,
  marginTop: tokens.space.lg,
  paddingTop: tokens.space.lg,
  borderTop: `1px solid ${vars.color.border}`,
});
export const boxLead = style({ margin: 0, color: vars.color.textMuted, fontSize: tokens.fontSize.sm });
export const quickTitle = style({ fontSize: tokens.fontSize.lg, fontWeight: 800, margin: 0 });
