/**
 * Small builders for the cart, coupon and pricing unit tests (imported by *.test.ts only).
 */
import type { AppConfig } from '../contract/appconfig';
import { coupon, type CouponInput, type CouponLine, type ProductLine } from '../contract/cart';
import { menuItem, type MenuItem, type MenuItemInput } from '../contract/menu';
import { couponToLine } from './coupons';

let seq = 0;

export function product(over: Partial<ProductLine> & { id: string; sizePrice: number }): ProductLine {
  seq += 1;
  const count = over.count ?? 1;
  const sumOfExtras = over.sumOfExtras ?? 0;
  return {
    kind: 'product',
    cartItemId: over.cartItemId ?? `ci-${seq}`,
    delay: 0,
    type: 'food',
    nameToDisplay: over.id,
    description: '',
    notes: '',
    vol: '',
    extras: [],
    extrasToDisplay: '',
    variantsSelected: [],
    stylesSelected: [],
    ...over,
    count,
    sumOfExtras,
    itemTotal: over.itemTotal ?? (over.sizePrice + sumOfExtras) * count,
  };
}

export function couponLineOf(input: CouponInput): CouponLine {
  return couponToLine(coupon.parse(input));
}

const closed = { fromHour: -1, fromMinute: 0, tillHour: -1, tillMinute: 0 };
const day = { opened: false, a: closed, b: closed };
export const week: AppConfig['openingHours'] = { '1': day, '2': day, '3': day, '4': day, '5': day, '6': day, '7': day };

export const pricingConfig: Pick<AppConfig, 'takeAway' | 'delivery' | 'onlineServiceFee'> = {
  takeAway: { delayInMinutes: 15, minOrderAmount: 800, openingHours: week },
  delivery: { delayInMinutes: 40, minOrderAmount: 2000, openingHours: week, deliveryFee: 290 },
  onlineServiceFee: 49,
};

export function item(over: Partial<MenuItemInput> & { id: string }): MenuItem {
  return menuItem.parse({ nameDE: over.id, sizes: [{ vol: '', price: 1000 }], ...over });
}
