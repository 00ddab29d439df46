import { keyframes, style } from '@vanilla-extract/css';
import { type RecipeVariants, recipe } from '@vanilla-extract/recipes';
import { tokens, vars } from '../styles/theme.css';

/** Buttons and button-styled links share one recipe. */
export const button = recipe({
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    gap: tokens.space.xs,
    border: '2px solid transparent',
    borderRadius: tokens.radius.pill,
    fontWeight: 700,
    textDecoration: 'none',
    cursor: 'pointer',
    whiteSpace: 'nowrap',
    transition: 'background-color 150ms, color 150ms, border-color 150ms, transform 150ms',
    selectors: {
      '&:disabled, &[aria-disabled="true"]': { opacity: 0.55, cursor: 'not-allowed' },
      '&:active:not(:disabled)': { transform: 'translateY(1px)' },
    },
  },
  variants: {
    tone: {
      primary: {
        background: vars.color.primary,
        color: vars.color.onPrimary,
        selectors: { '&:hover:not(:disabled)': { background: vars.color.primaryHover } },
      },
      secondary: {
        background: 'transparent',
        color: vars.color.primary,
        borderColor: vars.color.primary,
        selectors: { '&:hover:not(:disabled)': { background: vars.color.primarySoft } },
      },
      // The quiet choice beside a main one ('Change tickets', 'Correct the name', 'Done'): still
      // outlined, so on a phone it reads as something to tap rather than as a line of text.
      ghost: {
        background: vars.color.surface,
        color: vars.color.text,
        borderColor: vars.color.textMuted,
        selectors: { '&:hover:not(:disabled)': { background: vars.color.surfaceAlt } },
      },
      accent: {
        background: vars.color.accent,
        color: vars.color.onAccent,
        selectors: { '&:hover:not(:disabled)': { filter: 'brightness(1.08)' } },
      },
      danger: {
        background: vars.color.danger,
        color: vars.color.surface,
        selectors: { '&:hover:not(:disabled)': { filter: 'brightness(1.08)' } },
      },
    },
    size: {
      // Tap targets: 44 px tall for the usual size (a thumb's width), 36 px for the small one.
      sm: { padding: `6px ${tokens.space.md}`, fontSize: tokens.fontSize.sm, minHeight: 36 },
      md: { padding: `10px ${tokens.space.lg}`, fontSize: tokens.fontSize.md, minHeight: 44 },
      lg: { padding: `14px ${tokens.space.xl}`, fontSize: tokens.fontSize.lg, minHeight: 48 },
    },
    block: { true: { width: '100%' } },
  },
  defaultVariants: { tone: 'primary', size: 'md' },
});

export type ButtonVariants = NonNullable<RecipeVariants<typeof button>>;

const spin = keyframes({ to: { transform: 'rotate(360deg)' } });

export const spinner = style({
  width: '1em',
  height: '1em',
  borderRadius: '50%',
  border: '2px solid currentColor',
  borderRightColor: 'transparent',
  animation: `${spin} 700ms linear infinite`,
  flexShrink: 0,
});
