import { style, styleVariants } from '@vanilla-extract/css';
import { tokens } from '../styles/theme.css';

export const frame = style({
  height: '100%',
  borderRadius: tokens.radius.xl,
  overflow: 'hidden',
  position: 'relative',
});

const slideBase = style({
  position: 'relative',
  height: '100%',
  minHeight: '100%',
  display: 'flex',
  alignItems: 'flex-start',
  padding: tokens.space.xxl,
  paddingTop: '18%',
  color: '#fff',
  overflow: 'hidden',
});

// Fixed colours: the slides are pictures, the same in both themes; white text on each passes AA.
export const slide = styleVariants({
  a: [slideBase, { background: 'linear-gradient(160deg, #035a41 0%, #046c4e 45%, #0b3d2e 100%)' }],
  b: [slideBase, { background: 'linear-gradient(160deg, #7a3a06 0%, #9a4a07 45%, #3d1d03 100%)' }],
  c: [slideBase, { background: 'linear-gradient(160deg, #1e3a5f 0%, #274b7a 45%, #0f1f33 100%)' }],
});

export const art = style({ position: 'absolute', inset: 0, width: '100%', height: '100%' });

export const caption = style({
  position: 'relative',
  maxWidth: '18ch',
  fontSize: 'clamp(1.75rem, 2.6vw, 2.5rem)',
  fontWeight: 800,
  lineHeight: 1.15,
  letterSpacing: '-0.01em',
  textShadow: '0 2px 16px rgba(0,0,0,0.35)',
  zIndex: 1,
});

export const swiper = style({
  height: '100%',
  vars: {
    '--swiper-pagination-color': '#ffffff',
    '--swiper-pagination-bullet-inactive-color': '#ffffff',
    '--swiper-pagination-bullet-inactive-opacity': '0.5',
    '--swiper-pagination-bottom': '24px',
  },
});
