// The one builder of saved orders for tests (unit, component and API tests): a valid order parsed by
// the contract, so its defaults apply exactly as for a real one, with only what a test is about
// written in the test. Test-only: no production code imports @shop/shared/testing.
import type { z } from 'zod';
import { savedOrder, type CartLine, type ProductLine, type SavedOrder } from '../contract';

type SavedOrderInput = z.input<typeof savedOrder>;
type ProductCartLine = Extract<CartLine, { kind: 'product' }>;

/** What a test says about a product line: its name, type, count and unit price (cents). */
export interface TestLine {
  readonly name?: string;
  readonly type?: ProductLine['type'];
  readonly count?: number;
  readonly price?: number;
  readonly notes?: string;
}

/** A product line without options: `count` × `price`, id and cart item id from its name. */
export function testLine({ name = 'Burrito', type = 'food', count = 1, price = 500, notes = '' }: TestLine = {}): ProductCartLine {
  return {
    kind: 'product',
    cartItemId: `ci-${name}`,
    id: name,
    type,
    nameToDisplay: name,
    count,
    sizePrice: price,
    itemTotal: price * count,
    delay: 0,
    description: '',
    notes,
    vol: '',
    sumOfExtras: 0,
    extras: [],
    extrasToDisplay: '',
    variantsSelected: [],
    stylesSelected: [],
  };
}

/** The instant a test order was placed unless it says otherwise (Tuesday lunchtime, 12:07 in Hamburg). */
const PLACED_AT = Date.parse('2026-11-24T12:07:00+01:00');

/**
 * A saved order: a guest's takeaway order no. 1001 ('o-1') of one 5,00 € Burrito, state New, paid on
 * pickup, placed on Tuesday 24 Nov 2026 at 12:07 in Hamburg. Any field can be given; the sums follow the
 * lines (items total, amount and total = the lines' totals) unless the test gives `paymentInfo` or `total`.
 */
export function testOrder(overrides: Partial<SavedOrderInput> = {}): SavedOrder {
  const lines = overrides.orderData ?? [testLine()];
  const itemsTotal = lines.reduce((sum, line) => sum + ('itemTotal' in line ? line.itemTotal : 0), 0);
  const paymentInfo = overrides.paymentInfo ?? { amount: itemsTotal, itemsTotal };
  return savedOrder.parse({
    clientId: 'client-00000001',
    onlinePay: false,
    asGuest: true,
    usecase: 'takeaway',
    createdAt: PLACED_AT,
    userInfo: { name: 'Erika Mustermann' },
    uniqueOrderId: 'o-1',
    orderNumber: 1001,
    state: 'New',
    ...overrides,
    orderData: lines,
    paymentInfo,
    total: overrides.total ?? paymentInfo.amount,
  });
}
