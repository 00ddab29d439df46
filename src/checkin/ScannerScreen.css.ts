import { style, styleVariants } from '@vanilla-extract/css';
import { media, tokens, vars } from '../styles/theme.css';

export const screen = style({
  minHeight: '100dvh',
  display: 'flex',
  flexDirection: 'column',
  gap: tokens.space.sm,
  padding: tokens.space.sm,
  maxWidth: '720px',
  marginInline: 'auto',
  background: vars.color.bg,
  color: vars.color.text,
  '@media': { [media.md]: { padding: tokens.space.lg, gap: tokens.space.md } },
});

export const topBar = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: tokens.space.xs,
});

export const titleBlock = style({ minWidth: 0 });
export const eventName = style({
  margin: 0,
  fontSize: tokens.fontSize.lg,
  fontFamily: tokens.font.heading,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});
export const gate = style({ margin: 0, color: vars.color.textMuted, fontSize: tokens.fontSize.sm });

export const pills = style({ display: 'flex', flexWrap: 'wrap', gap: tokens.space.xs, alignItems: 'center' });
const pillBase = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: tokens.space.xxs,
  borderRadius: tokens.radius.pill,
  padding: `2px ${tokens.space.sm}`,
  fontSize: tokens.fontSize.sm,
  fontWeight: 600,
});
export const pill = styleVariants({
  online: [pillBase, { background: vars.color.successSoft, color: vars.color.success }],
  offline: [pillBase, { background: vars.color.dangerSoft, color: vars.color.danger }],
  pending: [pillBase, { background: vars.color.surfaceAlt, color: vars.color.text }],
});

export const counters = style({
  display: 'grid',
  gap: tokens.space.xs,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: tokens.radius.lg,
  padding: tokens.space.sm,
});
export const bigCount = style({ margin: 0, fontSize: tokens.fontSize.xxl, fontWeight: 700, lineHeight: 1.1 });
export const countLabel = style({
  color: vars.color.textMuted,
  fontSize: tokens.fontSize.sm,
  fontWeight: 400,
});
export const typeCounts = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: tokens.space.xs,
  margin: 0,
  padding: 0,
  listStyle: 'none',
  fontSize: tokens.fontSize.sm,
});
export const typeCount = style({
  background: vars.color.surfaceAlt,
  borderRadius: tokens.radius.sm,
  padding: `2px ${tokens.space.xs}`,
});

const resultBase = style({
  borderRadius: tokens.radius.lg,
  padding: tokens.space.md,
  display: 'grid',
  gap: tokens.space.xxs,
  border: '2px solid transparent',
});
export const result = styleVariants({
  good: [resultBase, { background: vars.color.successSoft, borderColor: vars.color.success }],
  warn: [resultBase, { background: vars.color.heroTo, borderColor: vars.color.accent }],
  bad: [resultBase, { background: vars.color.dangerSoft, borderColor: vars.color.danger }],
});
export const resultTitle = style({ margin: 0, fontSize: tokens.fontSize.xl, fontWeight: 800 });
export const resultTitleTone = styleVariants({
  good: { color: vars.color.success },
  warn: { color: vars.color.accent },
  bad: { color: vars.color.danger },
});
export const attendee = style({
  margin: 0,
  fontSize: tokens.fontSize.lg,
  fontWeight: 700,
  color: vars.color.text,
});
export const detail = style({ margin: 0, color: vars.color.text, fontSize: tokens.fontSize.sm });
export const resultActions = style({
  display: 'flex',
  gap: tokens.space.xs,
  marginTop: tokens.space.xs,
  flexWrap: 'wrap',
});

export const camera = style({
  position: 'relative',
  borderRadius: tokens.radius.lg,
  overflow: 'hidden',
  background: '#0b0f0d',
  aspectRatio: '4 / 3',
  maxHeight: '42vh',
  width: '100%',
});
export const video = style({
  width: '100%',
  height: '100%',
  objectFit: 'cover',
  selectors: { '&[data-on="false"]': { visibility: 'hidden' } },
});
export const cameraIdle = style({
  position: 'absolute',
  inset: 0,
  display: 'grid',
  placeItems: 'center',
  alignContent: 'center',
  gap: tokens.space.sm,
  padding: tokens.space.md,
  color: '#eef5f1',
  textAlign: 'center',
});
export const cameraProblem = style({ margin: 0, maxWidth: '32ch' });
export const cameraStop = style({
  position: 'absolute',
  right: tokens.space.xs,
  bottom: tokens.space.xs,
  background: 'rgba(0,0,0,0.55)',
  color: '#fff',
});

export const manual = style({ display: 'flex', gap: tokens.space.xs, alignItems: 'flex-end' });
export const manualField = style({ flex: 1, minWidth: 0 });

export const panel = style({
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: tokens.radius.lg,
  padding: tokens.space.sm,
  display: 'grid',
  gap: tokens.space.xs,
});
export const panelTitle = style({ margin: 0, fontSize: tokens.fontSize.md, fontWeight: 700 });
export const list = style({
  margin: 0,
  paddingLeft: tokens.space.md,
  display: 'grid',
  gap: tokens.space.xxs,
  fontSize: tokens.fontSize.sm,
});
export const muted = style({ color: vars.color.textMuted, fontSize: tokens.fontSize.sm, margin: 0 });
export const notice = style({
  margin: 0,
  fontSize: tokens.fontSize.sm,
  color: vars.color.success,
  fontWeight: 600,
});
