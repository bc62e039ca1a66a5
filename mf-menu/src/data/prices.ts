import type { Offer, OrderMode } from '@shop/shared/contract';
import type { MenuCategory, MenuItem } from '@shop/shared/contract';
import { initialConfig } from '@shop/shared/domain/configurator';
import { priceSelection } from '@shop/shared/domain/line-pricing';
import { bestOffer } from '@shop/shared/domain/offers';

/**
 * Lowest price a guest can pay for the item in this mode (with its preselection); an unchosen
 * replaceArticle step counts with its cheapest option, since that option sets the base price.
 */
export function fromPrice(item: MenuItem, mode: OrderMode): number {
  const config = initialConfig(item);
  const replaceIndex = item.extras.variants.findIndex(
    (step, index) => step.replaceArticle && !config.variantsSelected.some((s) => s.stepIndex === index) && !step.trigger?.length,
  );
  const candidates =
    replaceIndex >= 0
      ? item.extras.variants[replaceIndex]!.options.filter((o) => o.active).map((o) => [
          ...config.variantsSelected,
          { stepIndex: replaceIndex, optionIds: [o.id], portion: 0 },
        ])
      : [config.variantsSelected];
  const computed = item.sizes.flatMap((s) =>
    // The price shown excludes the deposit, which is stated next to it (PAngV; docs/requirements.md#sums).
    candidates.map((variantsSelected) => priceSelection(item, { ...config, variantsSelected, vol: s.vol }, mode).unitPrice - (s.pfand ?? 0)),
  );
  // With combinations the combination price is what a guest pays for a complete choice.
  const combinations = item.extras.combinations.map((c) => c.price);
  return Math.min(...(combinations.length > 0 ? combinations : computed));
}

/** Whether the price can vary (several sizes or priced options): shown as 'ab …'. */
export function hasVariablePrice(item: MenuItem): boolean {
  return (
    item.sizes.length > 1 || item.extras.variants.some((s) => s.replaceArticle || s.options.some((o) => o.cost > 0)) || item.extras.combinations.length > 0
  );
}

/** Cheapest item of a category. */
export function categoryFromPrice(category: MenuCategory, mode: OrderMode): number {
  return Math.min(...category.items.map((i) => fromPrice(i, mode)));
}

/** Old (crossed-out) price of a size: the size's own, else the item's. */
export function oldPrice(item: MenuItem, vol: string): number | undefined {
  return item.sizes.find((s) => s.vol === vol)?.streichPreis ?? item.streichPreis;
}

/**
 * The price shown while configuring: the line total, or 'ab …' (the lowest price) while a choice
 * that sets the base price (a replaceArticle step or a combination) is still missing.
 */
export function undecidedFromPrice(item: MenuItem, unitPrice: number, complete: boolean, mode: OrderMode): number | null {
  const setsBase = item.extras.combinations.length > 0 || item.extras.variants.some((s) => s.replaceArticle);
  if (complete || !setsBase) return unitPrice === 0 && fromPrice(item, mode) > 0 ? fromPrice(item, mode) : null;
  return fromPrice(item, mode);
}

/** A price as shown: what the guest pays and, when lower than before, the crossed-out price. */
export interface ShownPrice {
  readonly price: number;
  readonly old?: number | undefined;
  /** The lower price comes from an offer (the cart charges the same, domain/pricing.ts). */
  readonly offer: boolean;
}

/**
 * A card's price (requirements#entities Offer, requirements#accessibility): the lowest price with the best offer for the mode,
 * the normal price crossed out; without an offer the lowest price and the item's own old price.
 */
export function cardPrice(item: MenuItem, mode: OrderMode, offers: readonly Offer[], now: number): ShownPrice {
  const regular = fromPrice(item, mode);
  let offered = Number.POSITIVE_INFINITY;
  for (const size of item.sizes) {
    const priced = priceSelection(item, { ...initialConfig(item), vol: size.vol }, mode);
    if (priced.sizePrice === 0) continue;
    const best = bestOffer(offers, { id: item.id, vol: size.vol, sizePrice: priced.sizePrice, sumOfExtras: priced.sumOfExtras }, mode, now);
    if (best) offered = Math.min(offered, best.unitPrice);
  }
  if (offered < regular) return { price: offered, old: regular, offer: true };
  const old = oldPrice(item, item.sizes[0]?.vol ?? '');
  return { price: regular, old: old !== undefined && old > regular ? old : undefined, offer: false };
}

/** A chosen size's price (size price, no extras) under the best offer, for the item page's headline. */
export function sizeShownPrice(item: MenuItem, vol: string, sizePrice: number, mode: OrderMode, offers: readonly Offer[], now: number): ShownPrice {
  const best = bestOffer(offers, { id: item.id, vol, sizePrice, sumOfExtras: 0 }, mode, now);
  if (best) return { price: best.unitPrice, old: sizePrice, offer: true };
  const old = oldPrice(item, vol);
  return { price: sizePrice, old: old !== undefined && old > sizePrice ? old : undefined, offer: false };
}

/** What a configured line costs under the best offer (the cart charges the same). */
export function lineShownTotal(
  item: MenuItem,
  line: { readonly vol: string; readonly count: number; readonly sizePrice: number; readonly sumOfExtras: number; readonly itemTotal: number },
  mode: OrderMode,
  offers: readonly Offer[],
  now: number,
): ShownPrice {
  const best = bestOffer(offers, { id: item.id, ...line }, mode, now);
  return best ? { price: best.lineTotal, old: line.itemTotal, offer: true } : { price: line.itemTotal, offer: false };
}
