import type { Offer } from '../contract/cart';
import type { OrderMode } from '../contract/common';
import { clampToZero, percentOf, type Cents } from './money';

/**
 * Offers (requirements#entities Offer): an article (optionally one size of it) at a special price.
 * - `priceOffer`: the size price becomes `offerPrice`; extras stay charged.
 * - `discountOffer`: the price (size plus extras) is reduced by `offerDiscount` percent, rounded
 *   to cents on the line total (2 × 10,50 € at −15 % = 17,85 €, not 2 × 8,92 €); the unit price
 *   shown is the same percent of one unit, rounded.
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

/** What a line of `count` units costs under an offer: percent offers are rounded once, on the line. */
export function offerLineTotal(offer: Offer, unit: UnitPrice, count: number): Cents {
  if (offer.type === 'priceOffer') return offerUnitPrice(offer, unit) * count;
  const regularTotal = (unit.sizePrice + unit.sumOfExtras) * count;
  return clampToZero(regularTotal - percentOf(regularTotal, offer.offerDiscount ?? 0));
}

export interface AppliedOffer {
  readonly offer: Offer;
  /** One unit under the offer (what a card or the item page shows). */
  readonly unitPrice: Cents;
  /** The whole line under the offer. */
  readonly lineTotal: Cents;
}

/** The best offer for a line (`count` units, default 1) in this mode, or null when none lowers its price. */
export function bestOffer(
  offers: readonly Offer[],
  line: { readonly id: string; readonly vol: string; readonly count?: number } & UnitPrice,
  mode: OrderMode,
  now: number,
): AppliedOffer | null {
  const count = line.count ?? 1;
  const regularTotal = (line.sizePrice + line.sumOfExtras) * count;
  let best: AppliedOffer | null = null;
  for (const offer of offers) {
    if (!offerApplies(offer, mode, now) || !offerCovers(offer, line.id, line.vol)) continue;
    const lineTotal = offerLineTotal(offer, line, count);
    if (lineTotal < regularTotal && (best === null || lineTotal < best.lineTotal)) best = { offer, unitPrice: offerUnitPrice(offer, line), lineTotal };
  }
  return best;
}

/** An offered article and the offer that prices it (the 'offerPromotions' of offersUpdated, requirements#shop-behaviour). */
export interface OfferPromotionEntry {
  readonly offerId: string;
  readonly itemId: string;
  readonly vol?: string;
}

/** Per article of the offers in force now (active, not expired), the offer: what cards mark as offered. */
export function offerPromotions(offers: readonly Offer[], now: number): OfferPromotionEntry[] {
  return offers
    .filter((o) => o.active && (o.validUntil === undefined || now <= o.validUntil))
    .flatMap((o) => o.items.map((i) => ({ offerId: o.id, itemId: i.id, ...(i.vol !== undefined ? { vol: i.vol } : {}) })));
}
