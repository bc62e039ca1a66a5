import type { Cart, CartLine, Coupon, CouponLine, ProductLine } from '../contract/cart';
import type { OrderMode } from '../contract/common';
import type { MenuCategory, MenuItem } from '../contract/menu';
import { linesMatch, productLines, withCount } from './cart';
import { initialConfig } from './configurator';
import { validateSelection } from './line-pricing';
import type { Cents } from './money';
import { buildProductLine } from './product-line';

/**
 * Coupons (requirements#entities Coupon line and Stamp-card coupon line, requirements#add-to-cart and Sums).
 *
 * Types and their effect on the sums (applied by pricing.ts):
 * - `amount`: reduces the sum by `amount` cents.
 * - `individual`: a personal voucher of one account (the owner is known to the server only);
 *   reduces the sum by `amount` cents like an amount coupon. Only its owner, signed in, can redeem it.
 * - `discount`: reduces the items total by `discount` percent.
 * - `bundle`: a set of articles (`bundle`: id and size) for `fixedprice`. Redeeming it binds the
 *   articles to the coupon (`appliedCode` = the code): one unit of an article the guest already has
 *   in the cart (same article and size) is bound first (split off a line of several, marked
 *   `boundFromCart`), only missing articles are added. Their size prices are covered by the bundle,
 *   whose fixed price the coupon adds; extras chosen on them stay charged. Removing the coupon
 *   removes the articles it added and unbinds the guest's own (merging them back).
 * Sums never go below 0 (a coupon bigger than the total makes it 0).
 *
 * Fields:
 * - `validUntil`: expired afterwards. `active` false: switched off. `applicable` false: shown
 *   only (promo dialog), never put into the cart.
 * - `combinable` false: no other coupon in the same cart, either way round.
 * - `allowMulti` false: single use, one order in total can redeem it (the server enforces it with a
 *   unique constraint); true: any number of orders may use the code.
 * - `saveForDays`: after a guest opened the coupon (code or link), the device keeps it under
 *   "Deine Gutscheine" for that many days.
 * - `visibility`: public coupons are listed under Coupons / Gutscheine; private ones only by code.
 *
 * Cart rules: one coupon per code; only one stamp line; a non-combinable coupon blocks others;
 * expired, inactive, not applicable and redeemed coupons are refused.
 * Coupon line ids start with `specialCoupon-`, the stamp line's with `stempel-`, so the badge
 * does not count them.
 */

export const COUPON_LINE_PREFIX = 'specialCoupon-';
export const STAMP_LINE_PREFIX = 'stempel-';
/** The stamp line is valid for now + 99999999 ms (requirements#entities). */
export const STAMP_LINE_VALIDITY_MS = 99_999_999;

/** Codes are typed by guests: case, surrounding and inner spaces do not matter. */
export function normalizeCouponCode(code: string): string {
  return code.replace(/\s+/g, '').toUpperCase();
}

export function couponLineId(code: string): string {
  return `${COUPON_LINE_PREFIX}${normalizeCouponCode(code)}`;
}

export function isStampLine(line: Pick<CartLine, 'id'>): boolean {
  return line.id.startsWith(STAMP_LINE_PREFIX);
}

export function couponLines(cart: Cart): CouponLine[] {
  return cart.filter((l): l is CouponLine => l.kind === 'coupon');
}

export type CouponState = 'ok' | 'inactive' | 'expired' | 'redeemed' | 'not-applicable';

type CouponFlags = Pick<Coupon, 'active' | 'applicable'> & { validUntil?: number | undefined; redeemed?: boolean | undefined };

/** Whether a coupon can be used now; the first problem otherwise. */
export function couponState(coupon: CouponFlags, now: number): CouponState {
  if (!coupon.active) return 'inactive';
  if (coupon.validUntil !== undefined && now > coupon.validUntil) return 'expired';
  if (coupon.redeemed) return 'redeemed';
  if (!coupon.applicable) return 'not-applicable';
  return 'ok';
}

/** The cart line of a coupon. */
export function couponToLine(coupon: Coupon): CouponLine {
  const code = normalizeCouponCode(coupon.couponCode);
  return {
    kind: 'coupon',
    isCoupon: true,
    cartItemId: couponLineId(code),
    id: couponLineId(code),
    couponCode: code,
    type: coupon.type,
    title: coupon.title,
    text: coupon.text,
    amount: coupon.amount,
    discount: coupon.discount,
    ...(coupon.fixedprice !== undefined ? { fixedprice: coupon.fixedprice } : {}),
    ...(coupon.bundle !== undefined ? { bundle: coupon.bundle.map((b) => ({ id: b.id, vol: b.vol })) } : {}),
    ...(coupon.validUntil !== undefined ? { validUntil: coupon.validUntil } : {}),
    active: coupon.active,
    applicable: coupon.applicable,
    combinable: coupon.combinable,
    allowMulti: coupon.allowMulti,
    ...(coupon.saveForDays !== undefined ? { saveForDays: coupon.saveForDays } : {}),
    visibility: coupon.visibility,
    ...(coupon.redeemed ? { redeemed: true } : {}),
    count: 1,
  };
}

/**
 * The stamp-card coupon line (requirements#entities): id 'stempel-' plus user id, type amount, private,
 * forRedeem, not combinable, single use, valid for now + 99999999 ms.
 */
export function stampCouponLine(uid: string, title: string, amount: Cents, now: number): CouponLine {
  const id = `${STAMP_LINE_PREFIX}${uid}`;
  return {
    kind: 'coupon',
    isCoupon: true,
    cartItemId: id,
    id,
    couponCode: id,
    type: 'amount',
    title,
    text: '',
    amount,
    discount: 0,
    validUntil: now + STAMP_LINE_VALIDITY_MS,
    active: true,
    applicable: true,
    combinable: false,
    allowMulti: false,
    visibility: 'private',
    forRedeem: true,
    count: 1,
  };
}

export type CouponRefusal =
  { readonly kind: Exclude<CouponState, 'ok'> } | { readonly kind: 'duplicate' } | { readonly kind: 'not-combinable' } | { readonly kind: 'stamp-duplicate' };

/** The first reason a coupon line cannot be added to the cart, or null. */
export function couponRefusal(cart: Cart, line: CouponLine, now: number): CouponRefusal | null {
  const state = couponState(line, now);
  if (state !== 'ok') return { kind: state };
  const existing = couponLines(cart);
  if (isStampLine(line) && existing.some(isStampLine)) return { kind: 'stamp-duplicate' };
  const code = normalizeCouponCode(line.couponCode);
  if (existing.some((c) => normalizeCouponCode(c.couponCode) === code)) return { kind: 'duplicate' };
  if (existing.length > 0 && (!line.combinable || existing.some((c) => !c.combinable))) return { kind: 'not-combinable' };
  return null;
}

/** Where to find an article of a bundle in the current menu. */
export type ItemLookup = (id: string) => { item: MenuItem; category: Pick<MenuCategory, 'id' | 'type' | 'delay'> } | undefined;

export interface RedeemContext {
  readonly now: number;
  readonly mode: OrderMode;
  readonly findItem: ItemLookup;
  /** A fresh cart line id (bundle articles). */
  readonly newId: () => string;
}

export type RedeemResult =
  | { readonly ok: true; readonly cart: Cart; readonly line: CouponLine }
  | { readonly ok: false; readonly refusal: CouponRefusal | { readonly kind: 'bundle-unavailable' } };

/**
 * The articles of a bundle coupon as cart lines bound to it: each in its size, with the item's
 * preselected options, count 1. Null when an article is gone, sold out or needs a choice.
 */
export function bundleArticleLines(coupon: Pick<CouponLine, 'couponCode' | 'title' | 'bundle'>, ctx: RedeemContext): ProductLine[] | null {
  const lines: ProductLine[] = [];
  for (const entry of coupon.bundle ?? []) {
    const found = ctx.findItem(entry.id);
    if (!found) return null;
    const { item, category } = found;
    if (item.verkauft || item.bestand === 0 || item.buyable === false) return null;
    if (!item.sizes.some((s) => s.vol === entry.vol)) return null;
    const config = { ...initialConfig(item), vol: entry.vol, count: 1, notes: '' };
    if (validateSelection(item, config).length > 0) return null;
    const line = buildProductLine(config, { item, category, mode: ctx.mode, cartItemId: ctx.newId(), now: ctx.now });
    lines.push({ ...line, count: 1, appliedCode: normalizeCouponCode(coupon.couponCode), aaaCodeTitle: coupon.title });
  }
  return lines.length > 0 ? lines : null;
}

/** Binds one unit of a guest's line to a bundle: the whole line when it holds one, else one unit split off behind it. */
function bindOneUnit(cart: Cart, own: ProductLine, code: string, title: string, newId: () => string): Cart {
  const binding = { appliedCode: code, aaaCodeTitle: title, boundFromCart: true } as const;
  if (own.count === 1) return cart.map((l) => (l.cartItemId === own.cartItemId ? { ...own, ...binding } : l));
  const unit: ProductLine = { ...withCount(own, 1), cartItemId: newId(), ...binding };
  return cart.flatMap((l) => (l.cartItemId === own.cartItemId ? [withCount(own, own.count - 1), unit] : [l]));
}

/** Puts a coupon into the cart (binding a bundle's articles, adding the missing ones), or says why not. */
export function redeemCoupon(cart: Cart, coupon: Coupon, ctx: RedeemContext): RedeemResult {
  const line = couponToLine(coupon);
  const refusal = couponRefusal(cart, line, ctx.now);
  if (refusal) return { ok: false, refusal };
  if (line.type !== 'bundle') return { ok: true, cart: [...cart, line], line };
  let next = cart;
  const missing: NonNullable<CouponLine['bundle']> = [];
  for (const entry of line.bundle ?? []) {
    const own = productLines(next).find((l) => l.appliedCode === undefined && l.id === entry.id && l.vol === entry.vol);
    if (own) next = bindOneUnit(next, own, line.couponCode, line.title, ctx.newId);
    else missing.push(entry);
  }
  if ((line.bundle ?? []).length === 0) return { ok: false, refusal: { kind: 'bundle-unavailable' } };
  const added = missing.length > 0 ? bundleArticleLines({ ...line, bundle: missing }, ctx) : [];
  if (!added) return { ok: false, refusal: { kind: 'bundle-unavailable' } };
  return { ok: true, cart: [...next, ...added, line], line };
}

/** Adds an already built coupon line (e.g. the stamp line); a second stamp line is ignored. */
export function addCouponLine(cart: Cart, line: CouponLine, now: number): { ok: true; cart: Cart } | { ok: false; refusal: CouponRefusal } {
  const refusal = couponRefusal(cart, line, now);
  return refusal ? { ok: false, refusal } : { ok: true, cart: [...cart, line] };
}

/** Removes a coupon line: the articles it added go, the guest's own are unbound and merge back into their lines. */
export function removeCoupon(cart: Cart, cartItemId: string): Cart {
  const line = cart.find((l) => l.cartItemId === cartItemId);
  if (!line || line.kind !== 'coupon') return cart.filter((l) => l.cartItemId !== cartItemId);
  const code = normalizeCouponCode(line.couponCode);
  const unbound = new Set<string>();
  let next: Cart = cart.flatMap((l): Cart => {
    if (l.cartItemId === cartItemId) return [];
    if (l.kind !== 'product' || l.appliedCode !== code) return [l];
    if (!l.boundFromCart) return [];
    const { appliedCode: _code, aaaCodeTitle: _title, boundFromCart: _own, ...own } = l;
    unbound.add(l.cartItemId);
    return [own];
  });
  for (const id of unbound) {
    const own = productLines(next).find((l) => l.cartItemId === id)!;
    const sibling = productLines(next).find((l) => l.cartItemId !== id && linesMatch(l, own));
    if (!sibling) continue;
    const merged = withCount(sibling, sibling.count + own.count);
    next = next.filter((l) => l.cartItemId !== id).map((l) => (l.cartItemId === sibling.cartItemId ? merged : l));
  }
  return next;
}
