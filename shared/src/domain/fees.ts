import type { AppConfig } from '../contract/appconfig';
import type { Cart, FeeLine } from '../contract/cart';
import type { Usecase } from '../contract/common';
import { cart as t } from '../i18n/de/cart';
import { CHECKOUT_CONSTANTS } from './checkout-constants';
import type { Cents } from './money';

/**
 * Fees (requirements#order-entities "Special fee items", requirements#checkout-constants): the online service fee (id
 * specialUniqueOnlineServiceFee, posId 5007, 'Online Servicegebühr') when the order is paid online
 * and the fee is set; the delivery fee ('Liefergebühr', posId 5007) for delivery orders. Each is
 * at most one line in the cart. Coupons never reduce fees.
 */

export interface FeeConfig {
  /** Online service fee in cents (0: none). */
  readonly onlineServiceFee: Cents;
  /** Delivery fee in cents (the delivery area's fee where one applies). */
  readonly deliveryFee: Cents;
}

export function feeConfigOf(config: Pick<AppConfig, 'onlineServiceFee' | 'delivery'>, area?: { readonly fee?: Cents }): FeeConfig {
  return { onlineServiceFee: config.onlineServiceFee, deliveryFee: area?.fee ?? config.delivery.deliveryFee };
}

export interface FeeCharge {
  readonly id: string;
  readonly name: string;
  readonly amount: Cents;
}

/** The fees an order pays. */
export function feeCharges(args: { readonly usecase: Usecase | 'inhouse'; readonly onlinePay: boolean; readonly fees: FeeConfig }): FeeCharge[] {
  const charges: FeeCharge[] = [];
  if (args.onlinePay && args.fees.onlineServiceFee > 0) {
    charges.push({ id: CHECKOUT_CONSTANTS.onlineServiceFeeId, name: t.onlineServiceFee, amount: args.fees.onlineServiceFee });
  }
  if (args.usecase === 'delivery' && args.fees.deliveryFee > 0) {
    charges.push({ id: CHECKOUT_CONSTANTS.deliveryFeeId, name: t.deliveryFee, amount: args.fees.deliveryFee });
  }
  return charges;
}

export function feeLine(charge: FeeCharge): FeeLine {
  return {
    kind: 'fee',
    cartItemId: charge.id,
    id: charge.id,
    posId: CHECKOUT_CONSTANTS.specialFeePosId,
    nameToDisplay: charge.name,
    count: 1,
    itemTotal: charge.amount,
  };
}

/** The cart with exactly these fee lines (one per kind), after the other lines. */
export function withFeeLines(cart: Cart, charges: readonly FeeCharge[]): Cart {
  return [...withoutFeeLines(cart), ...charges.map(feeLine)];
}

/** The cart without fee lines (the checkout removes them when it is left). */
export function withoutFeeLines(cart: Cart): Cart {
  return cart.filter((l) => l.kind !== 'fee');
}
