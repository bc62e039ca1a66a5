import { describe, expect, it } from 'vitest';
import type { Cart } from '../contract/cart';
import { product, week } from './cart-test-fixtures';
import { feeCharges, feeConfigOf, feeLine, withFeeLines, withoutFeeLines } from './fees';

const fees = { onlineServiceFee: 49, deliveryFee: 290 };

describe('fees (requirements#order-entities, requirements#checkout-constants)', () => {
  it('charges the online service fee when paid online and set, the delivery fee for delivery', () => {
    expect(feeCharges({ usecase: 'takeaway', onlinePay: false, fees })).toEqual([]);
    expect(feeCharges({ usecase: 'takeaway', onlinePay: true, fees })).toEqual([
      { id: 'specialUniqueOnlineServiceFee', name: 'Online Servicegebühr', amount: 49 },
    ]);
    expect(feeCharges({ usecase: 'delivery', onlinePay: false, fees })).toEqual([{ id: 'specialUniqueDeliveryFee', name: 'Liefergebühr', amount: 290 }]);
    expect(feeCharges({ usecase: 'tableordering', onlinePay: true, fees: { onlineServiceFee: 0, deliveryFee: 290 } })).toEqual([]);
  });

  it('builds fee lines with the fixed id and posId 5007', () => {
    expect(feeLine({ id: 'specialUniqueOnlineServiceFee', name: 'Online Servicegebühr', amount: 49 })).toEqual({
      kind: 'fee',
      cartItemId: 'specialUniqueOnlineServiceFee',
      id: 'specialUniqueOnlineServiceFee',
      posId: 5007,
      nameToDisplay: 'Online Servicegebühr',
      count: 1,
      itemTotal: 49,
    });
  });

  it('keeps one line per fee', () => {
    const charges = feeCharges({ usecase: 'delivery', onlinePay: true, fees });
    const cart: Cart = [product({ id: 'a', sizePrice: 100 })];
    const once = withFeeLines(cart, charges);
    const twice = withFeeLines(once, charges);
    expect(twice).toEqual(once);
    expect(twice.filter((l) => l.kind === 'fee')).toHaveLength(2);
    expect(withoutFeeLines(once)).toEqual(cart);
  });

  it('takes the fees from the app config; a delivery area fee wins', () => {
    const config = { onlineServiceFee: 49, delivery: { delayInMinutes: 1, minOrderAmount: 0, openingHours: week, deliveryFee: 290 } };
    expect(feeConfigOf(config)).toEqual({ onlineServiceFee: 49, deliveryFee: 290 });
    expect(feeConfigOf(config, { fee: 150 })).toEqual({ onlineServiceFee: 49, deliveryFee: 150 });
  });
});
