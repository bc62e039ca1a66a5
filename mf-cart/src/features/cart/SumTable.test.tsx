import { couponLineOf, pricingConfig, product } from '@shop/shared/domain/cart-test-fixtures';
import { priceCart } from '@shop/shared/domain/pricing';
import type { CartLine } from '@shop/shared/contract';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SumTable } from './SumTable';

const NOW = Date.UTC(2025, 5, 13, 10, 0);
const euro = (text: string | null | undefined) => text?.replace(/\u00a0/g, ' ');
const breakdownOf = (lines: CartLine[]) => priceCart({ lines, usecase: 'takeaway', config: pricingConfig, now: NOW });

describe('the cart sums (component)', () => {
  it('goods, a coupon reduction and the total; no minimum-order note above the minimum', () => {
    render(
      <SumTable
        breakdown={breakdownOf([product({ id: 'bowl', sizePrice: 1250 }), couponLineOf({ couponCode: 'FUENF', type: 'amount', title: '5 €', amount: 500 })])}
      />,
    );
    expect(euro(screen.getByTestId('cart-items-total').textContent)).toBe('12,50 €');
    expect(euro(screen.getByTestId('cart-discount').textContent)).toBe('−5,00 €');
    expect(euro(screen.getByTestId('cart-total').textContent)).toBe('7,50 €');
    // 12,50 € of goods are above the takeaway minimum of 8,00 €, whatever the coupon takes off.
    expect(screen.queryByTestId('cart-min-order')).toBeNull();
  });

  it('below the takeaway minimum (8,00 €) says how much is missing', () => {
    render(<SumTable breakdown={breakdownOf([product({ id: 'limo', sizePrice: 350 })])} />);
    expect(euro(screen.getByTestId('cart-min-order').textContent)).toBe('Noch 4,50 € bis zum Mindestbestellwert von 8,00 €');
    expect(euro(screen.getByTestId('cart-total').textContent)).toBe('3,50 €');
  });
});
