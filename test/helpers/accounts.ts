import { expect } from 'vitest';
import { loginResponse } from '../../contract/users';
import type { TestApp } from './testApp';

/** Helpers for API tests that need accounts: sign up, read the mailbox, verify, sign in. */

export type Outbox = {
  to: string;
  subject: string;
  text: string;
  html: string;
  status: string;
  sentAt: string;
}[];

let counter = 0;
export function newAccount(overrides: Partial<Record<string, string>> = {}) {
  counter += 1;
  const tag = `${Date.now().toString(36)}${counter}`;
  return {
    firstName: 'Chiamaka',
    lastName: 'Okafor',
    username: `chiamaka_${tag}`,
    email: `chiamaka.${tag}@example.ng`,
    password: 'Lagos#2026',
    confirmPassword: 'Lagos#2026',
    ...overrides,
  };
}

export async function outbox(t: TestApp): Promise<Outbox> {
  const res = await t.app.inject({ method: 'GET', url: '/api/dev/outbox' });
  expect(res.statusCode).toBe(200);
  return res.json();
}

/** The newest mail sent to `to` (optionally whose subject contains `subject`). */
export async function lastMailTo(t: TestApp, to: string, subject?: string) {
  const mail = (await outbox(t)).find(
    (m) => m.to.toLowerCase() === to.toLowerCase() && (!subject || m.subject.includes(subject)),
  );
  if (!mail) throw new Error(`No mail to ${to}${subject ? ` about "${subject}"` : ''}`);
  return mail;
}

/** The token of the newest /verify-email link mailed to `to`. */
export async function linkTokenFor(t: TestApp, to: string, subject?: string): Promise<string> {
  const mail = await lastMailTo(t, to, subject);
  const match = /\/verify-email\?token=([A-Za-z0-9_%-]+)/.exec(mail.text);
  if (!match) throw new Error(`No verification link in mail to ${to}`);
  return decodeURIComponent(match[1]!);
}

/** The six-digit code of the newest reset mail to `to`. */
export async function codeFor(t: TestApp, to: string): Promise<string> {
  const mail = await lastMailTo(t, to, 'reset code');
  const match = /Your code: (\d{6})/.exec(mail.text);
  if (!match) throw new Error(`No code in mail to ${to}`);
  return match[1]!;
}

export function post(
  t: TestApp,
  url: string,
  payload: object,
  token?: string,
  headers: Record<string, string> = {},
) {
  return t.app.inject({
    method: 'POST',
    url,
    payload,
    headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
}

export function authed(
  t: TestApp,
  method: 'GET' | 'PUT' | 'PATCH' | 'DELETE' | 'POST',
  url: string,
  token?: string,
  payload?: object,
) {
  return t.app.inject({
    method,
    url,
    ...(payload ? { payload } : {}),
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
}

/** Registers, opens the emailed link, signs in: a ready account with its bearer token. */
export async function signedInAccount(t: TestApp, overrides: Partial<Record<string, string>> = {}) {
  const account = newAccount(overrides);
  const reg = await post(t, '/api/users/register', account);
  expect(reg.statusCode, reg.body).toBe(201);
  const token = await linkTokenFor(t, account.email);
  const verified = await t.app.inject({ method: 'GET', url: `/api/users/verify-email?token=${token}` });
  expect(verified.statusCode, verified.body).toBe(200);
  const login = await post(t, '/api/users/login', { email: account.email, password: account.password });
  expect(login.statusCode, login.body).toBe(200);
  const body = loginResponse.parse(login.json());
  return { ...account, token: body.token, user: body.user };
}
