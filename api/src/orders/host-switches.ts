/**
 * The switches of the host the request arrives on (requirements#operating-rules, ADR 0026): the restaurant's app config,
 * overridden by the host descriptor's features (ordering off, flows, delivery, tip, waiter call),
 * and the payment providers the venue switched on as far as this server has them. SaveNewOrder and
 * the payment actions honour them on the server; the browser's view is only advice.
 */
import type { AppConfig, FeatureFlags, OrderDraft, SavedOrder } from '@shop/shared/contract';
import { isOrderingEnabled } from '@shop/shared/domain/add-to-cart-rules';
import { availableProviders, flowIdOf, isFlowEnabled } from '@shop/shared/domain/checkout-flow';
import { resolveFeatures } from '@shop/shared/domain/features';
import { modeOfUsecase } from '@shop/shared/domain/pricing';
import { de } from '@shop/shared/i18n';
import type { ActionContext } from '../actions/context';
import { ApiError } from '../http/api-error';
import type { PaymentMethod } from '../payments/service';

export interface HostSwitches {
  readonly config: AppConfig;
  readonly features: FeatureFlags;
  /** The venue's providers, each only if this server can take it (keys or test mode). */
  readonly providers: AppConfig['providers'];
}

export async function hostSwitches(ctx: Pick<ActionContext, 'payments' | 'menus' | 'descriptor'>): Promise<HostSwitches> {
  const config = await ctx.menus.appConfig();
  const payments = ctx.payments;
  return {
    config,
    features: resolveFeatures(config.features, ctx.descriptor.features),
    providers: availableProviders(config.providers, { card: payments.card !== undefined, paypal: payments.paypal !== undefined }),
  };
}

type WayToOrder = Pick<OrderDraft, 'usecase' | 'onlinePay'> & { paymentInfo: Pick<OrderDraft['paymentInfo'], 'tip'> };

/**
 * Ordering must be on (app config, host, the mode's switch) and the order's flow switched on, with
 * an online provider for an online flow. Refusals are 409 `ordering_disabled` with the cart's texts.
 */
export function requireWayToOrder(order: WayToOrder, switches: HostSwitches): void {
  const { config, features, providers } = switches;
  if (!isOrderingEnabled(config, features, modeOfUsecase(order.usecase))) {
    throw new ApiError(409, 'ordering_disabled', 'Ordering is disabled', de.cart.orderingDisabled);
  }
  const flow = flowIdOf({ usecase: order.usecase, onlinePay: order.onlinePay, tip: order.paymentInfo.tip });
  if (!isFlowEnabled(flow, { ...config, providers }, features)) {
    throw new ApiError(409, 'ordering_disabled', `The ${flow} flow is switched off`, de.cart.flowDisabled);
  }
}

/** The payment method must be one the venue offers and this server can take (else 404 when absent here, 409 when switched off). */
export function requirePaymentMethod(method: PaymentMethod, switches: HostSwitches, ctx: Pick<ActionContext, 'payments'>): void {
  const payments = ctx.payments;
  const present = method === 'paypal' ? payments.paypal !== undefined : method === 'customerCard' ? true : payments.card !== undefined;
  if (!present) throw new ApiError(404, 'not_found', `Payment method ${method} is not configured on this server`, de.checkout.paymentMethodUnavailable);
  const { providers } = switches;
  const on =
    method === 'paypal'
      ? providers.paypal
      : method === 'customerCard'
        ? providers.customerCard
        : method === 'wallet'
          ? providers.stripe && providers.wallet
          : providers.stripe;
  if (!on) throw new ApiError(409, 'ordering_disabled', `Payment method ${method} is switched off`, de.checkout.paymentMethodUnavailable);
}

/** Before a payment of a saved order starts or completes: ordering and its flow are still on, the method is offered. */
export async function requirePayable(ctx: ActionContext, order: SavedOrder, method: PaymentMethod): Promise<void> {
  const switches = await hostSwitches(ctx);
  requireWayToOrder(order, switches);
  requirePaymentMethod(method, switches, ctx);
}
