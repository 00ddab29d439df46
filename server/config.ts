import path from 'node:path';
import { z } from 'zod';

const bool = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'])
    .optional()
    .transform((v) => (v === undefined ? fallback : ['true', '1', 'yes', 'on'].includes(v)));

const envSchema = z.object({
  NODE_ENV: z.string().default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  /** Set: use this PostgreSQL server. Unset: embedded PGlite under DATA_DIR. */
  DATABASE_URL: z.string().optional(),
  DATA_DIR: z.string().default('./data'),
  SEED_SAMPLE_DATA: bool(true),
  /** Public address of the app, used in emailed links. Defaults to http://localhost:PORT. */
  APP_URL: z.string().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Gatepass <no-reply@gatepass.ng>'),
  CONTACT_INBOX: z.string().default('hello@gatepass.ng'),
  /** "off" switches rate limits off for load tests and benchmarks. */
  RATE_LIMITS: z.enum(['on', 'off']).default('on'),
  LOG_LEVEL: z.string().default('info'),
  /** Set when behind a reverse proxy, so client IPs (rate limits, sessions) come from X-Forwarded-For. */
  TRUST_PROXY: bool(false),
  /** Set: payments through Paystack. Unset: the built-in, clearly labelled test-mode provider. */
  PAYSTACK_SECRET_KEY: z.string().optional(),
  /** Which provider takes payments; unset = Paystack when a key is set, else test (refused in production). */
  PAYMENTS: z.enum(['test', 'paystack']).optional(),
  PAYSTACK_BASE_URL: z.url().default('https://api.paystack.co'),
  /** Gatepass's share of each paid sale, in percent (Paystack subaccount percentage_charge). */
  PLATFORM_FEE_PERCENT: z.coerce.number().min(0).max(100).default(1.5),
  /** How long a checkout holds its seats before they return to sale. */
  RESERVATION_MINUTES: z.coerce
    .number()
    .positive()
    .max(24 * 60)
    .default(15),
  /** Seconds between sweeps (expired holds released, unpaid payments re-verified). */
  ORDER_SWEEP_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  /** Ed25519 private key (PKCS#8 PEM, or its base64) signing ticket codes; unset → made once and kept in the database. */
  TICKET_SIGNING_KEY: z.string().optional(),
  /** Processes serving one port (node:cluster); above 1 needs DATABASE_URL. */
  WORKERS: z.coerce.number().int().min(1).max(64).default(1),
  /** An event with more seats than this gets the waiting room when its organiser left it on 'auto' (decision 059). */
  ONSALE_AUTO_SEATS: z.coerce.number().int().min(0).default(5000),
  /** Buyers a waiting room admits per second, unless the event sets its own rate. */
  ONSALE_ADMIT_PER_SECOND: z.coerce.number().int().min(1).max(100_000).default(50),
  /** How long an admitted buyer's pass lasts: not reserving within it loses the turn. */
  ONSALE_PASS_SECONDS: z.coerce.number().int().min(10).max(3600).default(300),
  /** Seconds after the on-sale time the draw waits, so joins that arrived before it and are still in flight count. */
  ONSALE_DRAW_GRACE_SECONDS: z.coerce.number().min(0).max(60).default(2),
});

export type PaymentsMode = 'test' | 'paystack';

/** A configuration the server must not start with; `message` says what to set, for the operator. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

export const PRODUCTION_NEEDS_PAYMENTS =
  'NODE_ENV=production needs real payments: set PAYSTACK_SECRET_KEY, or PAYMENTS=test to run a demo where payments are simulated and tickets are not valid.';
export const PAYSTACK_NEEDS_KEY = 'PAYMENTS=paystack needs PAYSTACK_SECRET_KEY.';
export const PRODUCTION_REFUSES_SAMPLE_DATA =
  "SEED_SAMPLE_DATA=true is refused with NODE_ENV=production: the sample organiser's password is public. Remove it (production never loads sample data).";

/**
 * Play money must be chosen, never fallen into: without a key, production refuses to start unless
 * PAYMENTS=test asks for a demo. Outside production a missing key still means test mode.
 */
function paymentsModeOf(e: { NODE_ENV: string; PAYMENTS?: PaymentsMode; PAYSTACK_SECRET_KEY?: string }) {
  const key = e.PAYSTACK_SECRET_KEY || undefined;
  if (e.PAYMENTS === 'paystack' && !key) throw new ConfigError(PAYSTACK_NEEDS_KEY);
  const mode: PaymentsMode = e.PAYMENTS ?? (key ? 'paystack' : 'test');
  if (mode === 'test' && !e.PAYMENTS && e.NODE_ENV === 'production')
    throw new ConfigError(PRODUCTION_NEEDS_PAYMENTS);
  return { mode, key: mode === 'paystack' ? key : undefined };
}

/**
 * Sample data (an organiser whose password is in the README) never goes into a production database:
 * the default is off there, and asking for it explicitly is refused rather than silently ignored.
 */
function seedSampleDataOf(
  e: { NODE_ENV: string; SEED_SAMPLE_DATA: boolean },
  env: NodeJS.ProcessEnv,
): boolean {
  if (e.NODE_ENV !== 'production') return e.SEED_SAMPLE_DATA;
  if (env.SEED_SAMPLE_DATA !== undefined && e.SEED_SAMPLE_DATA)
    throw new ConfigError(PRODUCTION_REFUSES_SAMPLE_DATA);
  return false;
}

export type AppConfig = {
  env: string;
  isProduction: boolean;
  port: number;
  host: string;
  databaseUrl: string | undefined;
  /** 'memory://' for throw-away tests, else a directory for PGlite. */
  pgliteDir: string;
  dataDir: string;
  uploadsDir: string;
  seedSampleData: boolean;
  appUrl: string;
  /** APP_URL was set: links and payment returns use it. Unset, a payment returns to the address the buyer used. */
  appUrlFixed: boolean;
  smtpUrl: string | undefined;
  mailFrom: string;
  contactInbox: string;
  rateLimits: boolean;
  /** Every RATE_LIMIT_<ACTION>[_IP] variable as given (e.g. "10/15m"); parsed by modules/ratelimit. */
  rateLimitRules: Record<string, string>;
  logLevel: string;
  /** Where log lines go; unset = stdout. Tests pass a stream to read what would have been logged. */
  logStream?: NodeJS.WritableStream;
  trustProxy: boolean;
  /**
   * 'paystack': real money through Paystack. 'test': the built-in provider where buyers approve
   * their own simulated payments (in production only when PAYMENTS=test says so, with a demo banner).
   */
  paymentsMode: PaymentsMode;
  /** Paystack secret key; undefined in test mode (even when one is set). Never logged. */
  paystackSecretKey: string | undefined;
  paystackBaseUrl: string;
  /** Percent (1.5 = 1.5 %). */
  platformFeePercent: number;
  reservationMinutes: number;
  orderSweepSeconds: number;
  ticketSigningKey: string | undefined;
  workers: number;
  /** The waiting room's deployment settings (decision 059). */
  onsale: { autoSeats: number; admitPerSecond: number; passSeconds: number; drawGraceSeconds: number };
  /** Built SPA to serve, or null (API only: tests, `npm run dev`). */
  spaDir: string | null;
};

export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  overrides: Partial<AppConfig> = {},
): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new ConfigError(`Invalid configuration: ${problems}`);
  }
  const e = parsed.data;
  const payments = paymentsModeOf(e);
  // PGlite lives inside one process: a second one cannot open its directory.
  if (e.WORKERS > 1 && !e.DATABASE_URL)
    throw new ConfigError(
      'Invalid configuration: WORKERS above 1 needs DATABASE_URL (the embedded database is one process)',
    );
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    isProduction: e.NODE_ENV === 'production',
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL || undefined,
    pgliteDir: path.join(dataDir, 'pglite'),
    dataDir,
    uploadsDir: path.join(dataDir, 'uploads'),
    seedSampleData: seedSampleDataOf(e, env),
    appUrl: (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    appUrlFixed: Boolean(e.APP_URL),
    smtpUrl: e.SMTP_URL || undefined,
    mailFrom: e.MAIL_FROM,
    contactInbox: e.CONTACT_INBOX,
    rateLimits: e.RATE_LIMITS === 'on',
    rateLimitRules: Object.fromEntries(
      Object.entries(env).filter(
        (entry): entry is [string, string] => /^RATE_LIMIT_./.test(entry[0]) && !!entry[1],
      ),
    ),
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    paymentsMode: payments.mode,
    paystackSecretKey: payments.key,
    paystackBaseUrl: e.PAYSTACK_BASE_URL.replace(/\/+$/, ''),
    platformFeePercent: e.PLATFORM_FEE_PERCENT,
    reservationMinutes: e.RESERVATION_MINUTES,
    orderSweepSeconds: e.ORDER_SWEEP_SECONDS,
    ticketSigningKey: e.TICKET_SIGNING_KEY || undefined,
    workers: e.WORKERS,
    onsale: {
      autoSeats: e.ONSALE_AUTO_SEATS,
      admitPerSecond: e.ONSALE_ADMIT_PER_SECOND,
      passSeconds: e.ONSALE_PASS_SECONDS,
      drawGraceSeconds: e.ONSALE_DRAW_GRACE_SECONDS,
    },
    spaDir: null,
    ...overrides,
  };
}
