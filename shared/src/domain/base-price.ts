import type { MenuItem } from '../contract/menu';
import { roundCents, type Cents } from './money';

/**
 * The unit price the guest compares with (shop-spec §3 item detail 'per-kilo price'; PAngV §4):
 * per kilo for goods sold by weight, per litre for goods sold by volume, for the size the guest
 * looks at. A size with its net content (`content`) gets its own figure (the 60-ml cup and the
 * 250-g glass of a salsa differ); the item's `kilopreis` is used only when the item has a single
 * size, because it cannot say which size it belongs to. Otherwise none is shown: no figure is
 * better than a wrong one.
 */
export interface BasePrice {
  readonly per: 'kg' | 'l';
  readonly price: Cents;
}

export function basePrice(item: Pick<MenuItem, 'sizes' | 'kilopreis'>, vol: string, sizePrice: Cents): BasePrice | null {
  const size = item.sizes.find((s) => s.vol === vol);
  if (size?.content) {
    return { per: size.content.unit === 'g' ? 'kg' : 'l', price: roundCents((sizePrice * 1000) / size.content.amount) };
  }
  if (item.kilopreis !== undefined && item.sizes.length === 1) return { per: 'kg', price: item.kilopreis };
  return null;
}
