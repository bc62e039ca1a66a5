import type { Offer } from '../contract/cart';
import type { OrderMode } from '../contract/common';
import { clampToZero, percentOf, type Cents } from './money';

/**
 * Offers (shop-spec §3 Offer): an article (optionally one size of it) at a special price.
 * - `priceOffer`: the size price becomes `offerPrice`; extras stay charged.
 * - `discountOffer`: the unit price (size plus extras) is reduced by `offerDiscount` percent,
 *   rounded to cents per unit.
 * - `usecase`: 'all' applies in every order mode (also at the table), 'takeAway' only to
 *   takeaway orders, 'delivery' only to delivery orders.
 * An inactive or expired offer applies nowhere. When several offers match a line, the one with
 * the lowest unit price wins; an offer never raises a price.
 */

/** Whether an offer applies to orders in this mode now. */
export function offerApplies(offer: Offer, mode: OrderMode, now: number): boolean {
  if (!offer.active) return false;
  if (offer.validUntil !== undefined && now > offer.validUntil) return false;
  if (offer.usecase === 'all') return true;
  if (offer.usecase === 'takeAway') return mode === 'takeaway';
  return mode === 'delivery';
}

/** Whether an offer lists this article in this size. */
export function offerCovers(offer: Offer, id: string, vol: string): boolean {
  return offer.items.some((i) => i.id === id && (i.vol === undefined || i.vol === vol));
}

export interface UnitPrice {
  /** Size price of one unit (after combination/replaceArticle, before offers). */
  readonly sizePrice: Cents;
  /** Extras of one unit. */
  readonly sumOfExtras: Cents;
}

/** Unit price of an article under an offer. */
export function offerUnitPrice(offer: Offer, unit: UnitPrice): Cents {
  const regular = unit.sizePrice + unit.sumOfExtras;
  if (offer.type === 'priceOffer') {
    return offer.offerPrice === undefined ? regular : offer.offerPrice + unit.sumOfExtras;
  }
  const percent = offer.offerDiscount ?? 0;
  return clampToZero(regular - percentOf(regular, percent));
}

export interface AppliedOffer {
  readonly offer: Offer;
  readonly unitPrice: Cents;
}

/** The best offer for an article in this mode, or null when none lowers its price. */
export function bestOffer(
  offers: readonly Offer[],
  line: { readonly id: string; readonly vol: string } & UnitPrice,
  mode: OrderMode,
  now: number,
): AppliedOffer | null {
  const regular = line.sizePrice + line.sumOfExtras;
  let best: AppliedOffer | null = null;
  for (const offer of offers) {
    if (!offerApplies(offer, mode, now) || !offerCovers(offer, line.id, line.vol)) continue;
    const unitPrice = offerUnitPrice(offer, line);
    if (unitPrice < regular && (best === null || unitPrice < best.unitPrice)) best = { offer, unitPrice };
  }
  return best;
}
