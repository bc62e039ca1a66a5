import { FLOWS } from '@shop/shared/domain/checkout-flow';
import { pricingConfig, product } from '@shop/shared/domain/cart-test-fixtures';
import { priceCart } from '@shop/shared/domain/pricing';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CheckoutFrame } from './CheckoutFrame';
import type { CheckoutTotals } from './totals';

const NOW = Date.UTC(2025, 5, 13, 10, 0);
const euro = (text: string | null) => text?.replace(/\u00a0/g, ' ');

function totals(): CheckoutTotals {
  const breakdown = priceCart({
    lines: [product({ id: 'burrito', sizePrice: 1050, count: 2 })],
    usecase: 'takeaway',
    config: pricingConfig,
    onlinePay: true,
    now: NOW,
  });
  const { itemsTotal, subtotal, payerSum, tip, total, fees, minOrder } = breakdown;
  return { itemsTotal, subtotal, payerSum, tip, total, fees, minOrder, breakdown };
}

const frame = (over: Partial<Parameters<typeof CheckoutFrame>[0]> = {}) => (
  <CheckoutFrame
    flow={FLOWS.takeawayWithPay}
    headline="Abholung"
    stepLabels={['Deine Daten', 'Abholzeit', 'Zahlung']}
    stepIndex={1}
    totals={totals()}
    done={null}
    testMode={false}
    onBack={() => undefined}
    primary={{ label: 'Weiter', onClick: () => undefined }}
    {...over}
  >
    <p>Inhalt des Schritts</p>
  </CheckoutFrame>
);

describe('the checkout frame: steps and sums (component)', () => {
  it('marks the current step, the done ones, and names the step in its heading', () => {
    render(frame());
    expect(screen.getByTestId('stepper-1').getAttribute('aria-current')).toBe('step');
    expect(screen.getByTestId('stepper-0').getAttribute('aria-current')).toBeNull();
    expect(screen.getByTestId('stepper-0').textContent).toBe('Deine Daten'); // a check mark instead of its number
    expect(screen.getByTestId('stepper-2').textContent).toBe('3Zahlung');
    expect(screen.getByTestId('checkout-step-heading').textContent).toBe('Schritt 2 von 3: Abholzeit');
    expect(screen.getByRole('list', { name: 'Schritt 2 von 3' })).toBeTruthy();
  });

  it('shows the goods, the online service fee and the total the guest pays', () => {
    render(frame());
    const sums = screen.getByTestId('checkout-sums');
    expect(euro(sums.querySelector('dd')!.textContent)).toBe('21,00 €');
    expect(euro(screen.getByTestId('checkout-total').textContent)).toBe('21,49 €');
    expect(euro(screen.getByTestId('checkout-sticky-total').textContent)).toBe('21,49 €');
    expect(screen.getAllByTestId(/^fee-/)).toHaveLength(1);
  });

  it('the primary action and Zurück call back; a sent order shows the success view with its total', () => {
    const next = vi.fn();
    const back = vi.fn();
    const { unmount } = render(frame({ primary: { label: 'Weiter', onClick: next }, onBack: back }));
    fireEvent.click(screen.getByTestId('checkout-next'));
    fireEvent.click(screen.getByTestId('checkout-back'));
    expect(next).toHaveBeenCalledOnce();
    expect(back).toHaveBeenCalledOnce();
    unmount();
    render(frame({ done: { total: 2149 } as never }));
    expect(screen.getByTestId('checkout-success').textContent).toContain('Deine Bestellung wurde übermittelt');
    expect(euro(screen.getByTestId('checkout-success').textContent)).toContain('21,49 €');
  });
});
