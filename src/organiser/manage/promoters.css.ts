import { style } from '@vanilla-extract/css';

/** The per-ticket-type commissions: a group of the form, not a framed box inside the card. */
export const perType = style({
  border: 'none',
  padding: 0,
  margin: 0,
  minWidth: 0,
  display: 'grid',
  gap: '0.5rem',
});
