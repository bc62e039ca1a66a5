/**
 * The one payment provider interface of the server (ARCHITECTURE.md Payments): authorize,
 * confirm, capture and void, implemented by the offline test provider, Stripe (card and wallet),
 * PayPal (Orders v2, intent AUTHORIZE) and the customer card (own ledger).
 *
 * Amounts are integer cents in EUR. `ref` is the provider's id of the authorization object
 * (PaymentIntent, PayPal order, customer-card hold).
 */
import type { SavedCard } from '@shop/shared/contract';

/** The unified state of an authorization. */
export type AuthState = 'requires_action' | 'authorized' | 'declined' | 'captured' | 'voided' | 'refunded' | 'unknown';

export interface AuthResult {
  readonly ref: string;
  readonly state: AuthState;
  /** The provider's own status word ('requires_capture', 'requires_action', 'APPROVED', …). */
  readonly providerStatus: string;
  readonly amount: number;
  /** Card: the client secret the browser needs for a 3-D Secure step. */
  readonly clientSecret?: string;
  /** PayPal: the authorization id once authorized. */
  readonly authRef?: string;
  /** PayPal: the capture id once captured (a refund needs it). */
  readonly captureRef?: string;
  /** The order id the provider has on record for this object (metadata / reference id). */
  readonly uniqueOrderId?: string;
  readonly paymentMethodId?: string;
  readonly customerId?: string;
  /** Decline reason (English, for logs and callers). */
  readonly declineMessage?: string;
}

export interface AuthorizeRequest {
  readonly uniqueOrderId: string;
  readonly amount: number;
  /** Card: the saved (or wallet) payment method and the customer. */
  readonly paymentMethodId?: string;
  readonly customerId?: string;
  /** Customer card: the card's rfid. */
  readonly rfid?: string;
  readonly description: string;
  /** Sent to the provider so that a retried call never authorizes twice. */
  readonly idempotencyKey: string;
}

export interface PaymentProvider {
  readonly id: 'test' | 'stripe' | 'paypal' | 'customerCard';
  /** Starts an authorization (card: PaymentIntent with manual capture; PayPal: an order to approve). */
  authorize(request: AuthorizeRequest): Promise<AuthResult>;
  /**
   * Reads the authorization again after a customer step (3-D Secure done in the browser, PayPal
   * approved) and completes it where the provider needs a call for that (PayPal authorize).
   */
  confirm(ref: string, options?: { idempotencyKey?: string }): Promise<AuthResult>;
  /** Captures an authorized amount (at most the authorized amount). */
  capture(ref: string, amount: number, options?: { authRef?: string; idempotencyKey?: string }): Promise<AuthResult>;
  /** Releases an authorization that will not be captured (order rejected). */
  void(ref: string, options?: { authRef?: string }): Promise<AuthResult>;
  /** Gives a captured amount back (order cancelled after its payment was captured). */
  refund(ref: string, amount: number, options?: { captureRef?: string; idempotencyKey?: string }): Promise<AuthResult>;
}

/** Customers and saved cards at the card provider (Stripe or the test provider). */
export interface CardVault {
  createCustomer(input: { email: string; ownerKey: string }): Promise<{ customerId: string }>;
  attachCard(customerId: string, paymentMethodId: string, options?: { testCardExpiry?: string }): Promise<SavedCard>;
  detachCard(customerId: string, paymentMethodId: string): Promise<void>;
  listCards(customerId: string): Promise<SavedCard[]>;
  /** Deletes the customer with its saved cards (account erasure); an unknown customer is no error. */
  deleteCustomer(customerId: string): Promise<void>;
}

/** A provider failure that is not a decline (network, configuration, unexpected answer). */
export class ProviderError extends Error {
  constructor(
    readonly provider: string,
    message: string,
    readonly status?: number,
  ) {
    super(`${provider}: ${message}`);
    this.name = 'ProviderError';
  }
}

/** The card label of requirements#order-entities: 'Visa •••• 4242'. */
export function cardLabel(brand: string, last4: string): string {
  const name = brand === 'amex' ? 'American Express' : brand.charAt(0).toUpperCase() + brand.slice(1);
  return `${name} •••• ${last4}`;
}

/** 'MM/YY' */
export function cardExpiry(month: number, year: number): string {
  return `${String(month).padStart(2, '0')}/${String(year % 100).padStart(2, '0')}`;
}
