import { style } from '@vanilla-extract/css';
import { tokens, vars } from '../../styles/theme.css';
import * as rowList from '../../ui/rowList.css';

/** The per-ticket-type commissions: a group of the form, not a framed box inside the card. */
export const perType = style({
  border: 'none',
  padding: 0,
  margin: 0,
  minWidth: 0,
  display: 'grid',
  gap: '0.5rem',
});

/** The change form inside a promoter's row: the row's whole width. */
export const editing = style({ flex: '1 1 100%', minWidth: 0 });

/** "Remove Kemi?" with its two buttons, under the row's text on a phone. */
export const confirm = style({ display: 'grid', gap: tokens.space.xs, flex: '1 1 260px' });

/** A removed promoter's row: kept for its figures, quieter than the live ones. */
export const removedRow = style([rowList.row, { background: vars.color.surfaceAlt, borderStyle: 'dashed' }]);
