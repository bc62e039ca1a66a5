import { emit } from '@shop/shared/bus';
import { ActionCallError, callAction } from '@shop/shared/client';
import type { Coupon, OrderMode } from '@shop/shared/contract';
import { isOrderingEnabled } from '@shop/shared/domain/add-to-cart-rules';
import { newCartItemId } from '@shop/shared/domain/cart';
import { normalizeCouponCode, redeemCoupon, type CouponRefusal } from '@shop/shared/domain/coupons';
import { resolveFeatures } from '@shop/shared/domain/features';
import { formatEuro } from '@shop/shared/domain/money';
import { de, fill } from '@shop/shared/i18n';
import { appDataStore, cartStore, descriptorStore, untilCartUnlocked } from '@shop/shared/stores';
import { updateCart } from './commands';
import { ensureLookup } from './menu-lookup';
import { rememberCoupon } from './saved-coupons';

const t = de.cart;

export type RedeemOutcome =
  | { readonly kind: 'added'; readonly coupon: Coupon }
  /** Display-only coupon (applicable false): show the promo dialog. */
  | { readonly kind: 'promo'; readonly coupon: Coupon }
  | { readonly kind: 'refused'; readonly message: string; readonly coupon?: Coupon }
  /** A new restore locked the cart while the coupon was being redeemed (requirements#shop-behaviour). */
  | { readonly kind: 'ignored' };

export function refusalText(refusal: CouponRefusal | { kind: 'bundle-unavailable' }): string {
  switch (refusal.kind) {
    case 'expired':
      return t.couponExpired;
    case 'redeemed':
      return t.couponRedeemed;
    case 'inactive':
      return t.couponInactive;
    case 'not-applicable':
      return t.couponNotApplicable;
    case 'duplicate':
    case 'stamp-duplicate':
      return t.couponDuplicate;
    case 'not-combinable':
      return t.couponBlocked;
    case 'bundle-unavailable':
      return t.bundleUnavailable;
  }
}

/** What a coupon is worth, for its card and dialog. */
export function couponValueText(coupon: Pick<Coupon, 'type' | 'amount' | 'discount' | 'fixedprice'>): string {
  switch (coupon.type) {
    case 'amount':
      return fill(t.couponAmount, { amount: formatEuro(coupon.amount) });
    case 'discount':
      return fill(t.couponDiscount, { percent: coupon.discount });
    case 'bundle':
      return fill(t.couponBundle, { price: formatEuro(coupon.fixedprice ?? 0) });
    case 'individual':
      return fill(t.couponIndividual, { amount: formatEuro(coupon.amount) });
  }
}

const dateFormat = new Intl.DateTimeFormat('de-DE', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'Europe/Berlin' });
export function validUntilText(validUntil: number): string {
  return fill(t.couponValidUntil, { date: dateFormat.format(new Date(validUntil)) });
}

/** LoadCoupons with a code: the coupon, or null with whether it is a personal voucher that needs a sign-in. */
export async function lookUpCode(code: string): Promise<{ coupon: Coupon | null; signInRequired: boolean }> {
  const res = await callAction('LoadCoupons', { couponCode: code });
  if (!res.ok) return { coupon: null, signInRequired: false };
  return { coupon: res.coupons[0] ?? null, signInRequired: res.signInRequired === true };
}

/** Puts a loaded coupon into the cart (a bundle with its articles), or says why not. */
export async function putCouponInCart(coupon: Coupon, mode: OrderMode): Promise<RedeemOutcome> {
  if (!coupon.applicable && coupon.active) return { kind: 'promo', coupon };
  // A coupon tap during the 3 s restore lock waits for it to end (like adding an item).
  await untilCartUnlocked();
  const config = appDataStore.get()?.appconfig;
  if (config && !isOrderingEnabled(config, resolveFeatures(config.features, descriptorStore.getValue()?.features), mode)) {
    return { kind: 'refused', message: t.orderingDisabled, coupon };
  }
  const findItem = coupon.type === 'bundle' ? await ensureLookup() : () => undefined;
  const now = Date.now();
  const result = redeemCoupon(cartStore.get(), coupon, { now, mode, findItem, newId: () => newCartItemId(now) });
  if (!result.ok) return { kind: 'refused', message: refusalText(result.refusal), coupon };
  if (!updateCart(() => result.cart)) return { kind: 'ignored' };
  rememberCoupon(coupon, now);
  emit('cart:item-added', { cartItemId: result.line.cartItemId, id: result.line.id, count: 1 });
  emit('shell:overlay', { kind: 'added-to-cart' });
  return { kind: 'added', coupon };
}

/** The code entry (requirements#screens): looks the code up with LoadCoupons and redeems it. */
export async function redeemCode(input: string, mode: OrderMode): Promise<RedeemOutcome> {
  const code = normalizeCouponCode(input);
  if (code === '') return { kind: 'refused', message: t.codeEmpty };
  let coupon: Coupon | null;
  let signInRequired = false;
  try {
    ({ coupon, signInRequired } = await lookUpCode(code));
  } catch (error) {
    // Too many codes tried (rate limit): the server's German text says to wait.
    if (error instanceof ActionCallError && error.status === 429 && error.userMessage) return { kind: 'refused', message: error.userMessage };
    throw error;
  }
  if (!coupon) return { kind: 'refused', message: signInRequired ? t.codeSignInRequired : t.codeUnknown };
  return putCouponInCart(coupon, mode);
}
