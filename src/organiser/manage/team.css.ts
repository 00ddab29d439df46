import { style } from '@vanilla-extract/css';

/** A team row's text: long email addresses wrap inside the row on a phone instead of running out. */
export const rowText = style({ minWidth: 0, overflowWrap: 'anywhere' });

/** The "All my events" mark beside a member's role: a little room on each side inside the line. */
export const scope = style({ marginInline: '0.4em', verticalAlign: 'middle' });
