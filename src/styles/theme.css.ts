import { createGlobalTheme, createThemeContract } from '@vanilla-extract/css';

/** One token contract; light on :root, dark when <body> has the `dark` class. */
export const vars = createThemeContract({
  color: {
    bg: null,
    surface: null,
    surfaceAlt: null,
    text: null,
    textMuted: null,
    border: null,
    primary: null,
    primaryHover: null,
    onPrimary: null,
    primarySoft: null,
    accent: null,
    onAccent: null,
    danger: null,
    dangerSoft: null,
    success: null,
    successSoft: null,
    focus: null,
    overlay: null,
    heroFrom: null,
    heroTo: null,
  },
  shadow: { card: null, raised: null },
});

export const tokens = {
  space: { xxs: '4px', xs: '8px', sm: '12px', md: '16px', lg: '24px', xl: '32px', xxl: '48px', xxxl: '72px' },
  radius: { sm: '6px', md: '10px', lg: '16px', xl: '24px', pill: '999px' },
  font: {
    body: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
    heading: '"Segoe UI", system-ui, -apple-system, Roboto, "Helvetica Neue", Arial, sans-serif',
  },
  fontSize: {
    xs: '0.8125rem',
    sm: '0.875rem',
    md: '1rem',
    lg: '1.125rem',
    xl: '1.375rem',
    xxl: '1.75rem',
    hero: 'clamp(2rem, 5vw, 3.5rem)',
  },
  maxWidth: '1200px',
  breakpoint: { sm: 640, md: 768, lg: 1024, xl: 1280 },
} as const;

export const media = {
  sm: `screen and (min-width: ${tokens.breakpoint.sm}px)`,
  md: `screen and (min-width: ${tokens.breakpoint.md}px)`,
  lg: `screen and (min-width: ${tokens.breakpoint.lg}px)`,
  xl: `screen and (min-width: ${tokens.breakpoint.xl}px)`,
  reducedMotion: '(prefers-reduced-motion: reduce)',
} as const;

// Contrast checked for WCAG AA: text on bg ≥ 7:1, textMuted on bg ≥ 4.5:1, onPrimary on primary ≥ 4.5:1.
/** The two themes' values, exported so a page can show both side by side (the /test gallery). */
export const lightTheme = {
  color: {
    bg: '#f8faf9',
    surface: '#ffffff',
    surfaceAlt: '#eef4f1',
    text: '#111a16',
    textMuted: '#4a5a53',
    border: '#d5e0db',
    primary: '#046c4e',
    primaryHover: '#035a41',
    onPrimary: '#ffffff',
    primarySoft: '#dcf1e8',
    accent: '#b45309',
    onAccent: '#ffffff',
    danger: '#b42318',
    dangerSoft: '#fde8e6',
    success: '#067647',
    successSoft: '#dcfae6',
    focus: '#2563eb',
    overlay: 'rgba(6, 20, 14, 0.72)',
    heroFrom: '#e3f4ec',
    heroTo: '#fdf3e1',
  },
  shadow: {
    card: '0 1px 2px rgba(16, 24, 20, 0.06), 0 4px 16px rgba(16, 24, 20, 0.06)',
    raised: '0 12px 32px rgba(16, 24, 20, 0.14)',
  },
};
createGlobalTheme(':root', vars, lightTheme);

export const darkTheme = {
  color: {
    bg: '#0c1411',
    surface: '#131e19',
    surfaceAlt: '#1a2822',
    text: '#eef5f1',
    textMuted: '#a9bcb3',
    border: '#2b3d35',
    primary: '#3ecf9a',
    primaryHover: '#5fdcae',
    onPrimary: '#06281c',
    primarySoft: '#163a2d',
    accent: '#f5b454',
    onAccent: '#2a1700',
    danger: '#ff8a80',
    dangerSoft: '#3a1a17',
    success: '#6ee7a8',
    successSoft: '#12301f',
    focus: '#8ab4ff',
    overlay: 'rgba(0, 0, 0, 0.72)',
    heroFrom: '#0f231b',
    heroTo: '#241b0d',
  },
  shadow: {
    card: '0 1px 2px rgba(0, 0, 0, 0.4), 0 4px 16px rgba(0, 0, 0, 0.3)',
    raised: '0 12px 32px rgba(0, 0, 0, 0.5)',
  },
};
createGlobalTheme('body.dark', vars, darkTheme);
