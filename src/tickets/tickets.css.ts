import { globalStyle, style } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { tokens, vars } from '../styles/theme.css';

export const grid = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: tokens.space.md,
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(260px, 100%), 1fr))',
});

export const ticket = style({
  display: 'grid',
  justifyItems: 'center',
  gap: tokens.space.xs,
  padding: tokens.space.lg,
  borderRadius: tokens.radius.lg,
  border: `1px dashed ${vars.color.textMuted}`,
  background: vars.color.surface,
  textAlign: 'center',
  breakInside: 'avoid',
});
export const qrFrame = style({
  padding: tokens.space.xs,
  background: '#ffffff',
  borderRadius: tokens.radius.md,
  lineHeight: 0,
});
export const ticketName = style({ fontWeight: 800, fontSize: tokens.fontSize.lg });
export const attendee = style({ color: vars.color.textMuted });
/** The short reference under the QR: big, spaced and monospaced, to be read out or typed at the door. */
export const reference = style({
  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace',
  fontSize: tokens.fontSize.lg,
  fontWeight: 700,
  letterSpacing: '0.08em',
  color: vars.color.text,
  margin: 0,
});
export const referenceLabel = style({
  display: 'block',
  fontFamily: tokens.font.body,
  fontSize: tokens.fontSize.xs,
  fontWeight: 400,
  letterSpacing: 'normal',
  color: vars.color.textMuted,
});
export const mark = recipe({
  base: {
    display: 'inline-block',
    padding: `2px ${tokens.space.sm}`,
    borderRadius: tokens.radius.pill,
    fontSize: tokens.fontSize.xs,
    fontWeight: 800,
    letterSpacing: '0.06em',
    textTransform: 'uppercase',
  },
  variants: {
    tone: {
      test: { background: vars.color.accent, color: vars.color.onAccent },
      revoked: { background: vars.color.dangerSoft, color: vars.color.danger },
      checked: { background: vars.color.successSoft, color: vars.color.success },
    },
  },
});

/** Hidden on paper: buttons and links that only make sense on screen. */
export const noPrint = style({ '@media': { print: { display: 'none' } } });

// Printing a ticket page prints the tickets, not the site's navigation.
globalStyle('body:has([data-printable]) header, body:has([data-printable]) footer', {
  '@media': { print: { display: 'none' } },
});
globalStyle('[data-printable]', {
  '@media': { print: { color: '#000', background: '#fff' } },
});

/** One ticket on its own page: centred, not stretched. */
export const single = style({ gridTemplateColumns: 'minmax(0, 360px)', justifyContent: 'center' });

/** A card's own buttons: side by side, wrapping on a narrow phone. */
export const cardActions = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'center',
  gap: tokens.space.xs,
});

/** The holder's ticket changes under the ticket: transfer, name correction. */
export const changes = style({
  display: 'grid',
  gap: tokens.space.sm,
  width: '100%',
  maxWidth: '32rem',
  margin: `${tokens.space.lg} auto 0`,
  padding: tokens.space.md,
  borderRadius: tokens.radius.lg,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
});
export const changesTitle = style({ margin: 0, fontSize: tokens.fontSize.lg, fontWeight: 800 });
export const changesNote = style({ margin: 0, color: vars.color.textMuted, fontSize: tokens.fontSize.sm });

/** 'Updated …' / 'You are offline…' above a holder's tickets. */
export const updated = style({ margin: 0, color: vars.color.textMuted, fontSize: tokens.fontSize.sm });

/** The ticket check's three answers (decision 058). */
export const checkList = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: tokens.space.xs,
  fontSize: tokens.fontSize.sm,
});
