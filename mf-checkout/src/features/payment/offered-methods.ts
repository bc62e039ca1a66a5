import type { AppConfig, ResolvedDescriptor } from '@shop/shared/contract';
import { isAccountHolder } from '@shop/shared/domain/account-holder';

export type Method = 'paypal' | 'credit' | 'wallet' | 'customerCard';

/**
 * The online payment methods the payment step offers (requirements#checkout-screens Bezahlung): PayPal, card and
 * the wallet by the venue's providers and the configured keys; the customer card only for an
 * account holder (requirements#checkout-roles), never for a guest or an anonymous guest session.
 */
export function offeredMethods(input: {
  providers: AppConfig['providers'];
  payments: ResolvedDescriptor['payments'];
  walletAvailable: boolean;
  user: { isAnonymous?: boolean | undefined } | null;
}): Method[] {
  const { providers, payments, walletAvailable } = input;
  const live = payments.mode === 'live';
  const list: Method[] = [];
  if (providers.paypal && (!live || payments.paypalClientId)) list.push('paypal');
  if (providers.stripe && (!live || payments.stripePublishableKey)) list.push('credit');
  if (providers.stripe && providers.wallet && walletAvailable && (!live || payments.stripePublishableKey)) list.push('wallet');
  if (providers.customerCard && isAccountHolder(input.user)) list.push('customerCard');
  return list;
}

/** The fuid a payment customer is created for: an account holder's only (a guest's card is for this payment). */
export function buyerFuid(user: { uid: string; isAnonymous?: boolean | undefined } | null): string | null {
  return user && isAccountHolder(user) ? user.uid : null;
}
