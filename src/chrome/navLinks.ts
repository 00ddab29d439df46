/** Main navigation. "My Profile" joins them only when a token is stored. */
export const NAV_LINKS = [
  { to: '/events/all', label: 'Events' },
  { to: '/pricing', label: 'Pricing' },
  { to: '/about', label: 'About' },
  { to: '/contact', label: 'Contact' },
] as const;

/**
 * The pages framed by AuthLayout (its own logo, theme toggle and corner link) show neither the
 * navigation bar nor the footer: with both, the page had two headers.
 */
export const CHROMELESS_PATHS = [
  '/login',
  '/signup',
  '/forgot-password',
  '/reset-password',
  '/forgot-password/email-code',
  '/check-email',
  '/verify-email',
  '/set-password',
  '/team/accept',
];

export function isChromeless(pathname: string): boolean {
  const normalised = pathname.replace(/\/+$/, '') || '/';
  // The door scanner is full-screen: staff on a phone need every pixel for the camera and result.
  return CHROMELESS_PATHS.includes(normalised) || normalised.startsWith('/checkin/');
}
