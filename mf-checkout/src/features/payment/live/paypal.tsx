/**
 * The PayPal button (live mode only, loaded lazily inside the checkout when a client id is
 * configured): intent AUTHORIZE, currency EUR, no shipping (checkout-spec §7).
 */
import { PayPalButtons, PayPalScriptProvider } from '@paypal/react-paypal-js';

export default function LivePaypalButtons({
  clientId,
  createOrder,
  onApprove,
  onError,
}: {
  clientId: string;
  createOrder: () => Promise<string>;
  onApprove: (paypalOrderId: string) => Promise<void>;
  onError: () => void;
}) {
  return (
    <PayPalScriptProvider options={{ clientId, intent: 'authorize', currency: 'EUR', locale: 'de_DE' }}>
      <PayPalButtons
        style={{ layout: 'vertical', label: 'pay' }}
        createOrder={() => createOrder()}
        onApprove={(data) => onApprove(data.orderID)}
        onError={() => onError()}
      />
    </PayPalScriptProvider>
  );
}
