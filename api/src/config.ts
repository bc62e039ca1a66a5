import net from 'node:net';
import { z } from 'zod';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CHECKOUT_CONSTANTS } from '@shop/shared/domain/checkout-constants';
import { SHOP_CONSTANTS } from '@shop/shared/domain/shop-constants';
import { parseInstant } from './clock';
import { s3ConfigFromEnv, type S3ArtifactConfig } from './deploy/s3-config';

const here = path.dirname(fileURLToPath(import.meta.url));
/** Repository root (api/src/.. /..). */
export const REPO_ROOT = path.resolve(here, '..', '..');

export interface ApiConfig {
  port: number;
  host: string;
  /** PostgreSQL URL; when absent the embedded PGlite database is used. */
  databaseUrl: string | undefined;
  /** PGlite data folder ('memory://' for an in-memory database). */
  pgliteDir: string;
  redisUrl: string | undefined;
  /** Folder with deploy/hosts/*.json descriptors. */
  deployHostsDir: string;
  /** Root under which shell/dist and <remote>/dist/<version> live. */
  appRoot: string;
  /** Folder of the artifact store: published app versions and the release log (deploy/README.md). */
  artifactStore: string;
  /** Refuse descriptors that name versions neither published nor built. */
  checkReleases: boolean;
  /**
   * Where descriptors are read: 'store' (the artifact store's control plane, seeded from deployHostsDir;
   * always in production) or 'seed' (deployHostsDir itself: only for API tests, the default under a test runner).
   */
  descriptorsFrom: 'store' | 'seed';
  /** How often an instance with an S3 store polls the bucket's descriptors (ms). */
  descriptorPollMs: number;
  /** The S3 bucket behind the artifact store (ARTIFACT_S3_BUCKET …), if any. */
  s3: S3ArtifactConfig | undefined;
  firebaseProjectId: string;
  firebaseAuthEmulatorHost: string | undefined;
  stripeSecretKey: string | undefined;
  stripeWebhookSecret: string | undefined;
  stripePublishableKey: string | undefined;
  stripeApiBase: string | undefined;
  paypalClientId: string | undefined;
  paypalClientSecret: string | undefined;
  paypalApiBase: string | undefined;
  /**
   * Push messages through Firebase Cloud Messaging (docs/adr/0024-push-messages.md): the path of a service account
   * key file (JSON), or 'application-default' for Google's Application Default Credentials; unset:
   * the offline default (messages over the events stream).
   */
  fcmCredentials: string | undefined;
  /** The Firebase project FCM sends for (FCM_PROJECT_ID, default FIREBASE_PROJECT_ID). */
  fcmProjectId: string;
  /** Where FCM's and Google's token calls go instead of Google (FCM_API_BASE: a local fake in tests, or a relay). */
  fcmApiBase: string | undefined;
  /** Mail through SMTP (SMTP_URL, e.g. smtp://user:pass@mail.example.org:587); unset: mails wait in the outbox. */
  smtpUrl: string | undefined;
  /** The sender of the shop's mails (MAIL_FROM, "Name <address>"). */
  mailFrom: string | undefined;
  logLevel: string;
  /**
   * Tests only (NODE_ENV=test): the instant the server's clock starts at (SHOP_TEST_NOW), movable
   * with PUT /api/test/clock. Undefined in production, where the system clock is used.
   */
  testNow: number | undefined;
  /** An online order left unpaid this long expires (UNPAID_ORDER_EXPIRY_MINUTES, default 30). */
  unpaidOrderExpiryMs: number;
  /** How often unpaid orders are expired and payments reconciled (ORDER_SWEEP_SECONDS, default 60; 0 = off). */
  orderSweepIntervalMs: number;
  /** Product lines an order may have at most (MAX_ORDER_LINES, default 50). */
  maxOrderLines: number;
  /** Rate limits of the actions (RATE_LIMITS=off switches them off, e.g. for a load test). */
  rateLimits: boolean;
  /**
   * The caps on open unpaid orders per browser and per network (CHECKOUT_CONSTANTS.maxOpenDrafts…;
   * DRAFT_LIMITS=off switches them off for a load test that places many online orders from one machine).
   */
  draftLimits: boolean;
  /**
   * Forwarded headers (X-Forwarded-For, -Host, -Proto) are believed only from the configured proxies
   * (TRUST_PROXY: their addresses or CIDRs, comma-separated); off by default, so a client cannot
   * choose its host (descriptor, branch) or its IP (rate limits). `true` (every hop) is refused.
   */
  trustProxy: false | string[];
  /** NODE_ENV=production: no emulator, no demo project, descriptors with a real Firebase project (docs/security.md). */
  production: boolean;
  /** Running in production and across machines (docs/adr/0029-operations.md): timeouts, prefixes, shutdown, metrics. */
  ops: OpsConfig;
}

// ── Operations: one block, each setting validated; a wrong value stops the start with its name. ──

export interface OpsConfig {
  /** PostgreSQL connections per instance (DB_POOL_MAX, default 10). */
  dbPoolMax: number;
  /** A statement running longer is cancelled by the server (DB_STATEMENT_TIMEOUT_MS, default 10 000). */
  dbStatementTimeoutMs: number;
  /** Opening a connection, or waiting for a free one, gives up after this (DB_CONNECT_TIMEOUT_MS, default 3 000). */
  dbConnectTimeoutMs: number;
  /** A Redis command (rate limit, publish, readiness ping) gives up after this (REDIS_COMMAND_TIMEOUT_MS, default 500). */
  redisCommandTimeoutMs: number;
  /** Prefix of every Redis key and channel (REDIS_PREFIX, default 'shop:'): two shops on one Redis never meet. */
  redisPrefix: string;
  /** SIGTERM: streams closed, in-flight requests finished, exit at the latest after this (SHUTDOWN_TIMEOUT_SECONDS, default 10). */
  shutdownTimeoutMs: number;
  /** A request must arrive whole within this; a socket trickling its headers is dropped (REQUEST_TIMEOUT_SECONDS, default 30). */
  requestTimeoutMs: number;
  /** GET /api/metrics with `Authorization: Bearer <token>` (METRICS_TOKEN, at least 16 characters; unset: no token). */
  metricsToken: string | undefined;
  /** GET /api/metrics without a token from these addresses/CIDRs only (METRICS_ALLOW, default loopback; 'none': token only). */
  metricsAllow: string[];
}

const REDIS_PREFIX_PATTERN = /^[A-Za-z0-9:_.-]{1,64}$/;

/** One setting's text: trimmed, and an empty value counts as unset. */
const setting = z
  .string()
  .optional()
  .transform((value) => value?.trim() || undefined);

/** A setting that must hold, or the start stops with `message(raw)`: its parsed value, or the default when unset. */
function parsed<T>(fallback: T, parse: (raw: string) => T | undefined, message: (raw: string) => string) {
  return setting.transform((raw, ctx): T => {
    if (raw === undefined) return fallback;
    const value = parse(raw);
    if (value === undefined) {
      ctx.addIssue({ code: 'custom', message: message(raw) });
      return z.NEVER;
    }
    return value;
  });
}

/** A whole number within [min, max], or the default. */
function wholeNumber(name: string, fallback: number, min: number, max: number) {
  return parsed(
    fallback,
    (raw) => {
      const value = Number(raw);
      return Number.isInteger(value) && value >= min && value <= max ? value : undefined;
    },
    (raw) => `${name} must be a whole number from ${min} to ${max}, not "${raw}"`,
  );
}

/** A non-negative number, or the default. */
function nonNegative(name: string, fallback: number) {
  return parsed(
    fallback,
    (raw) => {
      const value = Number(raw);
      return Number.isFinite(value) && value >= 0 ? value : undefined;
    },
    (raw) => `${name} must be a non-negative number, not "${raw}"`,
  );
}

/** METRICS_ALLOW entries: IP addresses or CIDRs, or 'none'. */
function metricsAllowOf(raw: string): string[] | undefined {
  const entries = raw
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  return entries.every((entry) => entry === 'none' || isAddressOrCidr(entry)) ? entries.filter((entry) => entry !== 'none') : undefined;
}

/** The operations settings (docs/adr/0029-operations.md), each validated with its name in the message. */
const opsSchema = z.object({
  DB_POOL_MAX: wholeNumber('DB_POOL_MAX', 10, 1, 500),
  DB_STATEMENT_TIMEOUT_MS: wholeNumber('DB_STATEMENT_TIMEOUT_MS', 10_000, 100, 600_000),
  DB_CONNECT_TIMEOUT_MS: wholeNumber('DB_CONNECT_TIMEOUT_MS', 3_000, 100, 120_000),
  REDIS_COMMAND_TIMEOUT_MS: wholeNumber('REDIS_COMMAND_TIMEOUT_MS', 500, 50, 60_000),
  REDIS_PREFIX: parsed(
    'shop:',
    (raw) => (REDIS_PREFIX_PATTERN.test(raw) ? raw : undefined),
    (raw) => `REDIS_PREFIX must be 1–64 of A–Z a–z 0–9 : _ . -, not "${raw}"`,
  ),
  SHUTDOWN_TIMEOUT_SECONDS: wholeNumber('SHUTDOWN_TIMEOUT_SECONDS', 10, 1, 600),
  REQUEST_TIMEOUT_SECONDS: wholeNumber('REQUEST_TIMEOUT_SECONDS', 30, 1, 600),
  METRICS_TOKEN: parsed<string | undefined>(
    undefined,
    (raw) => (raw.length >= 16 ? raw : undefined),
    () => 'METRICS_TOKEN must have at least 16 characters',
  ),
  METRICS_ALLOW: parsed(['127.0.0.1', '::1'], metricsAllowOf, (raw) => `METRICS_ALLOW must list IP addresses or CIDRs (or 'none'), not "${raw}"`),
});

function opsOf(values: z.output<typeof opsSchema>): OpsConfig {
  return {
    dbPoolMax: values.DB_POOL_MAX,
    dbStatementTimeoutMs: values.DB_STATEMENT_TIMEOUT_MS,
    dbConnectTimeoutMs: values.DB_CONNECT_TIMEOUT_MS,
    redisCommandTimeoutMs: values.REDIS_COMMAND_TIMEOUT_MS,
    redisPrefix: values.REDIS_PREFIX,
    shutdownTimeoutMs: values.SHUTDOWN_TIMEOUT_SECONDS * 1000,
    requestTimeoutMs: values.REQUEST_TIMEOUT_SECONDS * 1000,
    metricsToken: values.METRICS_TOKEN,
    metricsAllow: values.METRICS_ALLOW,
  };
}

/** A configuration the API must not start with: every problem at once, each naming its setting. */
export class ConfigurationError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.length === 1 ? problems[0] : `The configuration has ${problems.length} problems: ${problems.join('; ')}`);
    this.name = 'ConfigurationError';
  }
}

/** Parses with a schema, or throws a ConfigurationError listing every problem. */
function parseOrThrow<S extends z.ZodType>(schema: S, env: NodeJS.ProcessEnv): z.output<S> {
  const result = schema.safeParse(env);
  if (result.success) return result.data;
  throw new ConfigurationError(result.error.issues.map((issue) => issue.message));
}

export function opsConfigOf(env: NodeJS.ProcessEnv): OpsConfig {
  return opsOf(parseOrThrow(opsSchema, env));
}

/**
 * TRUST_PROXY: addresses or CIDRs only. `true` would believe X-Forwarded-For from anyone, so every
 * client could pick a fresh IP address for each request (rate limits); it is refused, as is
 * anything that is not an IPv4/IPv6 address or CIDR.
 */
export function trustProxyOf(value: string | undefined): false | string[] {
  const raw = value?.trim();
  if (!raw || raw === 'false' || raw === '0') return false;
  const entries = raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const invalid = entries.filter((entry) => !isAddressOrCidr(entry));
  if (invalid.length) {
    throw new Error(
      `TRUST_PROXY takes the reverse proxies' IP addresses or CIDRs, comma-separated (e.g. "10.0.0.1,10.1.0.0/16"), not ${invalid
        .map((e) => `"${e}"`)
        .join(', ')}: trusting every hop would let any client choose its IP address`,
    );
  }
  return entries;
}

function isAddressOrCidr(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  if (rest.length) return false;
  const family = net.isIP(address);
  if (family === 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * The Auth emulator accepts unsigned tokens and anyone's claims: it never runs in production
 * (NODE_ENV=production), and production verifies tokens of a real project, never a demo one.
 */
function firebaseOf(env: NodeJS.ProcessEnv, production: boolean): { projectId: string; emulatorHost: string | undefined } {
  const projectId = env.FIREBASE_PROJECT_ID?.trim() || 'demo-streetfood';
  const emulatorHost = env.FIREBASE_AUTH_EMULATOR_HOST?.trim() || undefined;
  if (production && emulatorHost) {
    throw new Error(
      'FIREBASE_AUTH_EMULATOR_HOST is set with NODE_ENV=production: the Auth emulator is for development only (it accepts unsigned tokens); unset it and configure a real Firebase project',
    );
  }
  if (production && isDemoProject(projectId)) {
    throw new Error(`FIREBASE_PROJECT_ID "${projectId}" is a demo project (emulator only); NODE_ENV=production needs the real Firebase project's id`);
  }
  return { projectId, emulatorHost };
}

/**
 * The same rule for a configuration built by hand (tests spread loadConfig and override): createApi
 * refuses to start a production API with the emulator.
 */
export function assertNoEmulatorInProduction(config: Pick<ApiConfig, 'production' | 'firebaseAuthEmulatorHost' | 'firebaseProjectId'>): void {
  if (!config.production) return;
  firebaseOf({ FIREBASE_PROJECT_ID: config.firebaseProjectId, FIREBASE_AUTH_EMULATOR_HOST: config.firebaseAuthEmulatorHost }, true);
}

/** Firebase's demo projects ('demo-…') exist only in the emulators. */
export function isDemoProject(projectId: string): boolean {
  return projectId.startsWith('demo-');
}

/** SHOP_TEST_NOW is refused outside NODE_ENV=test: a production server never runs on a fake clock. */
function testNowOf(raw: string | undefined, nodeEnv: string | undefined): number | undefined {
  if (!raw) return undefined;
  if (nodeEnv !== 'test') throw new Error('SHOP_TEST_NOW is for tests only: it needs NODE_ENV=test');
  return parseInstant(raw);
}

/** Runs a check that throws its own message, as an issue of the schema. */
function checked<T>(ctx: z.RefinementCtx, check: () => T): T {
  try {
    return check();
  } catch (error) {
    ctx.addIssue({ code: 'custom', message: error instanceof Error ? error.message : String(error) });
    return z.NEVER;
  }
}

/**
 * The API's whole configuration from the environment (README "Configuration"): one schema, read
 * once at start (main.ts). Every setting's problem is reported at once, each naming its setting;
 * the rules between settings (production and the emulator, the test clock) follow once each
 * setting is valid.
 */
const envSchema = opsSchema.extend({
  NODE_ENV: setting,
  PORT: wholeNumber('PORT', 3000, 0, 65_535),
  HOST: setting,
  DATABASE_URL: setting,
  PGLITE_DIR: setting,
  REDIS_URL: setting,
  DEPLOY_HOSTS_DIR: setting,
  APP_ROOT: setting,
  ARTIFACT_STORE: setting,
  CHECK_RELEASES: setting,
  DESCRIPTORS_FROM: setting,
  DESCRIPTOR_POLL_MS: wholeNumber('DESCRIPTOR_POLL_MS', 5000, 500, 3_600_000),
  FIREBASE_PROJECT_ID: setting,
  FIREBASE_AUTH_EMULATOR_HOST: setting,
  STRIPE_SECRET_KEY: setting,
  STRIPE_WEBHOOK_SECRET: setting,
  STRIPE_PUBLISHABLE_KEY: setting,
  STRIPE_API_BASE: setting,
  PAYPAL_CLIENT_ID: setting,
  PAYPAL_CLIENT_SECRET: setting,
  PAYPAL_API_BASE: setting,
  FCM_CREDENTIALS: setting,
  FCM_PROJECT_ID: setting,
  FCM_API_BASE: setting,
  SMTP_URL: setting,
  MAIL_FROM: setting,
  LOG_LEVEL: setting,
  SHOP_TEST_NOW: setting,
  UNPAID_ORDER_EXPIRY_MINUTES: nonNegative('UNPAID_ORDER_EXPIRY_MINUTES', CHECKOUT_CONSTANTS.unpaidOrderExpiryMs / 60_000),
  ORDER_SWEEP_SECONDS: nonNegative('ORDER_SWEEP_SECONDS', CHECKOUT_CONSTANTS.orderSweepIntervalMs / 1000),
  MAX_ORDER_LINES: nonNegative('MAX_ORDER_LINES', SHOP_CONSTANTS.maxOrderLines),
  RATE_LIMITS: setting,
  DRAFT_LIMITS: setting,
  TRUST_PROXY: setting.transform((raw, ctx) => checked(ctx, () => trustProxyOf(raw))),
});

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ApiConfig {
  const schema = envSchema.transform((v, ctx) => {
    const production = v.NODE_ENV === 'production';
    const testNow = checked(ctx, () => testNowOf(v.SHOP_TEST_NOW, v.NODE_ENV));
    const firebase = checked(ctx, () => firebaseOf(env, production));
    const s3 = checked(ctx, () => s3ConfigFromEnv(env));
    const config: ApiConfig = {
      port: v.PORT,
      // Only this machine by default: a development shop (and its Auth emulator proxy) is not on the network.
      host: v.HOST ?? '127.0.0.1',
      databaseUrl: v.DATABASE_URL,
      pgliteDir: v.PGLITE_DIR ?? path.join(REPO_ROOT, '.data', 'pglite'),
      redisUrl: v.REDIS_URL,
      deployHostsDir: v.DEPLOY_HOSTS_DIR ?? path.join(REPO_ROOT, 'deploy', 'hosts'),
      appRoot: v.APP_ROOT ?? REPO_ROOT,
      artifactStore: v.ARTIFACT_STORE ?? path.join(REPO_ROOT, 'deploy', 'artifacts'),
      s3,
      // A descriptor naming a version that is neither published nor built is refused (at start: the API
      // does not start; on reload: the last good descriptors stay). Off by default only under a test runner
      // (API tests run before any app is built); CHECK_RELEASES=on|off decides explicitly.
      checkReleases: (v.CHECK_RELEASES ?? (process.env.NODE_ENV === 'test' ? 'off' : 'on')) !== 'off',
      // docs/requirements.md#release-control-plane: a checkout never decides what guests get.
      descriptorsFrom: production || (v.DESCRIPTORS_FROM ?? (process.env.NODE_ENV === 'test' ? 'seed' : 'store')) !== 'seed' ? 'store' : 'seed',
      descriptorPollMs: v.DESCRIPTOR_POLL_MS,
      firebaseProjectId: firebase.projectId,
      firebaseAuthEmulatorHost: firebase.emulatorHost,
      stripeSecretKey: v.STRIPE_SECRET_KEY,
      stripeWebhookSecret: v.STRIPE_WEBHOOK_SECRET,
      stripePublishableKey: v.STRIPE_PUBLISHABLE_KEY,
      stripeApiBase: v.STRIPE_API_BASE,
      paypalClientId: v.PAYPAL_CLIENT_ID,
      paypalClientSecret: v.PAYPAL_CLIENT_SECRET,
      paypalApiBase: v.PAYPAL_API_BASE,
      fcmCredentials: v.FCM_CREDENTIALS,
      fcmProjectId: v.FCM_PROJECT_ID ?? v.FIREBASE_PROJECT_ID ?? 'demo-streetfood',
      fcmApiBase: v.FCM_API_BASE,
      smtpUrl: v.SMTP_URL,
      mailFrom: v.MAIL_FROM,
      logLevel: v.LOG_LEVEL ?? 'warn',
      testNow,
      unpaidOrderExpiryMs: v.UNPAID_ORDER_EXPIRY_MINUTES * 60_000,
      orderSweepIntervalMs: v.ORDER_SWEEP_SECONDS * 1000,
      maxOrderLines: Math.max(1, Math.floor(v.MAX_ORDER_LINES)),
      rateLimits: v.RATE_LIMITS !== 'off',
      draftLimits: v.DRAFT_LIMITS !== 'off',
      trustProxy: v.TRUST_PROXY,
      production,
      ops: opsOf(v),
    };
    return config;
  });
  return parseOrThrow(schema, env);
}
