import {
  type LoginRequest,
  loginResponse,
  messageResponse,
  otpVerifiedResponse,
  type QuickCheckoutRequest,
  type RegisterRequest,
  type SessionSettingsRequest,
  type SetPasswordRequest,
  sessionList,
  type UpdateProfileRequest,
  userResponse,
} from '../../contract/users';
import { client, getJson, sendJson, toApiError } from './http';

/** Every `/api/users/*` call of the account screens (docs/api-accounts.md). */
export const register = (body: RegisterRequest) => sendJson('post', 'users/register', body, messageResponse);

export const login = (body: LoginRequest) => sendJson('post', 'users/login', body, loginResponse);

export const resendVerification = (body: { email: string }) =>
  sendJson('post', 'users/resend-verification-email', body, messageResponse);

// A link's token works once. If the page asks twice for the same token (the route can mount more
// than once while it settles), both askers share the one request instead of the second being told
// the link was already used.
const verifications = new Map<string, ReturnType<typeof requestVerification>>();
const requestVerification = (token: string) =>
  getJson('users/verify-email', messageResponse, { searchParams: { token } });
export function verifyEmail({ token }: { token: string }) {
  let pending = verifications.get(token);
  if (!pending) {
    pending = requestVerification(token);
    verifications.set(token, pending);
  }
  return pending;
}

export const forgotPassword = (body: { email: string }) =>
  sendJson('post', 'users/forgot-password', body, messageResponse);

/** The answer carries the one-time reset token for the next screen (kept in history state only). */
export const verifyOtp = (body: { email: string; otp: string }) =>
  sendJson('post', 'users/verify-otp', body, otpVerifiedResponse);

export const resetPassword = (body: { email: string; resetToken: string; newPassword: string }) =>
  sendJson('post', 'users/reset-password', body, messageResponse);

/** The current user; the token is passed explicitly because the session may not have stored it yet. */
export async function fetchMe({ token }: { token: string }) {
  try {
    return userResponse.parse(
      await (await client()).get('users/me', { headers: { authorization: `Bearer ${token}` } }).json(),
    );
  } catch (error) {
    throw await toApiError(error);
  }
}

export const updateProfile = ({ id, body }: { id: string; body: UpdateProfileRequest }) =>
  sendJson('put', `users/${encodeURIComponent(id)}`, body, userResponse);

/** Ends the session on the server. Storage is already cleared by then, so the token comes along. */
export async function logout({ token }: { token: string }) {
  try {
    return messageResponse.parse(
      await (await client())
        .post('users/logout', { headers: { authorization: `Bearer ${token}` }, retry: 0, timeout: 5_000 })
        .json(),
    );
  } catch (error) {
    throw await toApiError(error);
  }
}

/**
 * The person pressed a key or the mouse (src/app/activityReport.ts). Sent with plain `fetch`, not
 * the shared client: a 401 here must not sign the tab out and send it to /login, because a press
 * can happen anywhere, public pages included; the tab learns that its session ended at its next
 * account call, as before. Resolves true when the server counted it (204).
 */
export async function reportActivity(token: string): Promise<boolean> {
  const res = await fetch('/api/users/me/activity', {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
  });
  return res.ok;
}

export const changePassword = (body: {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}) => sendJson('post', 'users/change-password', body, messageResponse);

export const fetchSessions = () => getJson('users/sessions', sessionList);

export const revokeSession = ({ id }: { id: string }) =>
  sendJson('delete', `users/sessions/${encodeURIComponent(id)}`, undefined, messageResponse);

export const updateSettings = (body: SessionSettingsRequest) =>
  sendJson('put', 'users/me/settings', body, userResponse);

export const deleteAccount = (body: { password: string }) =>
  sendJson('delete', 'users/me', body, messageResponse);

/** Quick checkout (decision 038): an account without a password, signed in at once. */
export const quickCheckout = (body: QuickCheckoutRequest) =>
  sendJson('post', 'users/quick-checkout', body, loginResponse);
export const setPassword = (body: SetPasswordRequest) =>
  sendJson('post', 'users/set-password', body, loginResponse);
