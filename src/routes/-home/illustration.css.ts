import { style } from '@vanilla-extract/css';

// The picture is a night scene in both themes; its colours are fixed so it reads the same.
export const svg = style({
  width: '100%',
  height: 'auto',
  borderRadius: 28,
  boxShadow: '0 24px 48px rgba(4, 40, 28, 0.25)',
});
export const confetti = style({ fill: '#fbbf24' });
export const stage = style({ fill: '#f59e0b' });
export const stageBack = style({ fill: '#0f3d2e' });
export const performer = style({ fill: '#fde68a' });
export const performerStroke = style({ stroke: '#fde68a' });
export const person1 = style({ fill: '#0a1f18', color: '#0a1f18' });
export const person2 = style({ fill: '#123528', color: '#123528' });
export const person3 = style({ fill: '#0d2a20', color: '#0d2a20' });
export const ticket = style({ fill: '#ffffff', stroke: '#046c4e', strokeWidth: 2 });
export const ticketPerforation = style({ stroke: '#046c4e', strokeWidth: 2, strokeDasharray: '5 5' });
export const ticketBrand = style({
  fill: '#046c4e',
  fontWeight: 800,
  fontSize: 14,
  letterSpacing: 1,
  fontFamily: 'system-ui, sans-serif',
});
export const ticketText = style({ fill: '#33413b', fontSize: 12, fontFamily: 'system-ui, sans-serif' });
export const qr = style({ fill: '#111a16' });
