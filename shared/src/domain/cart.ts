import type { Cart, CartLine, ProductLine } from '../contract/cart';
import type { OrderMode } from '../contract/common';
import type { MenuItem } from '../contract/menu';
import { priceSelection, validateSelection } from './line-pricing';
import type { Cents } from './money';
import { clampToZero, sumCents } from './money';
import { clampQuantity, isAllowedQuantity } from './quantity';

export function productLines(cart: Cart): ProductLine[] {
  return cart.filter((l): l is ProductLine & { kind: 'product' } => l.kind === 'product');
}

function selectionKey(line: ProductLine): string {
  const variants = [...line.variantsSelected]
    .map((v) => `${v.stepIndex}:${v.portion}:${[...v.optionIds].sort().join(',')}`)
    .sort()
    .join('|');
  const styles = [...line.stylesSelected].sort().join(',');
  return `${variants}#${styles}`;
}

/**
 * Identical lines merge counts only if id, size, course, extras and note match (requirements#shop-validation).
 * Articles of a bundle coupon (appliedCode) never merge.
 */
export function linesMatch(a: ProductLine, b: ProductLine): boolean {
  return (
    a.appliedCode === undefined &&
    b.appliedCode === undefined &&
    a.id === b.id &&
    a.vol === b.vol &&
    (a.gang ?? '') === (b.gang ?? '') &&
    a.notes.trim() === b.notes.trim() &&
    selectionKey(a) === selectionKey(b)
  );
}

/** Unit price of a product line (size plus extras) derived from its stored totals. */
export function unitPrice(line: ProductLine): Cents {
  return line.count > 0 ? Math.round(line.itemTotal / line.count) : 0;
}

/** The line with another count, its totals scaled from its unit price. */
export function withCount(line: ProductLine, count: number): ProductLine {
  const unit = unitPrice(line);
  const takeAwayUnit = line.takeAwayItemTotal !== undefined ? Math.round(line.takeAwayItemTotal / line.count) : undefined;
  return {
    ...line,
    count,
    itemTotal: unit * count,
    ...(takeAwayUnit !== undefined ? { takeAwayItemTotal: takeAwayUnit * count } : {}),
  };
}

export type AddResult =
  | {
      readonly outcome: 'added' | 'merged';
      readonly cart: Cart;
      readonly cartItemId: string;
      /** How many of the requested units went in (fewer when the line reached the 99 limit). */
      readonly accepted: number;
    }
  | { readonly outcome: 'ignored-unikat'; readonly cart: Cart };

/**
 * Adds a product line: merges into an identical line, silently ignores a unikat item already in
 * the cart (requirements#shop-validation). Refusals (ordering disabled, sold out, tickets mixed) are checked by
 * `canAddToCart` before this is called. A line never exceeds 99 (docs/requirements.md#cart-protection):
 * a merge stops at the limit and `accepted` says how many units went in.
 */
export function addProductLine(cart: Cart, line: ProductLine): AddResult {
  const products = productLines(cart);
  if (line.unikat && products.some((l) => l.id === line.id)) return { outcome: 'ignored-unikat', cart };
  const match = products.find((l) => linesMatch(l, line));
  if (match) {
    const count = clampQuantity(match.count + line.count);
    const merged = withCount(match, count);
    return {
      outcome: 'merged',
      cart: cart.map((l) => (l.cartItemId === match.cartItemId ? merged : l)),
      cartItemId: match.cartItemId,
      accepted: Math.max(0, count - match.count),
    };
  }
  const count = clampQuantity(line.count);
  const added = count === line.count ? line : withCount(line, count);
  return { outcome: 'added', cart: [...cart, added], cartItemId: line.cartItemId, accepted: count };
}

/**
 * +/-: quantity stays within 1–99 (docs/requirements.md#cart-protection): minus does nothing at 1,
 * plus nothing at 99; unikat lines and the articles of a bundle coupon have no plus or minus; plus
 * stops at the stock a line was added with (hasBestand).
 */
export function changeCount(cart: Cart, cartItemId: string, delta: number): Cart {
  return cart.map((l) => {
    if (l.cartItemId !== cartItemId || l.kind !== 'product' || l.unikat || l.appliedCode !== undefined) return l;
    const next = l.count + delta;
    if (!isAllowedQuantity(next)) return l;
    if (delta > 0 && exceedsStock(cart, l, next - l.count)) return l;
    return withCount(l, next);
  });
}

/** Whether adding `more` units of a line's article would exceed the stock it was added with. */
export function exceedsStock(cart: Cart, line: Pick<ProductLine, 'id' | 'hasBestand' | 'bestand'>, more: number): boolean {
  if (!line.hasBestand || line.bestand === undefined || line.bestand < 0) return false;
  const inCart = productLines(cart)
    .filter((l) => l.id === line.id)
    .reduce((sum, l) => sum + l.count, 0);
  return inCart + more > line.bestand;
}

/** Sets the note of a product line (trimmed, at most `maxLength` characters). */
export function setLineNote(cart: Cart, cartItemId: string, note: string, maxLength = 200): Cart {
  const clean = note.trim().slice(0, maxLength);
  return cart.map((l) => (l.cartItemId === cartItemId && l.kind === 'product' ? { ...l, notes: clean } : l));
}

export function removeLine(cart: Cart, cartItemId: string): Cart {
  return cart.filter((l) => l.cartItemId !== cartItemId);
}

/** Replaces a line (editing via cartItemId keeps its position). */
export function replaceLine(cart: Cart, cartItemId: string, line: ProductLine): Cart {
  return cart.map((l) => (l.cartItemId === cartItemId ? { ...line, cartItemId } : l));
}

/** Sum of product and fee lines, before coupons. */
export function itemsTotal(cart: Cart): Cents {
  return sumCents(cart.filter((l) => l.kind !== 'coupon').map((l) => l.itemTotal));
}

/**
 * Simple cart total: items minus amount coupons, never below 0. Superseded by `priceCart`
 * (pricing.ts), which every screen and the server use; kept for callers that have no config.
 */
export function simpleCartTotal(cart: Cart): Cents {
  const items = itemsTotal(cart);
  const couponAmounts = sumCents(cart.flatMap((l) => (l.kind === 'coupon' ? [l.amount] : [])));
  return clampToZero(items - couponAmounts);
}

/** A fresh cart line id. */
export function newCartItemId(now: number = Date.now()): string {
  const rand = Math.random().toString(36).slice(2, 10);
  return `ci-${now.toString(36)}-${rand}`;
}

/** Where the current menu has an article (the menu's items by id). */
export type MenuLookup = (id: string) => { readonly item: MenuItem } | undefined;

export interface RepriceResult {
  readonly cart: Cart;
  /** True when a price changed or a line was dropped. */
  readonly changed: boolean;
  /** Names of lines dropped because the article is gone or its configuration no longer exists. */
  readonly dropped: readonly string[];
}

/**
 * Re-prices the product lines with the current menu and order mode (`priceSelection`, the same
 * function the server uses), so that the cart shows what the server will charge after the menu
 * changed or the guest switched between takeaway, delivery and table. Lines whose article is gone
 * or whose options no longer exist are dropped; coupon and fee lines stay.
 */
export function repriceLines(cart: Cart, lookup: MenuLookup, mode: OrderMode): RepriceResult {
  let changed = false;
  const dropped: string[] = [];
  const next: CartLine[] = [];
  for (let line of cart) {
    if (line.kind !== 'product') {
      next.push(line);
      continue;
    }
    const found = lookup(line.id);
    // A count outside 1–99 (a cart stored by an older version) is brought into range, never dropped.
    const count = clampQuantity(line.count);
    if (count !== line.count) {
      line = withCount(line, count);
      changed = true;
    }
    const selection = { vol: line.vol, variantsSelected: line.variantsSelected, stylesSelected: line.stylesSelected, count };
    if (!found || validateSelection(found.item, selection).length > 0) {
      dropped.push(line.nameToDisplay);
      changed = true;
      continue;
    }
    const priced = priceSelection(found.item, selection, mode);
    if (priced.sizePrice === line.sizePrice && priced.sumOfExtras === line.sumOfExtras && priced.itemTotal === line.itemTotal) {
      next.push(line);
      continue;
    }
    changed = true;
    next.push({
      ...line,
      sizePrice: priced.sizePrice,
      sumOfExtras: priced.sumOfExtras,
      itemTotal: priced.itemTotal,
      extras: priced.extras,
      extrasToDisplay: priced.extrasToDisplay,
      originalSizePrice: priced.originalSizePrice,
    });
  }
  return { cart: changed ? next : cart, changed, dropped };
}
