import type { SavedOrder } from '@shop/shared/contract';
import { testLine, testOrder } from '@shop/shared/testing/orders';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { OrderProgress, ReadyBanner } from './OrderProgress';

const T0 = Date.UTC(2025, 5, 13, 10, 0); // 12:00 in Hamburg
const MIN = 60_000;

const order = (overrides: Partial<SavedOrder> = {}): SavedOrder =>
  testOrder({ createdAt: T0, orderNumber: 1042, orderData: [testLine({ name: 'Burrito', price: 1050 })], history: [{ state: 'New', at: T0 }], ...overrides });

const steps = () => screen.getAllByRole('listitem').filter((li) => li.hasAttribute('data-step'));

describe('the order page follows the order (component)', () => {
  it('a new order: received at its time, the next step is current, no ready banner', () => {
    render(
      <>
        <OrderProgress order={order()} waiting={false} />
        <ReadyBanner order={order()} />
      </>,
    );
    expect(steps().map((li) => [li.dataset.step, li.dataset.done])).toEqual([
      ['received', 'true'],
      ['accepted', 'false'],
      ['ready', 'false'],
      ['handedOver', 'false'],
    ]);
    expect(steps()[0]!.textContent).toContain('12:00 Uhr');
    expect(steps()[1]!.getAttribute('aria-current')).toBe('step');
    expect(screen.getByTestId('order-status-live').textContent).toBe('Status deiner Bestellung: Eingegangen');
    expect(screen.queryByTestId('order-ready')).toBeNull();
  });

  it('a ready order shows the banner with its number; once collected it is gone', () => {
    const ready = order({
      state: 'Ready',
      abholbereit: true,
      history: [
        { state: 'New', at: T0 },
        { state: 'Confirmed', at: T0 + 2 * MIN },
        { state: 'Ready', at: T0 + 14 * MIN },
      ],
    });
    const { unmount } = render(<ReadyBanner order={ready} />);
    expect(screen.getByTestId('order-ready').textContent).toBe('Deine Bestellung ist fertigBestellnummer 1042');
    unmount();
    const collected = order({ ...ready, state: 'Collected', collectedAt: T0 + 20 * MIN });
    render(
      <>
        <OrderProgress order={collected} waiting={false} />
        <ReadyBanner order={collected} />
      </>,
    );
    expect(screen.queryByTestId('order-ready')).toBeNull();
    expect(steps().every((li) => li.dataset.done === 'true')).toBe(true);
    expect(steps()[3]!.textContent).toContain('Abgeholt');
    expect(steps()[3]!.textContent).toContain('12:20 Uhr');
  });
});
