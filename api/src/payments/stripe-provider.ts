/**
 * Stripe adapter (official `stripe` SDK): customers, attach/detach/list cards, PaymentIntents
 * with manual capture (authorize now, capture when the order is accepted), cancel to void.
 * STRIPE_API_BASE points the SDK at another host (tests use a local server that answers like
 * Stripe's API).
 */
import Stripe from 'stripe';
import type { SavedCard } from '@shop/shared/contract';
import { CHECKOUT_CONSTANTS } from '@shop/shared/domain/checkout-constants';
import { ProviderError, cardExpiry, cardLabel, type AuthResult, type AuthState, type AuthorizeRequest, type CardVault, type PaymentProvider } from './provider';

export interface StripeOptions {
  readonly secretKey: string;
  /** e.g. http://127.0.0.1:4555 (tests); default api.stripe.com. */
  readonly apiBase?: string | undefined;
}

/** A Stripe client, pointed at STRIPE_API_BASE when given. */
export function createStripeClient(options: StripeOptions): Stripe {
  const config: ConstructorParameters<typeof Stripe>[1] = { maxNetworkRetries: 2, timeout: CHECKOUT_CONSTANTS.providerCallTimeoutMs, telemetry: false };
  if (options.apiBase) {
    const url = new URL(options.apiBase);
    Object.assign(config, {
      host: url.hostname,
      port: url.port || (url.protocol === 'https:' ? 443 : 80),
      protocol: url.protocol.replace(':', '') as 'http' | 'https',
    });
  }
  return new Stripe(options.secretKey, config);
}

/** PaymentIntent status -> the unified state (requirements#checkout-behaviour: requires_action, requires_capture, anything else). */
export function stateOfIntent(status: string): AuthState {
  switch (status) {
    case 'requires_capture':
      return 'authorized';
    case 'requires_action':
      return 'requires_action';
    case 'succeeded':
      return 'captured';
    case 'canceled':
      return 'voided';
    case 'requires_payment_method':
      // After a failed confirmation Stripe returns the intent to requires_payment_method.
      return 'declined';
    default:
      return 'unknown';
  }
}

function resultOf(pi: Stripe.PaymentIntent, declineMessage?: string): AuthResult {
  const state = stateOfIntent(pi.status);
  return {
    ref: pi.id,
    state,
    providerStatus: pi.status,
    amount: pi.amount,
    ...(pi.client_secret ? { clientSecret: pi.client_secret } : {}),
    ...(pi.metadata?.uniqueOrderId ? { uniqueOrderId: pi.metadata.uniqueOrderId } : {}),
    ...(typeof pi.payment_method === 'string' ? { paymentMethodId: pi.payment_method } : pi.payment_method ? { paymentMethodId: pi.payment_method.id } : {}),
    ...(typeof pi.customer === 'string' ? { customerId: pi.customer } : pi.customer ? { customerId: pi.customer.id } : {}),
    ...(declineMessage ? { declineMessage } : pi.last_payment_error?.message ? { declineMessage: pi.last_payment_error.message } : {}),
  };
}

function isCardError(error: unknown): error is Stripe.errors.StripeCardError {
  return (
    error instanceof Stripe.errors.StripeCardError || (typeof error === 'object' && error !== null && (error as { type?: string }).type === 'StripeCardError')
  );
}

function wrap(error: unknown): never {
  if (error instanceof Stripe.errors.StripeError) throw new ProviderError('stripe', error.message, error.statusCode);
  throw error;
}

export function createStripeProvider(stripe: Stripe): PaymentProvider & CardVault {
  function toSavedCard(pm: Stripe.PaymentMethod): SavedCard {
    const card = pm.card;
    return {
      paymentMethodId: pm.id,
      label: card ? cardLabel(card.brand, card.last4) : pm.type,
      exp: card ? cardExpiry(card.exp_month, card.exp_year) : '',
    };
  }

  return {
    id: 'stripe',

    async createCustomer({ email, ownerKey }) {
      try {
        const customer = await stripe.customers.create(
          { ...(email ? { email } : {}), metadata: { owner: ownerKey } },
          { idempotencyKey: `customer-${ownerKey}` },
        );
        return { customerId: customer.id };
      } catch (error) {
        return wrap(error);
      }
    },

    async attachCard(customerId, paymentMethodId) {
      try {
        return toSavedCard(await stripe.paymentMethods.attach(paymentMethodId, { customer: customerId }));
      } catch (error) {
        return wrap(error);
      }
    },

    async detachCard(customerId, paymentMethodId) {
      try {
        const pm = await stripe.paymentMethods.retrieve(paymentMethodId);
        const owner = typeof pm.customer === 'string' ? pm.customer : pm.customer?.id;
        if (owner !== customerId) throw new ProviderError('stripe', `payment method ${paymentMethodId} does not belong to ${customerId}`, 404);
        await stripe.paymentMethods.detach(paymentMethodId);
      } catch (error) {
        if (error instanceof ProviderError) throw error;
        wrap(error);
      }
    },

    async deleteCustomer(customerId) {
      try {
        // Stripe removes the customer's payment methods with it.
        await stripe.customers.del(customerId);
      } catch (error) {
        if ((error as { code?: string }).code === 'resource_missing') return;
        wrap(error);
      }
    },

    async listCards(customerId) {
      try {
        const list = await stripe.paymentMethods.list({ customer: customerId, type: 'card', limit: 20 });
        return list.data.map(toSavedCard);
      } catch (error) {
        return wrap(error);
      }
    },

    async authorize(request: AuthorizeRequest) {
      if (!request.paymentMethodId) throw new ProviderError('stripe', 'a payment method is required');
      try {
        const pi = await stripe.paymentIntents.create(
          {
            amount: request.amount,
            currency: CHECKOUT_CONSTANTS.providerCurrency,
            capture_method: 'manual',
            confirm: true,
            payment_method: request.paymentMethodId,
            automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
            ...(request.customerId ? { customer: request.customerId } : {}),
            description: request.description,
            metadata: { uniqueOrderId: request.uniqueOrderId },
          },
          { idempotencyKey: request.idempotencyKey },
        );
        return resultOf(pi);
      } catch (error) {
        if (isCardError(error)) {
          const raw = (error as { raw?: { payment_intent?: Stripe.PaymentIntent } }).raw;
          const intent = raw?.payment_intent ?? (error as { payment_intent?: Stripe.PaymentIntent }).payment_intent;
          return {
            ref: intent?.id ?? '',
            state: 'declined',
            providerStatus: intent?.status ?? 'card_error',
            amount: request.amount,
            uniqueOrderId: request.uniqueOrderId,
            paymentMethodId: request.paymentMethodId,
            declineMessage: error.message,
          };
        }
        return wrap(error);
      }
    },

    async confirm(ref) {
      try {
        return resultOf(await stripe.paymentIntents.retrieve(ref));
      } catch (error) {
        return wrap(error);
      }
    },

    async capture(ref, amount, options = {}) {
      try {
        return resultOf(
          await stripe.paymentIntents.capture(ref, { amount_to_capture: amount }, options.idempotencyKey ? { idempotencyKey: options.idempotencyKey } : {}),
        );
      } catch (error) {
        return wrap(error);
      }
    },

    async void(ref) {
      try {
        return resultOf(await stripe.paymentIntents.cancel(ref, { cancellation_reason: 'abandoned' }));
      } catch (error) {
        return wrap(error);
      }
    },

    async refund(ref, amount, options = {}) {
      try {
        const refund = await stripe.refunds.create({ payment_intent: ref, amount }, options.idempotencyKey ? { idempotencyKey: options.idempotencyKey } : {});
        if (refund.status === 'failed' || refund.status === 'canceled') throw new ProviderError('stripe', `Refund ${refund.id} of ${ref} is ${refund.status}`);
        return { ref, state: 'refunded', providerStatus: refund.status ?? 'pending', amount: refund.amount };
      } catch (error) {
        if (error instanceof ProviderError) throw error;
        return wrap(error);
      }
    },
  };
}
