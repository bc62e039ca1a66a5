import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ActionName } from '@shop/shared/contract';
import { shell as texts } from '@shop/shared/i18n/shell';
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
  { name: 'waiter', actions: ['Kellnerruf'], perBrowser: 4, perIp: 30 },
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
  { name: 'pageViews', actions: ['LogPageView'], perBrowser: 30, perIp: 600 },
  { name: 'settings', actions: ['SaveUserSettings'], perBrowser: 30, perIp: 120 },
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
export async function registerRateLimits(app: FastifyInstance, options: { enabled: boolean; redisUrl?: string | undefined }): Promise<RateLimiter> {
  if (!options.enabled) return async () => undefined;
  const redis = options.redisUrl
    ? new (await import('ioredis')).Redis(options.redisUrl, { connectTimeout: 500, maxRetriesPerRequest: 1, lazyConnect: false })
    : undefined;
  if (redis) app.addHook('onClose', async () => redis.disconnect());
  await app.register((await import('@fastify/rate-limit')).default, {
    global: false,
    ...(redis ? { redis, nameSpace: 'shop-rate-' } : {}),
    // A store that cannot answer must not take the shop down: count nothing rather than refuse everything.
    skipOnError: true,
  });
  const limiters = RATE_RULES.map((rule) => ({
    rule,
    browser: rule.perBrowser
      ? app.createRateLimit({ max: rule.perBrowser, timeWindow: WINDOW_MS, keyGenerator: (request) => (request as Keyed).shopRateKey ?? request.ip })
      : null,
    ip: app.createRateLimit({ max: rule.perIp, timeWindow: WINDOW_MS, keyGenerator: (request) => (request as Keyed).shopRateKey ?? request.ip }),
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
