import { globalStyle, style } from '@vanilla-extract/css';
import { media, tokens, vars } from '../../styles/theme.css';

export const hero = style({
  background: `linear-gradient(135deg, ${vars.color.heroFrom}, ${vars.color.heroTo})`,
  borderBottom: `1px solid ${vars.color.border}`,
});

export const heroInner = style({
  maxWidth: tokens.maxWidth,
  marginInline: 'auto',
  padding: `${tokens.space.xxxl} ${tokens.space.md}`,
  display: 'grid',
  gap: tokens.space.lg,
  alignItems: 'center',
  '@media': {
    [media.md]: { paddingBlock: '96px' },
    [media.lg]: { gridTemplateColumns: 'minmax(0, 3fr) minmax(0, 2fr)' },
  },
});

export const heroText = style({ display: 'grid', gap: tokens.space.lg, justifyItems: 'start' });

/** The phone-and-ticket drawing: only where there is room beside the text. */
export const heroArt = style({
  display: 'none',
  width: '100%',
  maxWidth: 420,
  justifySelf: 'end',
  '@media': { [media.lg]: { display: 'block' } },
});

export const heroEyebrow = style({
  fontWeight: 700,
  fontSize: tokens.fontSize.sm,
  letterSpacing: '0.12em',
  textTransform: 'uppercase',
  color: vars.color.primary,
});

export const heroTitle = style({
  fontSize: tokens.fontSize.hero,
  fontWeight: 800,
  maxWidth: '16ch',
  letterSpacing: '-0.02em',
});

export const heroBlurb = style({
  fontSize: tokens.fontSize.lg,
  color: vars.color.textMuted,
  maxWidth: '56ch',
});

export const heroActions = style({ display: 'flex', gap: tokens.space.sm, flexWrap: 'wrap' });

export const eventsSection = style({ paddingBlock: tokens.space.xxl, scrollMarginTop: 80 });

export const sectionHeader = style({ display: 'grid', gap: tokens.space.xxs });

export const error = style({
  marginTop: tokens.space.lg,
  color: vars.color.danger,
  background: vars.color.dangerSoft,
  padding: `${tokens.space.sm} ${tokens.space.md}`,
  borderRadius: tokens.radius.md,
  fontWeight: 600,
});
export const offline = style({
  marginTop: tokens.space.lg,
  color: vars.color.textMuted,
});
export const empty = style({
  marginTop: tokens.space.lg,
  display: 'flex',
  flexWrap: 'wrap',
  gap: tokens.space.md,
  alignItems: 'center',
  color: vars.color.textMuted,
});

export const secondHero = style({
  display: 'grid',
  gap: tokens.space.xl,
  alignItems: 'center',
  paddingBlock: tokens.space.xxxl,
  '@media': {
    [media.lg]: { gridTemplateColumns: 'minmax(0, 1.05fr) minmax(0, 1fr)', gap: tokens.space.xxl },
  },
});

export const secondHeroText = style({ display: 'grid', gap: tokens.space.md, justifyItems: 'start' });

export const secondHeroTitle = style({
  fontSize: 'clamp(1.75rem, 3.6vw, 2.75rem)',
  fontWeight: 800,
  letterSpacing: '-0.01em',
});

export const secondHeroBlurb = style({
  color: vars.color.textMuted,
  fontSize: tokens.fontSize.lg,
  maxWidth: '56ch',
});

export const heroPoints = style({
  listStyle: 'none',
  padding: 0,
  margin: 0,
  display: 'grid',
  gap: tokens.space.xs,
  fontWeight: 600,
});

export const secondHeroArt = style({ maxWidth: 560, width: '100%', justifySelf: 'center' });

globalStyle(`${heroPoints} li`, { display: 'flex', gap: tokens.space.xs, alignItems: 'center' });
globalStyle(`${heroPoints} li::before`, {
  content: '"✓"',
  display: 'inline-grid',
  placeItems: 'center',
  width: 22,
  height: 22,
  borderRadius: '50%',
  background: vars.color.primarySoft,
  color: vars.color.primary,
  fontSize: tokens.fontSize.xs,
  fontWeight: 800,
});

/**
 * Cards before Swiper loads: the same row the carousel shows (cards per view, spacing, the arrows'
 * height above), every card in the page, the ones beyond the view clipped. So nothing moves when
 * the carousel takes over.
 */
const staticRow = style({
  display: 'grid',
  gridAutoFlow: 'column',
  overflow: 'hidden',
  marginTop: tokens.space.lg,
  // Where the carousel's arrows (44 px + 12 px margin) will be.
  paddingTop: `calc(56px + ${tokens.space.xs})`,
  paddingBottom: tokens.space.md,
});

const perView = (n: number, gap: number) => ({
  gap,
  gridAutoColumns: `calc((100% - ${(n - 1) * gap}px) / ${n})`,
});

export const staticCards = {
  trending: style([
    staticRow,
    {
      ...perView(1, 10),
      '@media': { [media.md]: perView(2, 10), [media.lg]: perView(3, 10) },
    },
  ]),
  new: style([
    staticRow,
    {
      ...perView(1, 20),
      '@media': { [media.md]: perView(2, 20), [media.xl]: perView(3, 20) },
    },
  ]),
};
