import type { OrderMode } from '@shop/shared/contract';
import type { MenuCategory, MenuItem } from '@shop/shared/contract';
import { initialConfig } from '@shop/shared/domain/configurator';
import { priceSelection, sizePriceFor } from '@shop/shared/domain/line-pricing';

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
    candidates.map((variantsSelected) => priceSelection(item, { ...config, variantsSelected, vol: s.vol }, mode).unitPrice),
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

export { sizePriceFor };

/**
 * The price shown while configuring: the line total, or 'ab …' (the lowest price) while a choice
 * that sets the base price (a replaceArticle step or a combination) is still missing.
 */
export function undecidedFromPrice(item: MenuItem, unitPrice: number, complete: boolean, mode: OrderMode): number | null {
  const setsBase = item.extras.combinations.length > 0 || item.extras.variants.some((s) => s.replaceArticle);
  if (complete || !setsBase) return unitPrice === 0 && fromPrice(item, mode) > 0 ? fromPrice(item, mode) : null;
  return fromPrice(item, mode);
}
