import { RESET_NOT_VERIFIED } from '../../../contract/users';

/** Every message the accounts API sends, word for word (the SPA shows them as they are). */
export const MESSAGES = {
  registered: 'Registration successful! Please check your email to verify your account.',
  emailTaken: 'An account with this email already exists.',
  quickEmailTaken:
    'An account with this email already exists. Sign in to get your tickets: your choice is kept.',
  quickLinkSent:
    'We sent a link to this email before: open it to set your password, then sign in. We have sent it again.',
  passwordSet: 'Your password is set and your email is confirmed. You are signed in.',
  usernameTaken: 'This username is already taken.',
  invalidLink: 'Invalid verification link.',
  unknownLink: 'This verification link is invalid. Please request a new one.',
  usedLink: 'This verification link has already been used.',
  expiredLink: 'This verification link has expired. Please request a new one.',
  emailVerified: 'Email verified successfully!',
  newEmailConfirmed: 'Your new email address is confirmed. Use it to sign in from now on.',
  verificationSent: 'Verification email sent successfully!',
  loggedIn: 'Login successful!',
  unverified: 'Please verify your email before logging in.',
  badCredentials: 'Invalid email or password.',
  notYourProfile: 'You can only update your own profile.',
  profileUpdated: 'Profile updated successfully!',
  loggedOut: 'You have been signed out.',
  codeSent:
    "If an account exists for this email, we've sent a 6-digit code to it. The code expires in 5 minutes.",
  invalidOtp: 'Invalid or expired OTP.',
  expiredOtp: 'This code has expired. Please request a new code.',
  deadOtp: 'Too many incorrect attempts. Please request a new code.',
  otpVerified: 'Code verified! You can now set a new password.',
  resetNotVerified: RESET_NOT_VERIFIED,
  resetWindowPassed: 'Your code verification has expired. Please request a new code.',
  passwordReset: 'Password reset successfully! You can now sign in with your new password.',
  wrongCurrentPassword: 'Current password is incorrect.',
  passwordChanged: 'Password changed successfully! Your other sessions have been signed out.',
  sessionNotFound: 'Session not found.',
  sessionEnded: 'Session signed out.',
  settingsSaved: 'Settings saved.',
  wrongPassword: 'Password is incorrect.',
  hasUpcomingSales:
    "You can't delete your account while you have upcoming events with ticket sales. Cancel those events (their buyers are refunded) or wait until they are over, then try again.",
  refundInProgress:
    "You can't delete your account while a refund is in progress on your orders or events. Please try again once it has been completed.",
  accountDeleted: 'Your account has been deleted.',
} as const;

/** Wrong tries of one code from one address. */
export const OTP_MAX_ATTEMPTS = 5;
/** Wrong tries of one code from all addresses together: the hard bound on guessing one code. */
export const OTP_CODE_MAX_FAILURES = 25;
export const OTP_MINUTES = 5;
export const RESET_WINDOW_MINUTES = 10;
export const LINK_HOURS = 24;
