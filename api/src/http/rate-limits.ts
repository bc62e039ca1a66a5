import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ActionName } from '@shop/shared/contract';
import { shell as texts } from '@shop/shared/i18n/shell';
import type { OpsConfig } from '../config';
import { metrics } from '../ops/metrics';
import { commandClientOptions } from '../ops/redis';
import { ApiError } from './api-error';

/**
 * Rate limits of the actions (docs/security.md "Rate limits"), per browser id and per IP address,
 * with @fastify/rate-limit: in memory on one instance, in Redis (REDIS_URL) so that all instances
 * count together. A request over a limit is answered 429 with a German text the UI shows and a
 * `retry-after` header. The windows are a minute; the numbers leave a real guest far below them.
 */
export interface RateRule {
  readonly name: string;
  /** The actions the rule counts together; '*' for every action. */
  readonly actions: readonly ActionName[] | '*';
  /** Requests per minute of one browser id (omitted: not counted per browser). */
  readonly perBrowser?: number;
  /** Requests per minute of one IP address (a restaurant's Wi-Fi is one address: generous). */
  readonly perIp: number;
  /** Only requests with this payload property count (coupon guessing: LoadCoupons with a code). */
  readonly when?: (payload: unknown) => boolean;
  /** The window the numbers count in (default a minute). */
  readonly windowMs?: number;
}

const WINDOW_MS = 60_000;

export const RATE_RULES: readonly RateRule[] = [
  { name: 'orders', actions: ['SaveNewOrder', 'CancelUnpaidOrder'], perBrowser: 12, perIp: 60 },
  {
    name: 'payments',
    actions: [
      'StripeCreatePaymentIntent',
      'CreatePayPalOrder',
      'AuthorizePayPalOrder',
      'CustomerCardAuthorize',
      'TestConfirmCardAction',
      'TestApprovePayPalOrder',
    ],
    perBrowser: 20,
    perIp: 120,
  },
  { name: 'cards', actions: ['CreateStripeBuyer', 'AttachPaymentMethodToStripe', 'DetachStripeMethod'], perBrowser: 10, perIp: 60 },
  // Waiter calls in ten minutes: a guest calls a few times; one address (a restaurant's Wi-Fi) pages
  // a few tables, never thirty (each table pages at most WAITER_CALL_LIMITS.pagesPerTable times too).
  { name: 'waiter', actions: ['Kellnerruf'], perBrowser: 3, perIp: 12, windowMs: 10 * 60_000 },
  {
    name: 'codes',
    actions: ['LoadCoupons'],
    perBrowser: 10,
    perIp: 30,
    when: (payload) => typeof (payload as { couponCode?: unknown } | null)?.couponCode === 'string',
  },
  { name: 'carts', actions: ['SaveCart'], perBrowser: 20, perIp: 120 },
  { name: 'captcha', actions: ['GetCashCaptcha'], perBrowser: 12, perIp: 60 },
  // A device saves its push settings when the guest switches a topic (and retries a failed save).
  { name: 'push', actions: ['SaveAppSettings'], perBrowser: 30, perIp: 300 },
  // Adding a customer card: against guessing check codes (each card also locks after 5 wrong codes).
  { name: 'cardClaim', actions: ['AddCustomerCard'], perBrowser: 5, perIp: 20 },
  // Page views (with consent): a guest tapping quickly through the shop stays far below.
  // Each device counts once per route and minute; rotating browser ids meet the IP limit.
  { name: 'pageViews', actions: ['LogPageView'], perBrowser: 30, perIp: 120 },
  // Real-user vitals (with consent): one report per page load, sent when the page is hidden.
  { name: 'webVitals', actions: ['LogWebVitals'], perBrowser: 30, perIp: 120 },
  { name: 'settings', actions: ['SaveUserSettings'], perBrowser: 30, perIp: 120 },
  // A device's stored documents (preferences, its push token): each record has a size bound, and
  // these writes a minute bound what one client can store (marking an order paid is not counted).
  {
    name: 'documents',
    actions: ['DocUpserter'],
    perBrowser: 30,
    perIp: 120,
    when: (payload) => (payload as { collectionName?: unknown } | null)?.collectionName !== 'orders',
  },
  // Staff changes (also staff accounts are bounded: a stolen token cannot flood guests with events).
  {
    name: 'staff',
    actions: [
      'IssueCustomerCard',
      'TopUpCustomerCard',
      'ResetCustomerCardCode',
      'UpdateOffer',
      'SaveNews',
      'SetNewsActive',
      'notifyFoodsUpdated',
      'notifyDrinksUpdated',
      'MuteWaiterCalls',
    ],
    perBrowser: 30,
    perIp: 120,
  },
  // Everything together, as a flood guard (the checkout retries mark-authorized every 0.8 s).
  { name: 'all', actions: '*', perBrowser: 300, perIp: 1_200 },
];

export type RateLimiter = (request: FastifyRequest, action: ActionName, browserId: string, payload: unknown) => Promise<void>;

interface Keyed {
  shopRateKey?: string;
}

/**
 * Registers @fastify/rate-limit (not globally: the action route asks per action) and returns the
 * check the action route runs after the envelope is parsed. `enabled: false` (tests of other
 * things) checks nothing.
 */
export async function registerRateLimits(
  app: FastifyInstance,
  options: { enabled: boolean; redisUrl?: string | undefined; ops?: Pick<OpsConfig, 'redisCommandTimeoutMs' | 'redisPrefix'> },
): Promise<RateLimiter> {
  if (!options.enabled) return async () => undefined;
  const ops = options.ops ?? { redisCommandTimeoutMs: 500, redisPrefix: 'shop:' };
  // No offline queue and a short command timeout: with Redis away a request waits at most
  // REDIS_COMMAND_TIMEOUT_MS for its count, then goes through uncounted (fail open, skipOnError).
  const redis = options.redisUrl ? new (await import('ioredis')).Redis(options.redisUrl, commandClientOptions(ops)) : undefined;
  if (redis) {
    redis.on('error', () => metrics.redisErrors.inc({ client: 'rateLimit' }));
    // Counted from the first request when Redis is there; when it is not, the client keeps trying in the background.
    await redis.connect().catch(() => undefined);
    app.addHook('onClose', async () => redis.disconnect());
  }
  await app.register((await import('@fastify/rate-limit')).default, {
    global: false,
    ...(redis ? { redis, nameSpace: `${ops.redisPrefix}rate:` } : {}),
    // A store that cannot answer must not take the shop down: count nothing rather than refuse everything.
    skipOnError: true,
  });
  const limiters = RATE_RULES.map((rule) => ({
    rule,
    browser: rule.perBrowser
      ? app.createRateLimit({
          max: rule.perBrowser,
          timeWindow: rule.windowMs ?? WINDOW_MS,
          keyGenerator: (request) => (request as Keyed).shopRateKey ?? request.ip,
        })
      : null,
    ip: app.createRateLimit({
      max: rule.perIp,
      timeWindow: rule.windowMs ?? WINDOW_MS,
      keyGenerator: (request) => (request as Keyed).shopRateKey ?? request.ip,
    }),
  }));

  return async (request, action, browserId, payload) => {
    for (const { rule, browser, ip } of limiters) {
      if (rule.actions !== '*' && !rule.actions.includes(action)) continue;
      if (rule.when && !rule.when(payload)) continue;
      const counted: { limit: typeof ip; key: string }[] = [{ limit: ip, key: `${rule.name}:ip:${request.ip}` }];
      if (browser) counted.push({ limit: browser, key: `${rule.name}:browser:${browserId}` });
      for (const { limit, key } of counted) {
        (request as Keyed).shopRateKey = key;
        const status = await limit(request);
        if (!status.isAllowed && status.isExceeded) {
          throw new ApiError(
            429,
            'rate_limited',
            `Rate limit "${rule.name}" exceeded (${key.split(':')[1]}), retry in ${status.ttlInSeconds} s`,
            texts.tooManyRequests,
            {},
            undefined,
            status.ttlInSeconds,
          );
        }
      }
    }
  };
}
