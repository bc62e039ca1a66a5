import type { MenuItem } from '../contract/menu';
import { roundCents, type Cents } from './money';

/**
 * The unit price the guest compares with (requirements#entities item detail 'per-kilo price'; PAngV §4):
 * per kilo for goods sold by weight, per litre for goods sold by volume, for the size the guest
 * looks at. A size with its net content (`content`) gets its own figure (the 60-ml cup and the
 * 250-g glass of a salsa differ); the item's `kilopreis` is used only when the item has a single
 * size, because it cannot say which size it belongs to. Otherwise none is shown: no figure is
 * better than a wrong one.
 *
 * The figure always belongs to the price shown next to it (docs/requirements.md#sums): `sizePrice`
 * is that price (this mode's: takeaway or in-house; an offer's). The menu's `kilopreis` is stated for
 * the size's listed price, so it is scaled to the price shown (6,50 € → 36,11 €/kg; 6,10 € → 33,89 €/kg).
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
  const only = item.sizes.length === 1 ? item.sizes[0] : undefined;
  if (item.kilopreis !== undefined && only) {
    const listed = only.price;
    return { per: 'kg', price: listed > 0 && listed !== sizePrice ? roundCents((item.kilopreis * sizePrice) / listed) : item.kilopreis };
  }
  return null;
}
