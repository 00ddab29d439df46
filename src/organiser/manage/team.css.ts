import { style } from '@vanilla-extract/css';

/** A team row's text: long email addresses wrap inside the row on a phone instead of running out. */
export const rowText = style({ minWidth: 0, overflowWrap: 'anywhere' });
