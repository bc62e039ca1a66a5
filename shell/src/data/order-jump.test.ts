import type { SavedOrder } from '@shop/shared/contract';
import { testOrder } from '@shop/shared/testing/orders';
import { describe, expect, it } from 'vitest';
import { orderToJumpTo } from './order-jump';

const MIN = 60_000;
const TARGET = Date.UTC(2025, 5, 13, 12, 0);

const order = (overrides: Partial<SavedOrder> = {}): SavedOrder =>
  testOrder({ createdAt: TARGET - 90 * MIN, targetTime: TARGET, state: 'Confirmed', ...overrides });

describe('the jump to the order page on an order update (docs/requirements.md#local-orders)', () => {
  it('jumps from 1 hour before to 10 minutes after the target time', () => {
    const orders = [order()];
    expect(orderToJumpTo('o-1', orders, '/Speisen', TARGET - 61 * MIN)).toBeNull();
    expect(orderToJumpTo('o-1', orders, '/Speisen', TARGET - 60 * MIN)).toBe('o-1');
    expect(orderToJumpTo('o-1', orders, '/', TARGET + 10 * MIN)).toBe('o-1');
    expect(orderToJumpTo('o-1', orders, '/', TARGET + 11 * MIN)).toBeNull();
  });

  it('not for an order of another device, a cancelled or collected one', () => {
    expect(orderToJumpTo('o-2', [order()], '/', TARGET)).toBeNull();
    expect(orderToJumpTo('o-1', [order({ storno: true })], '/', TARGET)).toBeNull();
    expect(orderToJumpTo('o-1', [order({ state: 'Collected' })], '/', TARGET)).toBeNull();
  });

  it("stays on the order's own page and on the confirmation page; another order's page jumps", () => {
    expect(orderToJumpTo('o-1', [order()], '/Bestellung/o-1', TARGET)).toBeNull();
    expect(orderToJumpTo('o-1', [order()], '/Bestaetigung', TARGET)).toBeNull();
    expect(orderToJumpTo('o-1', [order()], '/Bestellung/o-9', TARGET)).toBe('o-1');
  });

  it('never out of the checkout (a payment or 3-D Secure step may be under way), never for an order not placed yet', () => {
    expect(orderToJumpTo('o-1', [order()], '/CheckoutTakeawayWithPay', TARGET)).toBeNull();
    expect(orderToJumpTo('o-1', [order({ state: 'Draft' })], '/', TARGET)).toBeNull();
    expect(orderToJumpTo('o-1', [order({ state: 'AwaitingPayment' })], '/', TARGET)).toBeNull();
    expect(orderToJumpTo('o-1', [order({ state: 'New' })], '/', TARGET)).toBe('o-1');
  });
});
