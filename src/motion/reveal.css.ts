import { createVar, style, styleVariants } from '@vanilla-extract/css';
import { media } from '../styles/theme.css';

/** Per-element delay (card stagger: 0.2 s per index) and duration (0.4–1 s, so nothing waits long to appear). */
export const delayVar = createVar();
export const durationVar = createVar();

/**
 * Content is visible by default. Only once the observer has seen an element outside the viewport
 * does it get data-reveal="out" (hidden, offset); entering sets "in" and it transitions into place.
 * So a page without JS, or a test that never scrolls, still shows everything; reduced motion skips
 * it all (the observer is never started).
 */
export const base = style({
  vars: { [delayVar]: '0s', [durationVar]: '0.6s' },
  '@media': {
    [`${media.reducedMotion}`]: { transition: 'none' },
    '(prefers-reduced-motion: no-preference)': {
      transition: `opacity ${durationVar} ease-out ${delayVar}, transform ${durationVar} ease-out ${delayVar}`,
    },
  },
  selectors: { '&[data-reveal="out"]': { opacity: 0, transitionDelay: '0s' } },
});

export const variants = styleVariants({
  fade: {},
  up: { selectors: { '&[data-reveal="out"]': { transform: 'translateY(32px)' } } },
  left: { selectors: { '&[data-reveal="out"]': { transform: 'translateX(-40px)' } } },
  right: { selectors: { '&[data-reveal="out"]': { transform: 'translateX(40px)' } } },
  zoom: { selectors: { '&[data-reveal="out"]': { transform: 'scale(0.94)' } } },
});
