/**
 * Which payment providers answer (ADR 0026: only real payments):
 * - live mode, as soon as any provider has keys: card and wallet through Stripe when
 *   STRIPE_SECRET_KEY is set, PayPal when PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET are set; a
 *   method without keys is absent (its actions refuse it, the descriptor does not offer it);
 * - test mode, only when no provider has keys and never with NODE_ENV=production: the offline test
 *   provider stands in for card, wallet and PayPal, and its test actions exist;
 * - the customer card always uses the shop's own ledger.
 * Production without any payment keys does not start (`assertPaymentConfig`).
 */
import type Stripe from 'stripe';
import type { ApiConfig } from '../config';
import type { Db } from '../db/client';
import { instrumentProvider } from '../ops/metrics';
import { createCustomerCardProvider } from './customer-card';
import { createPaypalProvider } from './paypal-provider';
import type { CardVault, PaymentProvider } from './provider';
import { createStripeClient, createStripeProvider } from './stripe-provider';
import { createTestCardProvider, createTestPaypalProvider, type TestCardProvider, type TestPaypalProvider } from './test-provider';

/** The online payment methods a shop can offer. */
export type PaymentMethodName = 'card' | 'wallet' | 'paypal' | 'customerCard';

export interface Payments {
  readonly mode: 'test' | 'live';
  /** Card and wallet (Stripe, or the test provider); absent when neither is configured. */
  readonly card?: PaymentProvider & CardVault;
  /** PayPal (Orders v2, or the test provider); absent in live mode without PayPal keys. */
  readonly paypal?: PaymentProvider;
  readonly customerCard: PaymentProvider;
  /** Test mode only: the simulated issuer and PayPal buyer. */
  readonly testCard?: TestCardProvider;
  readonly testPaypal?: TestPaypalProvider;
  /** Stripe client (for webhook signatures) when Stripe is configured. */
  readonly stripe?: Stripe;
  readonly stripeWebhookSecret?: string;
}

type PaymentKeys = Pick<ApiConfig, 'stripeSecretKey' | 'paypalClientId' | 'paypalClientSecret'>;

const stripeLive = (config: PaymentKeys) => Boolean(config.stripeSecretKey);
const paypalLive = (config: PaymentKeys) => Boolean(config.paypalClientId && config.paypalClientSecret);

/** Live as soon as any provider has keys: never test money beside real money. */
export function paymentModeOf(config: PaymentKeys): 'test' | 'live' {
  return stripeLive(config) || paypalLive(config) ? 'live' : 'test';
}

/**
 * The payment methods this API offers, by its configuration: in live mode the ones whose provider
 * has keys (and the customer card), in test mode all of them through the offline test provider.
 */
export function paymentMethodsOf(config: PaymentKeys): { mode: 'test' | 'live'; methods: PaymentMethodName[] } {
  const mode = paymentModeOf(config);
  if (mode === 'test') return { mode, methods: ['card', 'wallet', 'paypal', 'customerCard'] };
  return {
    mode,
    methods: [...(stripeLive(config) ? (['card', 'wallet'] as const) : []), ...(paypalLive(config) ? (['paypal'] as const) : []), 'customerCard'],
  };
}

/**
 * The live payment methods (real money), for the start log and the readiness answer: empty in
 * test mode (the offline test provider moves no money).
 */
export function livePaymentMethods(config: PaymentKeys): PaymentMethodName[] {
  const { mode, methods } = paymentMethodsOf(config);
  return mode === 'live' ? methods : [];
}

/** One line for the start log: which methods take real money, or that the test provider runs. */
export function describePayments(config: PaymentKeys): string {
  const { mode, methods } = paymentMethodsOf(config);
  if (mode === 'test') return 'payments: TEST MODE (offline test provider, no money moves; set Stripe or PayPal keys for live payments)';
  return `payments: live — ${methods.join(', ')}`;
}

/**
 * Refuses a configuration that would take test money in production: NODE_ENV=production needs the
 * keys of at least one provider (the offline test provider never runs there).
 */
export function assertPaymentConfig(config: PaymentKeys & Pick<ApiConfig, 'production'>): void {
  if (config.production && paymentModeOf(config) === 'test') {
    throw new Error(
      'NODE_ENV=production without any payment keys: the offline test provider never runs in production. ' +
        'Set STRIPE_SECRET_KEY (+ STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET) and/or PAYPAL_CLIENT_ID + PAYPAL_CLIENT_SECRET.',
    );
  }
}

/** The payment providers of one API instance, created once at its start (createApi) and handed to its routes. */
export function createPayments(config: ApiConfig, db: Db, now: () => number = Date.now): Payments {
  assertPaymentConfig(config);
  const customerCard = createCustomerCardProvider(db, now);
  if (paymentModeOf(config) === 'test') {
    const testCard = createTestCardProvider(db, now);
    const testPaypal = createTestPaypalProvider(db, now);
    // Every provider call is counted by outcome (shop_payments_total, api/src/ops/metrics.ts).
    return {
      mode: 'test',
      card: instrumentProvider(testCard),
      paypal: instrumentProvider(testPaypal),
      customerCard: instrumentProvider(customerCard),
      testCard,
      testPaypal,
    };
  }
  const stripe = stripeLive(config) ? createStripeClient({ secretKey: config.stripeSecretKey!, apiBase: config.stripeApiBase }) : undefined;
  return {
    mode: 'live',
    ...(stripe ? { card: instrumentProvider(createStripeProvider(stripe)), stripe } : {}),
    ...(paypalLive(config)
      ? {
          paypal: instrumentProvider(
            createPaypalProvider({ clientId: config.paypalClientId!, clientSecret: config.paypalClientSecret!, apiBase: config.paypalApiBase }),
          ),
        }
      : {}),
    customerCard: instrumentProvider(customerCard),
    ...(config.stripeWebhookSecret ? { stripeWebhookSecret: config.stripeWebhookSecret } : {}),
  };
}
