import type { FastifyBaseLogger, FastifyLogFn, FastifyRequest, FastifyServerOptions } from 'fastify';
import type { AppConfig } from '../config';
import { REDACTED } from './redacted';
import { urlWithoutPathSecrets } from './secretPaths';

/**
 * What the server log may hold. No secret — password, hash, token, reset code, session id, provider
 * key, card or account data — is ever written, at two depths:
 * - errors go through `safeError`, which keeps what helps a developer (type, message, stack frames,
 *   PostgreSQL's code/constraint/table/column) and drops what carries values: drizzle's `params`
 *   (a failed INSERT INTO users carries the argon2 hash), the "params: …" line drizzle writes into
 *   the message, and PostgreSQL's `detail`/`where` ("Key (token_hash)=(…) already exists");
 * - logged requests keep their path but not query values (`?token=[redacted]`) nor the secrets some
 *   paths carry (ticket codes, check-in link tokens: server/http/secretPaths.ts), and pino's `redact`
 *   censors secret-named keys anywhere a log call might put them by mistake.
 */

export { REDACTED };

const SECRET_KEYS = [
  'password',
  'newPassword',
  'currentPassword',
  'confirmPassword',
  'passwordHash',
  'token',
  'tokenHash',
  'otp',
  'resetToken',
  'codeHash',
  'secret',
  'secretKey',
  'apiKey',
  'authorization',
  'cookie',
  'accountNumber',
  'cardNumber',
  'params',
];

export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-paystack-signature"]',
  'res.headers["set-cookie"]',
  ...SECRET_KEYS,
  ...SECRET_KEYS.map((key) => `*.${key}`),
  ...SECRET_KEYS.map((key) => `*.*.${key}`),
];

/** PostgreSQL error fields that name the failure without quoting the values involved. */
const SAFE_ERROR_FIELDS = [
  'code',
  'statusCode',
  'severity',
  'constraint',
  'table',
  'column',
  'schema',
  'routine',
];

/** drizzle's DrizzleQueryError message is "Failed query: <sql>\nparams: <values>"; keep the SQL. */
function withoutParams(message: string): string {
  const at = message.indexOf('\nparams:');
  return at === -1 ? message : `${message.slice(0, at)}\nparams: ${REDACTED}`;
}

export type SafeError = { type: string; message: string; stack: string; cause?: SafeError } & Record<
  string,
  unknown
>;

/** The error serializer: an allow-list, so a new driver field with values in it never leaks. */
export function safeError(error: unknown, depth = 0): SafeError {
  if (!(error instanceof Error)) return { type: typeof error, message: REDACTED, stack: '' };
  const message = withoutParams(error.message);
  const frames = (error.stack ?? '')
    .split('\n')
    .filter((line) => /^\s+at /.test(line))
    .join('\n');
  const out: SafeError = {
    type: error.constructor?.name ?? error.name,
    message,
    stack: `${error.name}: ${message}${frames ? `\n${frames}` : ''}`,
  };
  const fields = error as unknown as Record<string, unknown>;
  for (const key of SAFE_ERROR_FIELDS) {
    const value = fields[key];
    if (typeof value === 'string' || typeof value === 'number') out[key] = value;
  }
  // The SQL text of a failed query has placeholders ($1, $2), not values.
  if (typeof fields.query === 'string') out.query = fields.query;
  if (error.cause !== undefined && depth < 4) out.cause = safeError(error.cause, depth + 1);
  return out;
}

/** A URL with every query value replaced: `/api/users/verify-email?token=[redacted]`. */
export function urlWithoutQueryValues(url: string): string {
  const at = url.indexOf('?');
  if (at === -1) return url;
  const keys = url
    .slice(at + 1)
    .split('&')
    .filter(Boolean)
    .map((pair) => `${pair.split('=')[0]}=${REDACTED}`);
  return `${url.slice(0, at)}?${keys.join('&')}`;
}

function safeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: urlWithoutQueryValues(urlWithoutPathSecrets(request.url)),
    remoteAddress: request.ip,
  };
}

/** Fastify's `logger` option for this config: level, destination, redaction and safe serializers. */
export function loggerOptions(config: Pick<AppConfig, 'logLevel' | 'logStream'>) {
  if (config.logLevel === 'silent') return false;
  return {
    level: config.logLevel,
    redact: { paths: REDACT_PATHS, censor: REDACTED },
    serializers: { err: safeError, error: safeError, req: safeRequest },
    ...(config.logStream ? { stream: config.logStream } : {}),
  };
}

type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';

/**
 * Fastify's `childLoggerFactory`: each request's logger (the `{reqId}` child) is made only when
 * something logs through it. pino builds a child eagerly, running the redaction above over its
 * bindings, a measurable share of a cached public read (bench/api, decision 015) for a logger most
 * requests never use. Calls below the parent's level stay no-ops without making one.
 */
export const lazyChildLoggerFactory: NonNullable<FastifyServerOptions['childLoggerFactory']> = (
  logger,
  bindings,
  options,
) => {
  let real: FastifyBaseLogger | null = null;
  const made = (): FastifyBaseLogger => {
    real ??= logger.child(bindings, options);
    return real;
  };
  // With a level of its own (a route's logLevel) the child decides; otherwise the parent's level does
  // (Fastify's no-op logger, when logging is off, has no isLevelEnabled: let the call through).
  const parentEnabled = (logger as FastifyBaseLogger & { isLevelEnabled?: (l: string) => boolean })
    .isLevelEnabled;
  const enabled = (level: LogLevel) =>
    real !== null ||
    options.level !== undefined ||
    typeof parentEnabled !== 'function' ||
    parentEnabled.call(logger, level);
  const method =
    (level: LogLevel): FastifyLogFn =>
    (...args: unknown[]) => {
      if (enabled(level)) (made()[level] as (...a: unknown[]) => void)(...args);
    };
  return {
    fatal: method('fatal'),
    error: method('error'),
    warn: method('warn'),
    info: method('info'),
    debug: method('debug'),
    trace: method('trace'),
    silent: () => {},
    child: (childBindings, childOptions) => made().child(childBindings, childOptions),
    get level() {
      return real?.level ?? options.level ?? logger.level;
    },
    set level(value) {
      made().level = value;
    },
  };
};
