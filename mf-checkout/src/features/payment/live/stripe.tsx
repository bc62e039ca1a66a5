/**
 * Stripe.js in the browser (live mode only, loaded lazily inside the checkout when a publishable
 * key is configured). Card data goes from Stripe's iframe straight to Stripe; the shop only sees
 * the payment method id.
 */
import { useState } from 'react';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import type { PaymentRequestPaymentMethodEvent, Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { CHECKOUT_CONSTANTS } from '@shop/shared/domain/checkout-constants';
import type { Cents } from '@shop/shared/domain/money';
import { de } from '@shop/shared/i18n';
import { Button, Notice } from '@shop/shared/ui';
import { Modal } from '../../ui/Modal';
import css from '../payment.module.css';

const t = de.checkout;
const instances = new Map<string, Promise<Stripe | null>>();

export function getStripe(publishableKey: string): Promise<Stripe | null> {
  let p = instances.get(publishableKey);
  if (!p) {
    p = loadStripe(publishableKey, { locale: 'de' });
    instances.set(publishableKey, p);
  }
  return p;
}

interface Billing {
  name: string;
  email: string;
  phone?: string;
}

function AddCardForm({ billing, onPaymentMethod, onClose }: { billing: Billing; onPaymentMethod: (id: string) => void; onClose: () => void }) {
  const stripe = useStripe();
  const elements = useElements();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    const card = elements?.getElement(CardElement);
    if (!stripe || !card) return;
    setBusy(true);
    const result = await stripe.createPaymentMethod({
      type: 'card',
      card,
      billing_details: { name: billing.name, email: billing.email, ...(billing.phone ? { phone: billing.phone } : {}) },
    });
    setBusy(false);
    if (result.error) {
      setError(`${result.error.message ?? ''} ${t.cardFormCorrect}`.trim());
      return;
    }
    onPaymentMethod(result.paymentMethod.id);
  };
  return (
    <Modal title={t.addCard} onClose={onClose} testId="stripe-card-form">
      <div className={css.cardElement}>
        <CardElement options={{ hidePostalCode: true }} />
      </div>
      {error ? <Notice error>{error}</Notice> : null}
      <div className={css.dialogActions}>
        <Button variant="ghost" onClick={onClose}>
          {t.back}
        </Button>
        <Button onClick={() => void submit()} disabled={busy || !stripe}>
          {t.testCardSave}
        </Button>
      </div>
    </Modal>
  );
}

export function StripeAddCard(props: { publishableKey: string; billing: Billing; onPaymentMethod: (id: string) => void; onClose: () => void }) {
  return (
    <Elements stripe={getStripe(props.publishableKey)} options={{ locale: 'de' }}>
      <AddCardForm billing={props.billing} onPaymentMethod={props.onPaymentMethod} onClose={props.onClose} />
    </Elements>
  );
}

/** The customer's 3-D Secure step of a requires_action intent (confirmation in Stripe's dialog). */
export async function confirmCardAction(publishableKey: string, clientSecret: string): Promise<{ ok: boolean; status?: string; message?: string }> {
  const stripe = await getStripe(publishableKey);
  if (!stripe) return { ok: false, message: t.initFailed };
  const result = await stripe.confirmCardPayment(clientSecret);
  if (result.error) return { ok: false, ...(result.error.message ? { message: result.error.message } : {}) };
  return { ok: result.paymentIntent?.status === 'requires_capture', status: result.paymentIntent?.status ?? '' };
}

export interface WalletRequest {
  readonly canPay: boolean;
  /** Opens the device's payment sheet; resolves with the payment method and the sheet's completion. */
  show(onPaymentMethod: (id: string, complete: (ok: boolean) => void) => void): void;
}

/** Wallet payment request (requirements#checkout-calls): country DE, currency eur, amount in cents, label 'Gesamtbetrag'. */
export async function createWalletRequest(publishableKey: string, amount: Cents, label: string): Promise<WalletRequest> {
  const stripe = await getStripe(publishableKey);
  if (!stripe) return { canPay: false, show: () => undefined };
  const request = stripe.paymentRequest({
    country: CHECKOUT_CONSTANTS.providerCountry,
    currency: CHECKOUT_CONSTANTS.providerCurrency,
    total: { label, amount },
    requestPayerName: true,
    requestPayerEmail: true,
  });
  const can = await request.canMakePayment();
  return {
    canPay: Boolean(can),
    show(onPaymentMethod) {
      request.off('paymentmethod');
      request.on('paymentmethod', (ev: PaymentRequestPaymentMethodEvent) => {
        onPaymentMethod(ev.paymentMethod.id, (ok) => ev.complete(ok ? 'success' : 'fail'));
      });
      request.show();
    },
  };
}
