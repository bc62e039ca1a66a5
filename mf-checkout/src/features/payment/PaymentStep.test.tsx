import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AppConfig, SavedCard } from '@shop/shared/contract';
import { FLOWS } from '@shop/shared/domain/checkout-flow';
import { answerActions, type ActionServer } from '@shop/shared/testing/actions';
import { testOrder } from '@shop/shared/testing/orders';
import type { CheckoutContext } from '../checkout/use-checkout-context';
import PaymentStep from './PaymentStep';

// The payment choice of the checkout (docs/requirements.md#payment-step): which methods the step
// offers, choosing one, and what cannot be pressed while a payment runs. The server answers through
// the action client's fetch, one answer per action (answerActions).

const ALL_PROVIDERS: AppConfig['providers'] = { bar: true, stripe: true, paypal: true, wallet: true, customerCard: true };
const GUEST = null;
const ACCOUNT_HOLDER = { uid: 'u-1', isAnonymous: false, email: 'erika@example.org' };
const order = testOrder({
  state: 'AwaitingPayment',
  onlinePay: true,
  orderData: undefined,
  userInfo: { name: 'Erika Mustermann', email: 'erika@example.org' },
});

let server: ActionServer;

beforeEach(() => {
  server = answerActions({
    GetStripeBuyersProfile: { stripeCustomerId: null, paymentMethods: [], mode: 'test' },
    GetCustomerCards: { cards: [], primaryCardId: null },
  });
});
afterEach(() => vi.useRealTimers());

function renderStep({
  providers = ALL_PROVIDERS,
  payments = { mode: 'test' },
  user = GUEST,
  onMethod = (): void => undefined,
}: {
  providers?: AppConfig['providers'];
  payments?: CheckoutContext['payments'];
  user?: CheckoutContext['user'];
  onMethod?: (label: string | undefined) => void;
} = {}) {
  // The payment step reads the flow, the venue's providers, the payment mode and the user of the checkout.
  const ctx = { flow: FLOWS.takeawayWithPay, config: { providers }, payments, user } as unknown as CheckoutContext;
  return render(<PaymentStep ctx={ctx} order={order} onPaid={() => undefined} onBack={() => undefined} onMethod={onMethod} />);
}

const method = (name: string) => screen.getByRole('radio', { name });
const offered = () => screen.getAllByRole('radio').map((radio) => radio.closest('label')!.textContent);

describe('the payment choice (component)', () => {
  it('offers PayPal, card and wallet to a guest in test mode, none chosen yet; never the customer card', () => {
    renderStep();
    expect(screen.getByRole('radiogroup', { name: 'Wähle eine Zahlungsmethode' })).toBeTruthy();
    expect(offered()).toEqual(['PayPal/Lastschrift', 'Kreditkarte', 'Apple/Google Pay']);
    expect(screen.getAllByRole('radio').filter((r) => (r as HTMLInputElement).checked)).toEqual([]);
  });

  it('offers the customer card to an account holder only, and only the methods the venue enables', () => {
    const holder = renderStep({ user: ACCOUNT_HOLDER as CheckoutContext['user'] });
    expect(offered()).toEqual(['PayPal/Lastschrift', 'Kreditkarte', 'Apple/Google Pay', 'Kundenkarte']);
    holder.unmount();
    renderStep({ user: { ...ACCOUNT_HOLDER, isAnonymous: true } as CheckoutContext['user'], providers: { ...ALL_PROVIDERS, paypal: false } });
    expect(offered()).toEqual(['Kreditkarte', 'Apple/Google Pay']);
  });

  it('in live mode offers only what has its keys: PayPal with a client id, no card or wallet without a Stripe key', () => {
    renderStep({ payments: { mode: 'live', paypalClientId: 'paypal-client' } });
    expect(offered()).toEqual(['PayPal/Lastschrift']);
  });

  it('choosing a method shows its panel and reports its label; choosing another replaces it', async () => {
    const onMethod = vi.fn();
    renderStep({ onMethod });
    fireEvent.click(method('Kreditkarte'));
    expect((method('Kreditkarte') as HTMLInputElement).checked).toBe(true);
    expect(onMethod).toHaveBeenLastCalledWith('Kreditkarte');
    expect(await screen.findByTestId('card-panel')).toBeTruthy();
    expect(server.payloadsOf('GetStripeBuyersProfile')).toHaveLength(1);
    // 'Karte hinzufügen' appears after 500 ms; with no card chosen there is nothing to order with.
    expect(screen.queryByTestId('add-card')).toBeNull();
    expect((await screen.findByTestId('add-card', {}, { timeout: 2000 })).textContent).toBe('Karte hinzufügen');
    expect(screen.queryByTestId('pay-card')).toBeNull();

    fireEvent.click(method('PayPal/Lastschrift'));
    expect((method('Kreditkarte') as HTMLInputElement).checked).toBe(false);
    expect(screen.queryByTestId('card-panel')).toBeNull();
    expect(screen.getByTestId('paypal-pay').textContent).toBe('Zahlungspflichtig bestellen mit PayPal');
    expect(onMethod).toHaveBeenLastCalledWith('PayPal/Lastschrift');
  });

  it('orders with a saved card only once the card is chosen', async () => {
    const card: SavedCard = { paymentMethodId: 'pm-1', label: 'Visa •••• 4242', exp: '12/29' };
    server.answers.GetStripeBuyersProfile = { stripeCustomerId: 'cus-1', paymentMethods: [card], mode: 'test' };
    renderStep();
    fireEvent.click(method('Kreditkarte'));
    const saved = await screen.findByTestId('saved-card');
    expect(saved.textContent).toContain('gültig bis 12/29');
    expect(screen.queryByTestId('pay-card')).toBeNull();
    fireEvent.click(saved);
    expect(saved.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByTestId('pay-card').textContent).toBe('Zahlungspflichtig Bestellen');
  });

  it('while a payment runs, its button is disabled and the method cannot be changed; after a decline both work again', async () => {
    renderStep();
    fireEvent.click(method('Apple/Google Pay'));
    const pay = screen.getByTestId('wallet-pay');
    await act(async () => fireEvent.click(pay));
    // The (test) wallet asks for approval: the payment is under way.
    const dialog = screen.getByTestId('test-wallet');
    expect(screen.getByTestId('wallet-pay').hasAttribute('disabled')).toBe(true);
    fireEvent.click(method('PayPal/Lastschrift'));
    expect((method('Apple/Google Pay') as HTMLInputElement).checked).toBe(true);
    expect(screen.queryByTestId('paypal-panel')).toBeNull();

    await act(async () => fireEvent.click(within(dialog).getByTestId('test-wallet-decline')));
    expect(screen.getByTestId('payment-error').textContent).toContain('Fehler bei der Autorisierung der Zahlung');
    expect(screen.getByTestId('wallet-pay').hasAttribute('disabled')).toBe(false);
    fireEvent.click(method('PayPal/Lastschrift'));
    expect(screen.getByTestId('paypal-panel')).toBeTruthy();
  });

  it('the customer card pays only with enough balance on the primary card', async () => {
    const card = (balance: number) => ({
      cards: [{ rfid: 'rfid-1', label: 'Kundenkarte', accounts: [{ accountType: 'CRED', balance, symbol: '€' }] }],
      primaryCardId: 'rfid-1',
    });
    server.answers.GetCustomerCards = card(order.total - 1);
    const first = renderStep({ user: ACCOUNT_HOLDER as CheckoutContext['user'] });
    fireEvent.click(method('Kundenkarte'));
    expect((await screen.findByTestId('customer-card-panel')).textContent).toContain('Dein Guthaben ist nicht ausreichend.');
    expect(screen.queryByTestId('pay-customer-card')).toBeNull();

    first.unmount();
    server.answers.GetCustomerCards = card(order.total);
    renderStep({ user: ACCOUNT_HOLDER as CheckoutContext['user'] });
    fireEvent.click(method('Kundenkarte'));
    expect((await screen.findByTestId('pay-customer-card')).textContent).toBe('Zahlungspflichtig Bestellen');
  });
});
