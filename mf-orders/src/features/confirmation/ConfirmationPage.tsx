import { useEffect } from 'react';
import { filter } from 'rxjs';
import { on } from '@shop/shared/bus';
import { CHECKOUT_CONSTANTS } from '@shop/shared/domain/checkout-constants';
import { confirmationNext } from '@shop/shared/domain/orders';
import { orders as texts } from '@shop/shared/i18n/orders';
import { Link, useStore } from '@shop/shared/react';
import { redirectTo } from '@shop/shared/routes';
import { lastOrdersStore } from '@shop/shared/stores';
import { Icon, Notice, Page, buttonClass } from '@shop/shared/ui';
import { fetchOrder } from '../../data/orders-source';
import css from '../order/order.module.css';

/**
 * Bestaetigung: order success. Once the newest order reaches the target state the guest is taken
 * to its order page; without any order, to the start page (requirements#shop-behaviour).
 */
export function ConfirmationPage() {
  const orders = useStore(lastOrdersStore);
  const newest = orders[0];
  const next = confirmationNext(newest);

  useEffect(() => {
    if (next === 'home') redirectTo('Home');
    else if (next === 'order' && newest) redirectTo('Bestellung', { uniqueOrderId: newest.uniqueOrderId });
  }, [next, newest]);

  const newestId = newest?.uniqueOrderId;
  useEffect(() => {
    if (!newestId || next !== 'stay') return;
    const id = newestId;
    const refresh = () => void fetchOrder(id).catch((error: unknown) => console.warn('[mf_orders] confirmation refresh failed', error));
    const timer = setInterval(refresh, CHECKOUT_CONSTANTS.orderStatusRefreshMs);
    const sub = on('orders:order-updated')
      .pipe(filter((e) => e.uniqueOrderId === id))
      .subscribe(refresh);
    refresh();
    return () => {
      clearInterval(timer);
      sub.unsubscribe();
    };
  }, [newestId, next]);

  if (!newest) return null;
  return (
    <Page testId="confirmation-page">
      <div className={css.header}>
        <div className={css.tick} aria-hidden="true">
          <Icon name="check" size={40} />
        </div>
        <h2>{texts.thanks}</h2>
        <p className={css.number}>
          {texts.orderNumber} <strong>{newest.orderNumber}</strong>
        </p>
      </div>
      <Notice>{texts.transmitting}</Notice>
      <div className={css.actions}>
        <Link to="Bestellung" params={{ uniqueOrderId: newest.uniqueOrderId }} className={buttonClass('secondary')}>
          {texts.toOrder}
        </Link>
      </div>
    </Page>
  );
}
