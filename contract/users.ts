import * as z from 'zod/mini';
import { idParam, uuid } from './common';
import { hasControlCharacters, TEXT_LIMITS, text } from './text';

/**
 * Account requests and answers. The messages are the spec's, word for word: the
 * SPA shows them next to fields and the server sends the same ones in its 400 answers.
 */

export const PASSWORD_SPECIALS = `!@#$%^&*()_+-=[]{};':"\\|,.<>/?`;
const specialPattern = /[!@#$%^&*()_+\-=[\]{};':"\\|,.<>/?]/;

/** At most 254 characters (RFC 5321), so an address always fits its unique index and a bucket key. */
export const emailField = text({
  label: 'Email',
  max: TEXT_LIMITS.email,
  required: true,
  requiredMessage: 'Invalid email address',
}).check(z.email('Invalid email address'));

const PASSWORD_TOO_LONG = `Password must be at most ${TEXT_LIMITS.password} characters long`;

/**
 * A password-like string: never trimmed (a space is part of a password), bounded, and under the
 * shared control-character rule; its checks run only on text.
 */
const secret = (missing: string, ...checks: Parameters<ReturnType<typeof z.string>['check']>) =>
  z.pipe(
    z.string({ error: (issue) => (issue.input === undefined ? missing : 'Password must be text') }),
    z.string().check(
      z.maxLength(TEXT_LIMITS.password, PASSWORD_TOO_LONG),
      z.refine((p) => !hasControlCharacters(p), 'Password contains characters that are not allowed'),
      ...checks,
    ),
  );

/** A new password (at least 8 characters, a number and a special character). */
export const passwordField = secret(
  'Password must be at least 8 characters long',
  z.minLength(8, 'Password must be at least 8 characters long'),
  z.refine(
    (p) => /\d/.test(p) && specialPattern.test(p),
    'Password must contain a number and a special character',
  ),
);

/** A password typed to prove who you are (sign-in, delete account): required and bounded, nothing more. */
export const passwordProof = secret('Password is required', z.minLength(1, 'Password is required'));

/** The repeated password: only compared with the first, but bounded like it. */
const passwordRepeat = secret('Passwords do not match');

const nameField = (label: string) =>
  text({ label, max: TEXT_LIMITS.name, required: true, requiredMessage: `${label} is required` });

export const USERNAME_MAX = 30;
export const usernameField = text({
  label: 'Username',
  max: USERNAME_MAX,
  required: true,
  requiredMessage: 'Username must be at least 3 characters long',
}).check(
  z.minLength(3, 'Username must be at least 3 characters long'),
  z.regex(/^[A-Za-z0-9._-]*$/, 'Username can only contain letters, numbers, dots, dashes and underscores'),
);

const matchingPasswords = <T extends { confirmPassword: string }>(key: keyof T) =>
  z.refine<T>((d) => d[key] === d.confirmPassword, {
    message: 'Passwords do not match',
    path: ['confirmPassword'],
  });

export const registerRequest = z
  .object({
    firstName: nameField('First name'),
    lastName: nameField('Last name'),
    username: usernameField,
    email: emailField,
    password: passwordField,
    confirmPassword: passwordRepeat,
  })
  .check(matchingPasswords('password'));
export type RegisterRequest = z.infer<typeof registerRequest>;

export const loginRequest = z.object({
  email: emailField,
  password: passwordProof,
  /** 'Remember me': false → the session lasts 24 h, true → 30 days. */
  rememberMe: z.optional(z.boolean({ error: 'Remember me must be true or false' })),
});
export type LoginRequest = z.infer<typeof loginRequest>;

export const emailRequest = z.object({ email: emailField });

export const otpRequest = z.object({
  email: emailField,
  otp: z
    .string({ error: 'OTP must be exactly 6 digits' })
    .check(z.regex(/^\d{6}$/, 'OTP must be exactly 6 digits')),
});

/** Said for a missing, malformed, used, expired or someone else's reset token alike. */
export const RESET_NOT_VERIFIED = 'Please verify the code sent to your email before resetting your password.';

/**
 * The one-time token the right code earns (32 random bytes, base64url): setting the new password
 * needs it, so knowing the email is not enough. It travels in the SPA's history state, never a URL.
 */
export const resetTokenField = z
  .string({ error: RESET_NOT_VERIFIED })
  .check(z.regex(/^[A-Za-z0-9_-]{43}$/, RESET_NOT_VERIFIED));

export const resetPasswordRequest = z.object({
  email: emailField,
  resetToken: resetTokenField,
  newPassword: passwordField,
});

/** verify-otp's answer: the message and the reset token for the next step. */
export const otpVerifiedResponse = z.object({ message: z.string(), resetToken: z.string() });

export const updateProfileRequest = z.object({
  firstName: nameField('First name'),
  lastName: nameField('Last name'),
  username: usernameField,
  email: emailField,
});
export type UpdateProfileRequest = z.infer<typeof updateProfileRequest>;

export const changePasswordRequest = z
  .object({
    currentPassword: passwordProof,
    newPassword: passwordField,
    confirmPassword: passwordRepeat,
  })
  .check(matchingPasswords('newPassword'));

export const deleteAccountRequest = z.object({ password: passwordProof });

export const INACTIVITY_MINUTES = [5, 10, 15, 30] as const;
export const sessionSettingsRequest = z.object({
  inactivityMinutes: z.optional(
    z.union([z.literal(5), z.literal(10), z.literal(15), z.literal(30)], {
      error: `Timeout must be ${INACTIVITY_MINUTES.join(', ')} minutes`,
    }),
  ),
  concurrentSessions: z.optional(z.boolean({ error: 'Concurrent sessions must be true or false' })),
});

/** The session user as the SPA stores it in localStorage under `user` (`_id`, which older clients also read as `id`). */
export const publicUser = z.object({
  _id: uuid,
  id: uuid,
  firstName: z.string(),
  lastName: z.string(),
  username: z.string(),
  email: z.string(),
  /** A changed email waiting for its verification link, or null. */
  pendingEmail: z.nullable(z.string()),
  /** The idle minutes in force: the account's choice, or its role's default (decision 053 §5). */
  inactivityMinutes: z.number(),
  /** False while no Timeouts choice was made (the role's default applies: attendee 30, organiser 15). */
  inactivityChosen: z.boolean(),
  concurrentSessions: z.boolean(),
});
export type PublicUser = z.infer<typeof publicUser>;

export const messageResponse = z.object({ message: z.string() });
export const loginResponse = z.object({
  token: z.string(),
  user: publicUser,
  message: z.optional(z.string()),
});
export const userResponse = z.object({ user: publicUser, message: z.optional(z.string()) });
export const userIdParams = z.object({ id: idParam('User id') });

export const sessionInfo = z.object({
  id: uuid,
  device: z.string(),
  ip: z.nullable(z.string()),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  expiresAt: z.string(),
  current: z.boolean(),
});
export const sessionList = z.object({ sessions: z.array(sessionInfo) });

/** GET /api/users/verify-email?token=…: a missing or empty token is 'Invalid verification link.' */
export const verifyEmailQuery = z.object({
  token: z.optional(text({ label: 'Verification link', max: TEXT_LIMITS.id })),
});
export const sessionIdParams = z.object({ sessionId: idParam('Session id') });
export type SessionInfo = z.infer<typeof sessionInfo>;
export type SessionSettingsRequest = z.infer<typeof sessionSettingsRequest>;

/* ---------- Quick checkout (decision 038) ---------- */

/**
 * A signed-out buyer goes on with a name and an email: POST /api/users/quick-checkout makes an account
 * without a password for an email no account has, and answers like a sign-in (`loginResponse`).
 * An email that has an account gets 409 and the buyer signs in (place kept). The ticket email carries a
 * link to /set-password#token=… (POST /api/users/set-password), which verifies the address, sets the
 * password, ends every other session and signs in.
 */
export const quickCheckoutRequest = z.object({
  firstName: nameField('First name'),
  lastName: nameField('Last name'),
  email: emailField,
});
export type QuickCheckoutRequest = z.infer<typeof quickCheckoutRequest>;

export const setPasswordRequest = z
  .object({
    token: text({ label: 'Link', max: 200, required: true, requiredMessage: 'This link is incomplete.' }),
    password: passwordField,
    confirmPassword: passwordRepeat,
  })
  .check(matchingPasswords('password'));
export type SetPasswordRequest = z.infer<typeof setPasswordRequest>;

/**
 * What a device hears on its next request after its owner changed the password elsewhere (which
 * signs every other device out); the SPA shows it on the sign-in page.
 */
export const SIGNED_OUT_BY_PASSWORD =
  'You were signed out because your password was changed. Sign in with the new password.';
