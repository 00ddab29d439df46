import { style } from '@vanilla-extract/css';
import { tokens, vars } from '../styles/theme.css';

/** The door screen's guest search and the last admission's verdict under it. */
export const search = style({ display: 'grid', gap: tokens.space.xs });
export const verdict = style({ margin: 0, fontSize: tokens.fontSize.sm, color: vars.color.textMuted });
