import { describe, expect, it } from 'vitest';
import { testLine, testOrder } from './orders';

describe('the test-order builder', () => {
  it('builds a valid saved order whose sums follow its lines', () => {
    const order = testOrder({ orderData: [testLine({ name: 'Taco', count: 3, price: 890 }), testLine({ name: 'Cola', type: 'drink', price: 350 })] });
    expect(order).toMatchObject({ uniqueOrderId: 'o-1', state: 'New', usecase: 'takeaway', total: 3020 });
    expect(order.paymentInfo).toEqual({ amount: 3020, itemsTotal: 3020, tip: 0 });
    expect(order.orderData.map((l) => l.cartItemId)).toEqual(['ci-Taco', 'ci-Cola']);
  });

  it('keeps the sums a test gives, and every other field it gives', () => {
    const order = testOrder({ paymentInfo: { amount: 550, itemsTotal: 500, tip: 50 }, state: 'Ready', table: '7' });
    expect(order).toMatchObject({ total: 550, state: 'Ready', table: '7', paymentInfo: { tip: 50 } });
  });

  it('refuses what the contract refuses', () => {
    expect(() => testOrder({ clientId: 'short' })).toThrow();
  });
});
