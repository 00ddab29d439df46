import { style } from '@vanilla-extract/css';
import { media, tokens, vars } from '../../styles/theme.css';

export const section = style({ paddingBlock: tokens.space.xxl });

export const centredHeader = style({
  display: 'grid',
  justifyItems: 'center',
  textAlign: 'center',
  gap: tokens.space.xs,
  marginBottom: tokens.space.xl,
});

export const sectionLead = style({
  color: vars.color.textMuted,
  maxWidth: '60ch',
  fontSize: tokens.fontSize.lg,
});

export const centredActions = style({
  display: 'flex',
  justifyContent: 'center',
  marginTop: tokens.space.xl,
});

/* How it works */
export const steps = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: tokens.space.lg,
  gridTemplateColumns: '1fr',
  '@media': {
    [media.md]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
    [media.lg]: { gridTemplateColumns: 'repeat(4, minmax(0, 1fr))' },
  },
});

export const step = style({
  position: 'relative',
  display: 'grid',
  alignContent: 'start',
  gap: tokens.space.xs,
  padding: tokens.space.lg,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: tokens.radius.lg,
  boxShadow: vars.shadow.card,
});

export const stepNumber = style({
  position: 'absolute',
  top: tokens.space.md,
  right: tokens.space.md,
  fontSize: tokens.fontSize.xxl,
  fontWeight: 800,
  color: vars.color.border,
  lineHeight: 1,
});

export const stepIcon = style({
  width: 48,
  height: 48,
  padding: 10,
  borderRadius: tokens.radius.md,
  background: vars.color.primarySoft,
  color: vars.color.primary,
});

export const stepTitle = style({ fontSize: tokens.fontSize.lg, fontWeight: 700, marginTop: tokens.space.xs });
export const stepText = style({ color: vars.color.textMuted, fontSize: tokens.fontSize.sm });

/* Bands: pricing teaser and newsletter */
export const pricingBand = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: tokens.space.lg,
  padding: `${tokens.space.xl} ${tokens.space.lg}`,
  borderRadius: tokens.radius.xl,
  background: `linear-gradient(120deg, ${vars.color.heroFrom}, ${vars.color.heroTo})`,
  border: `1px solid ${vars.color.border}`,
  '@media': { [media.md]: { padding: `${tokens.space.xxl} ${tokens.space.xxl}` } },
});

export const bandTitle = style({ fontSize: tokens.fontSize.xxl, fontWeight: 800 });
export const bandLead = style({ color: vars.color.textMuted, marginTop: tokens.space.xs, maxWidth: '52ch' });

export const newsletter = style({
  display: 'grid',
  gap: tokens.space.lg,
  padding: `${tokens.space.xl} ${tokens.space.lg}`,
  borderRadius: tokens.radius.xl,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  boxShadow: vars.shadow.card,
  '@media': {
    [media.lg]: {
      gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1.3fr)',
      alignItems: 'center',
      padding: tokens.space.xxl,
    },
  },
});

export const newsletterText = style({ display: 'grid', gap: tokens.space.xs });

export const newsletterForm = style({
  display: 'grid',
  gap: tokens.space.md,
  alignItems: 'start',
  '@media': { [media.md]: { gridTemplateColumns: '1fr 1fr auto' } },
});

export const newsletterButton = style({
  '@media': { [media.md]: { marginTop: 27 } },
});
