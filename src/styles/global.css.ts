import { globalStyle } from '@vanilla-extract/css';
import { media, tokens, vars } from './theme.css';

globalStyle('*, *::before, *::after', { boxSizing: 'border-box' });
globalStyle('html', { colorScheme: 'light', WebkitTextSizeAdjust: '100%' });
globalStyle('body.dark', { colorScheme: 'dark' });
// Sections slide in from the sides (src/motion/reveal.css.ts): until they have, their offset must not
// widen the page, or a phone scrolls sideways. `clip`, not `hidden`: no scroll box, sticky still works.
globalStyle('main', { overflowX: 'clip' });
globalStyle('body', {
  margin: 0,
  fontFamily: tokens.font.body,
  fontSize: tokens.fontSize.md,
  lineHeight: 1.6,
  background: vars.color.bg,
  color: vars.color.text,
  WebkitFontSmoothing: 'antialiased',
});
globalStyle('h1, h2, h3, h4', { fontFamily: tokens.font.heading, lineHeight: 1.2, margin: 0 });
globalStyle('p', { margin: 0 });
globalStyle('img', { maxWidth: '100%', display: 'block' });
globalStyle('a', { color: vars.color.primary });
globalStyle('button, input, select, textarea', { font: 'inherit', color: 'inherit' });
// Focus is always visible for keyboard users, in both themes.
globalStyle(':focus-visible', { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' });
globalStyle('::selection', { background: vars.color.primarySoft });
globalStyle('*, *::before, *::after', {
  '@media': {
    [media.reducedMotion]: {
      animationDuration: '0.01ms !important',
      transitionDuration: '0.01ms !important',
    },
  },
});
// No global `scroll-behavior: smooth`: every programmatic scroll (focus, scrollIntoView, route
// changes) would animate too, and elements kept moving under automated clicks (a flaky FAQ test).
