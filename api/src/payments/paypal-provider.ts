/**
 * PayPal adapter: the Orders v2 and Payments v2 REST API with fetch against PAYPAL_API_BASE
 * (default https://api-m.paypal.com). The official server SDK (@paypal/paypal-server-sdk) only
 * offers its fixed Sandbox/Production environments and brings six more dependencies, so it cannot
 * be pointed at the local server the tests use; the REST API is small and stable (ADR 0009).
 *
 * Flow (requirements#checkout-behaviour, requirements#checkout-calls): create an order with intent AUTHORIZE (purchase unit in EUR with
 * the total, the order id as reference, no shipping) -> the buyer approves in the PayPal button ->
 * authorize -> later capture or void the authorization.
 */
import { centsToEuroString } from '@shop/shared/domain/money';
import { CHECKOUT_CONSTANTS } from '@shop/shared/domain/checkout-constants';
import { ProviderError, type AuthResult, type PaymentProvider } from './provider';

export interface PaypalOptions {
  readonly clientId: string;
  readonly clientSecret: string;
  readonly apiBase?: string | undefined;
  readonly fetch?: typeof fetch;
}

interface PaypalAmount {
  currency_code: string;
  value: string;
}
interface PaypalAuthorization {
  id: string;
  status: string;
  amount?: PaypalAmount;
}
interface PaypalOrder {
  id: string;
  status: string;
  purchase_units?: Array<{
    reference_id?: string;
    amount?: PaypalAmount;
    payments?: { authorizations?: PaypalAuthorization[] };
  }>;
}

const DEFAULT_BASE = 'https://api-m.paypal.com';

function cents(amount: PaypalAmount | undefined): number {
  if (!amount) return 0;
  const [euros = '0', fraction = '0'] = amount.value.split('.');
  return Number(euros) * 100 + Number(fraction.padEnd(2, '0').slice(0, 2));
}

/** Order status -> unified state: an authorization CREATED is authorized, an order to approve requires action. */
function orderResult(order: PaypalOrder): AuthResult {
  const unit = order.purchase_units?.[0];
  const auth = unit?.payments?.authorizations?.[0];
  if (auth) return authResult(order.id, auth, unit?.reference_id, cents(unit?.amount));
  const state =
    order.status === 'VOIDED'
      ? 'voided'
      : order.status === 'CREATED' || order.status === 'APPROVED' || order.status === 'PAYER_ACTION_REQUIRED'
        ? 'requires_action'
        : 'unknown';
  return {
    ref: order.id,
    state,
    providerStatus: order.status,
    amount: cents(unit?.amount),
    ...(unit?.reference_id ? { uniqueOrderId: unit.reference_id } : {}),
  };
}

function authResult(orderId: string, auth: PaypalAuthorization, reference: string | undefined, fallbackAmount: number): AuthResult {
  const state =
    auth.status === 'CREATED' || auth.status === 'PENDING'
      ? 'authorized'
      : auth.status === 'CAPTURED' || auth.status === 'PARTIALLY_CAPTURED'
        ? 'captured'
        : auth.status === 'VOIDED' || auth.status === 'EXPIRED'
          ? 'voided'
          : auth.status === 'DENIED'
            ? 'declined'
            : 'unknown';
  return {
    ref: orderId,
    state,
    providerStatus: auth.status,
    amount: auth.amount ? cents(auth.amount) : fallbackAmount,
    authRef: auth.id,
    ...(reference ? { uniqueOrderId: reference } : {}),
  };
}

export type PaypalProvider = PaymentProvider & {
  /** Reads an order (status, reference, authorization). */
  getOrder(ref: string): Promise<AuthResult>;
};

export function createPaypalProvider(options: PaypalOptions): PaypalProvider {
  const base = (options.apiBase ?? DEFAULT_BASE).replace(/\/+$/, '');
  const doFetch = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  let token: { value: string; expiresAt: number } | null = null;

  async function accessToken(): Promise<string> {
    if (token && token.expiresAt > Date.now() + 60_000) return token.value;
    const res = await doFetch(`${base}/v1/oauth2/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${options.clientId}:${options.clientSecret}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
      signal: AbortSignal.timeout(CHECKOUT_CONSTANTS.providerCallTimeoutMs),
    });
    if (!res.ok) throw new ProviderError('paypal', `OAuth token request failed with HTTP ${res.status}`, res.status);
    const body = (await res.json()) as { access_token: string; expires_in: number };
    token = { value: body.access_token, expiresAt: Date.now() + body.expires_in * 1000 };
    return token.value;
  }

  async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown, requestId?: string): Promise<T | null> {
    const res = await doFetch(`${base}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${await accessToken()}`,
        'content-type': 'application/json',
        prefer: 'return=representation',
        ...(requestId ? { 'paypal-request-id': requestId } : {}),
      },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      signal: AbortSignal.timeout(CHECKOUT_CONSTANTS.providerCallTimeoutMs),
    });
    if (res.status === 204) return null;
    const text = await res.text();
    const json = text ? (JSON.parse(text) as T & { name?: string; message?: string }) : null;
    if (!res.ok) {
      const detail = json && typeof json === 'object' ? `${json.name ?? ''} ${json.message ?? ''}`.trim() : text;
      throw new ProviderError('paypal', `${method} ${path} failed with HTTP ${res.status}: ${detail}`, res.status);
    }
    return json;
  }

  async function getOrder(ref: string): Promise<AuthResult> {
    const order = await call<PaypalOrder>('GET', `/v2/checkout/orders/${encodeURIComponent(ref)}`);
    if (!order) throw new ProviderError('paypal', `Empty answer for order ${ref}`);
    return orderResult(order);
  }

  return {
    id: 'paypal',
    getOrder,

    async authorize(request) {
      const order = await call<PaypalOrder>(
        'POST',
        '/v2/checkout/orders',
        {
          intent: 'AUTHORIZE',
          purchase_units: [
            {
              reference_id: request.uniqueOrderId,
              description: request.description,
              amount: { currency_code: CHECKOUT_CONSTANTS.providerCurrency.toUpperCase(), value: centsToEuroString(request.amount) },
            },
          ],
          payment_source: { paypal: { experience_context: { shipping_preference: 'NO_SHIPPING', user_action: 'PAY_NOW', locale: 'de-DE' } } },
        },
        request.idempotencyKey,
      );
      if (!order) throw new ProviderError('paypal', 'Empty answer when creating the order');
      return orderResult(order);
    },

    /** Authorizes an approved order; an order already authorized answers with its authorization. */
    async confirm(ref, opts = {}) {
      const current = await getOrder(ref);
      if (current.state !== 'requires_action' || current.providerStatus !== 'APPROVED') return current;
      const order = await call<PaypalOrder>('POST', `/v2/checkout/orders/${encodeURIComponent(ref)}/authorize`, {}, opts.idempotencyKey ?? `authorize-${ref}`);
      if (!order) throw new ProviderError('paypal', `Empty answer when authorizing ${ref}`);
      return orderResult(order);
    },

    async capture(ref, amount, opts = {}) {
      if (!opts.authRef) throw new ProviderError('paypal', 'capture needs the authorization id');
      const capture = await call<{ id?: string; status?: string }>(
        'POST',
        `/v2/payments/authorizations/${encodeURIComponent(opts.authRef)}/capture`,
        { amount: { currency_code: 'EUR', value: centsToEuroString(amount) }, final_capture: true },
        opts.idempotencyKey ?? `capture-${opts.authRef}`,
      );
      const auth = await call<PaypalAuthorization>('GET', `/v2/payments/authorizations/${encodeURIComponent(opts.authRef)}`);
      if (!auth) throw new ProviderError('paypal', `Empty answer for authorization ${opts.authRef}`);
      return { ...authResult(ref, auth, undefined, amount), ...(capture?.id ? { captureRef: capture.id } : {}) };
    },

    async refund(ref, amount, opts = {}) {
      if (!opts.captureRef) throw new ProviderError('paypal', 'refund needs the capture id');
      const refund = await call<{ id?: string; status?: string }>(
        'POST',
        `/v2/payments/captures/${encodeURIComponent(opts.captureRef)}/refund`,
        { amount: { currency_code: 'EUR', value: centsToEuroString(amount) } },
        opts.idempotencyKey ?? `refund-${opts.captureRef}`,
      );
      if (!refund || (refund.status !== 'COMPLETED' && refund.status !== 'PENDING')) {
        throw new ProviderError('paypal', `Refund of capture ${opts.captureRef} answered ${refund?.status ?? 'nothing'}`);
      }
      return { ref, state: 'refunded', providerStatus: refund.status, amount };
    },

    async void(ref, opts = {}) {
      if (!opts.authRef) throw new ProviderError('paypal', 'void needs the authorization id');
      await call('POST', `/v2/payments/authorizations/${encodeURIComponent(opts.authRef)}/void`, undefined, `void-${opts.authRef}`);
      const auth = await call<PaypalAuthorization>('GET', `/v2/payments/authorizations/${encodeURIComponent(opts.authRef)}`);
      if (!auth) throw new ProviderError('paypal', `Empty answer for authorization ${opts.authRef}`);
      return authResult(ref, auth, undefined, 0);
    },
  };
}
