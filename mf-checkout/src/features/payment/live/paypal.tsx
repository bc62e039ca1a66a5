/**
 * The PayPal button (live mode only, loaded lazily inside the checkout when a client id is
 * configured): intent AUTHORIZE, currency EUR, no shipping (requirements#checkout-calls).
 */
import { PayPalButtons, PayPalScriptProvider } from '@paypal/react-paypal-js';

export default function LivePaypalButtons({
  clientId,
  createOrder,
  onApprove,
  onError,
  onCancel,
}: {
  clientId: string;
  createOrder: () => Promise<string>;
  onApprove: (paypalOrderId: string) => Promise<void>;
  onError: () => void;
  /** The guest closed PayPal without approving. */
  onCancel: () => void;
}) {
  return (
    <PayPalScriptProvider options={{ clientId, intent: 'authorize', currency: 'EUR', locale: 'de_DE' }}>
      <PayPalButtons
        style={{ layout: 'vertical', label: 'pay' }}
        createOrder={() => createOrder()}
        onApprove={(data) => onApprove(data.orderID)}
        onError={() => onError()}
        onCancel={() => onCancel()}
      />
    </PayPalScriptProvider>
  );
}
