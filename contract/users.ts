import * as z from 'zod/mini';
import { uuid } from './common';

/**
 * Account requests and answers (spec §5, §7). The messages are the spec's, word for word: the
 * SPA shows them next to fields and the server sends the same ones in its 400 answers.
 */

export const PASSWORD_SPECIALS = `!@#$%^&*()_+-=[]{};':"\\|,.<>/?`;
const specialPattern = /[!@#$%^&*()_+\-=[\]{};':"\\|,.<>/?]/;

export const emailField = z
  .string({ error: 'Invalid email address' })
  .check(z.trim(), z.email('Invalid email address'));

export const passwordField = z.string({ error: 'Password must be at least 8 characters long' }).check(
  z.minLength(8, 'Password must be at least 8 characters long'),
  z.maxLength(128, 'Password must be at most 128 characters long'),
  z.refine(
    (p) => /\d/.test(p) && specialPattern.test(p),
    'Password must contain a number and a special character',
  ),
);

const nameField = (message: string) =>
  z
    .string({ error: message })
    .check(z.trim(), z.minLength(1, message), z.maxLength(60, 'Names can be at most 60 characters long'));

export const usernameField = z
  .string({ error: 'Username must be at least 3 characters long' })
  .check(
    z.trim(),
    z.minLength(3, 'Username must be at least 3 characters long'),
    z.maxLength(30, 'Username can be at most 30 characters long'),
    z.regex(/^[A-Za-z0-9._-]+$/, 'Username can only contain letters, numbers, dots, dashes and underscores'),
  );

const matchingPasswords = <T extends { confirmPassword: string }>(key: keyof T) =>
  z.refine<T>((d) => d[key] === d.confirmPassword, {
    message: 'Passwords do not match',
    path: ['confirmPassword'],
  });

export const registerRequest = z
  .object({
    firstName: nameField('First name is required'),
    lastName: nameField('Last name is required'),
    username: usernameField,
    email: emailField,
    password: passwordField,
    confirmPassword: z.string({ error: 'Passwords do not match' }),
  })
  .check(matchingPasswords('password'));
export type RegisterRequest = z.infer<typeof registerRequest>;

export const loginRequest = z.object({
  email: emailField,
  password: z.string({ error: 'Password is required' }).check(z.minLength(1, 'Password is required')),
  /** 'Remember me': false → the session lasts 24 h, true → 30 days. */
  rememberMe: z.optional(z.boolean()),
});
export type LoginRequest = z.infer<typeof loginRequest>;

export const emailRequest = z.object({ email: emailField });

export const otpRequest = z.object({
  email: emailField,
  otp: z
    .string({ error: 'OTP must be exactly 6 digits' })
    .check(z.regex(/^\d{6}$/, 'OTP must be exactly 6 digits')),
});

export const resetPasswordRequest = z.object({ email: emailField, newPassword: passwordField });

export const updateProfileRequest = z.object({
  firstName: nameField('First name is required'),
  lastName: nameField('Last name is required'),
  username: usernameField,
  email: emailField,
});
export type UpdateProfileRequest = z.infer<typeof updateProfileRequest>;

export const changePasswordRequest = z
  .object({
    currentPassword: z.string().check(z.minLength(1, 'Password is required')),
    newPassword: passwordField,
    confirmPassword: z.string(),
  })
  .check(matchingPasswords('newPassword'));

export const deleteAccountRequest = z.object({
  password: z.string().check(z.minLength(1, 'Password is required')),
});

export const sessionSettingsRequest = z.object({
  inactivityMinutes: z.optional(z.union([z.literal(5), z.literal(10), z.literal(15)])),
  concurrentSessions: z.optional(z.boolean()),
});

/** The session user as the SPA stores it in localStorage under `user` (spec §3: `_id`, also seen as `id`). */
export const publicUser = z.object({
  _id: uuid,
  id: uuid,
  firstName: z.string(),
  lastName: z.string(),
  username: z.string(),
  email: z.string(),
  /** A changed email waiting for its verification link, or null. */
  pendingEmail: z.nullable(z.string()),
  inactivityMinutes: z.number(),
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
export const userIdParams = z.object({ id: z.string() });

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
export const verifyEmailQuery = z.object({ token: z.optional(z.string()) });
export const sessionIdParams = z.object({ sessionId: z.string() });
export type SessionInfo = z.infer<typeof sessionInfo>;
export type SessionSettingsRequest = z.infer<typeof sessionSettingsRequest>;
