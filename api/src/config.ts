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
   * Forwarded headers (X-Forwarded-For, -Host, -Proto) are believed only behind a configured proxy
   * (TRUST_PROXY: 'true', or the proxies' addresses/CIDRs, comma-separated); off by default, so a
   * client cannot choose its host (descriptor, branch) or its IP (rate limits).
   */
  trustProxy: boolean | string[];
}

function trustProxyOf(value: string | undefined): boolean | string[] {
  const raw = value?.trim();
  if (!raw || raw === 'false' || raw === '0') return false;
  if (raw === 'true') return true;
  return raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/** A non-negative number from the environment, or the default; anything else is a configuration error. */
function numberOf(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name} must be a non-negative number, not "${raw}"`);
  return value;
}

/** SHOP_TEST_NOW is refused outside NODE_ENV=test: a production server never runs on a fake clock. */
function testNowOf(env: NodeJS.ProcessEnv): number | undefined {
  const value = env.SHOP_TEST_NOW?.trim();
  if (!value) return undefined;
  if (env.NODE_ENV !== 'test') throw new Error('SHOP_TEST_NOW is for tests only: it needs NODE_ENV=test');
  return parseInstant(value);
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ApiConfig {
  return {
    port: Number(env.PORT ?? 3000),
    // Only this machine by default: a development shop (and its Auth emulator proxy) is not on the network.
    host: env.HOST ?? '127.0.0.1',
    databaseUrl: env.DATABASE_URL || undefined,
    pgliteDir: env.PGLITE_DIR ?? path.join(REPO_ROOT, '.data', 'pglite'),
    redisUrl: env.REDIS_URL || undefined,
    deployHostsDir: env.DEPLOY_HOSTS_DIR ?? path.join(REPO_ROOT, 'deploy', 'hosts'),
    appRoot: env.APP_ROOT ?? REPO_ROOT,
    artifactStore: env.ARTIFACT_STORE || path.join(REPO_ROOT, 'deploy', 'artifacts'),
    // A descriptor naming a version that is neither published nor built is refused (at start: the API
    // does not start; on reload: the last good descriptors stay). Off by default only under a test runner
    // (API tests run before any app is built); CHECK_RELEASES=on|off decides explicitly.
    s3: s3ConfigFromEnv(env),
    checkReleases: (env.CHECK_RELEASES || (process.env.NODE_ENV === 'test' ? 'off' : 'on')) !== 'off',
    firebaseProjectId: env.FIREBASE_PROJECT_ID ?? 'demo-streetfood',
    firebaseAuthEmulatorHost: env.FIREBASE_AUTH_EMULATOR_HOST || undefined,
    stripeSecretKey: env.STRIPE_SECRET_KEY || undefined,
    stripeWebhookSecret: env.STRIPE_WEBHOOK_SECRET || undefined,
    stripePublishableKey: env.STRIPE_PUBLISHABLE_KEY || undefined,
    stripeApiBase: env.STRIPE_API_BASE || undefined,
    paypalClientId: env.PAYPAL_CLIENT_ID || undefined,
    paypalClientSecret: env.PAYPAL_CLIENT_SECRET || undefined,
    paypalApiBase: env.PAYPAL_API_BASE || undefined,
    fcmCredentials: env.FCM_CREDENTIALS?.trim() || undefined,
    fcmProjectId: env.FCM_PROJECT_ID?.trim() || env.FIREBASE_PROJECT_ID || 'demo-streetfood',
    fcmApiBase: env.FCM_API_BASE?.trim() || undefined,
    logLevel: env.LOG_LEVEL ?? 'warn',
    testNow: testNowOf(env),
    unpaidOrderExpiryMs: numberOf(env, 'UNPAID_ORDER_EXPIRY_MINUTES', CHECKOUT_CONSTANTS.unpaidOrderExpiryMs / 60_000) * 60_000,
    orderSweepIntervalMs: numberOf(env, 'ORDER_SWEEP_SECONDS', CHECKOUT_CONSTANTS.orderSweepIntervalMs / 1000) * 1000,
    maxOrderLines: Math.max(1, Math.floor(numberOf(env, 'MAX_ORDER_LINES', SHOP_CONSTANTS.maxOrderLines))),
    rateLimits: env.RATE_LIMITS?.trim() !== 'off',
    trustProxy: trustProxyOf(env.TRUST_PROXY),
  };
}
