/**
 * Which providers answer: Stripe when STRIPE_SECRET_KEY is set, else the offline test provider
 * (test mode); PayPal when PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET are set, else the test
 * provider's PayPal; the customer card always uses the own ledger.
 */
import type Stripe from 'stripe';
import type { ApiConfig } from '../config';
import { loadConfig } from '../config';
import type { Db } from '../db/client';
import { createCustomerCardProvider } from './customer-card';
import { createPaypalProvider } from './paypal-provider';
import type { CardVault, PaymentProvider } from './provider';
import { createStripeClient, createStripeProvider } from './stripe-provider';
import { createTestCardProvider, createTestPaypalProvider, type TestCardProvider, type TestPaypalProvider } from './test-provider';

export interface Payments {
  readonly mode: 'test' | 'live';
  readonly card: PaymentProvider & CardVault;
  readonly paypal: PaymentProvider;
  readonly customerCard: PaymentProvider;
  /** Test mode only: the simulated issuer and PayPal buyer. */
  readonly testCard?: TestCardProvider;
  readonly testPaypal?: TestPaypalProvider;
  /** Stripe client (for webhook signatures) when Stripe is configured. */
  readonly stripe?: Stripe;
  readonly stripeWebhookSecret?: string;
}

export function createPayments(config: ApiConfig, db: Db, now: () => number = Date.now): Payments {
  const customerCard = createCustomerCardProvider(db, now);
  const testCard = config.stripeSecretKey ? undefined : createTestCardProvider(db, now);
  const stripe = config.stripeSecretKey ? createStripeClient({ secretKey: config.stripeSecretKey, apiBase: config.stripeApiBase }) : undefined;
  const paypalConfigured = Boolean(config.paypalClientId && config.paypalClientSecret);
  const testPaypal = paypalConfigured ? undefined : createTestPaypalProvider(db, now);
  return {
    mode: stripe ? 'live' : 'test',
    card: stripe ? createStripeProvider(stripe) : testCard!,
    paypal: paypalConfigured
      ? createPaypalProvider({ clientId: config.paypalClientId!, clientSecret: config.paypalClientSecret!, apiBase: config.paypalApiBase })
      : testPaypal!,
    customerCard,
    ...(testCard ? { testCard } : {}),
    ...(testPaypal ? { testPaypal } : {}),
    ...(stripe ? { stripe } : {}),
    ...(config.stripeWebhookSecret ? { stripeWebhookSecret: config.stripeWebhookSecret } : {}),
  };
}

const installed = new WeakMap<object, Payments>();

/** Makes the payments of one API instance known to its handlers (keyed by the instance's database). */
export function installPayments(db: Db, payments: Payments): void {
  installed.set(db, payments);
}

/** The payments of the API instance that owns this database (from the environment when none was installed). */
export function paymentsOf(db: Db, now?: () => number): Payments {
  let payments = installed.get(db);
  if (!payments) {
    payments = createPayments(loadConfig(), db, now);
    installed.set(db, payments);
  }
  return payments;
}
