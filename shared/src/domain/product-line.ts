import type { ProductLine } from '../contract/cart';
import type { OrderMode } from '../contract/common';
import type { MenuCategory, MenuItem } from '../contract/menu';
import { finalSelection, lineDelay, type Course, type ItemConfig } from './configurator';
import { priceSelection } from './line-pricing';
import { SHOP_CONSTANTS } from './shop-constants';

export interface LineContext {
  readonly item: MenuItem;
  readonly category: Pick<MenuCategory, 'id' | 'type' | 'delay'>;
  readonly mode: OrderMode;
  readonly cartItemId: string;
  readonly gang?: Course | undefined;
  readonly now?: number;
}

/** Cart line type: drinks by their category, tickets by their flag, the rest food. */
export function lineType(item: Pick<MenuItem, 'ticket'>, category: Pick<MenuCategory, 'type'>): ProductLine['type'] {
  if (item.ticket) return 'ticket';
  return category.type === 'drink' ? 'drink' : 'food';
}

/**
 * Builds the cart line of a configured item (requirements#entities Cart line), priced with the same
 * `priceSelection` the server uses for the current order mode.
 */
export function buildProductLine(config: ItemConfig, ctx: LineContext): ProductLine {
  const { item, category, mode } = ctx;
  const selection = finalSelection(config);
  const priced = priceSelection(item, selection, mode);
  const takeaway = mode === 'takeaway' ? priced : priceSelection(item, selection, 'takeaway');
  const hasBestand = item.bestand !== undefined && item.bestand >= 0;
  return {
    kind: 'product',
    cartItemId: ctx.cartItemId,
    id: item.id,
    ...(item.articleNo !== undefined ? { articleNo: item.articleNo } : {}),
    ...(item.posId !== undefined ? { posId: item.posId, mainPosId: item.posId } : {}),
    delay: lineDelay(category, item),
    type: lineType(item, category),
    categoryId: category.id,
    nameToDisplay: item.nameToDisplay ?? item.nameDE,
    description: item.descriptionDE,
    notes: selection.notes,
    gramm: item.gramm ?? SHOP_CONSTANTS.defaultWeightGrams,
    ...(item.unikat ? { unikat: true, count: 1 } : { count: selection.count }),
    vol: selection.vol,
    sizePrice: priced.sizePrice,
    takeAwaySizePrice: takeaway.sizePrice,
    sumOfExtras: priced.sumOfExtras,
    itemTotal: item.unikat ? priced.unitPrice : priced.itemTotal,
    takeAwayItemTotal: item.unikat ? takeaway.unitPrice : takeaway.itemTotal,
    extras: priced.extras,
    extrasToDisplay: priced.extrasToDisplay,
    variantsSelected: selection.variantsSelected.map((v) => ({ ...v, optionIds: [...v.optionIds] })),
    stylesSelected: [...selection.stylesSelected],
    ...(item.offerId !== undefined ? { isOffer: true, offerId: item.offerId } : {}),
    ...(ctx.gang ? { gang: ctx.gang } : {}),
    ...(hasBestand ? { hasBestand: true, bestand: item.bestand } : {}),
    ...(item.ticket ? { ticket: true } : {}),
    ...(item.days ? { days: [...item.days] } : {}),
    ...(item.onlineGutschein !== undefined ? { onlineGutschein: item.onlineGutschein } : {}),
    ...(item.offlineGutschein !== undefined ? { offlineGutschein: item.offlineGutschein } : {}),
    originalSizePrice: priced.originalSizePrice,
    ...(item.image !== undefined ? { image: item.image } : {}),
    ...(ctx.now !== undefined ? { addedAt: ctx.now } : {}),
  };
}
