import { useEffect, useState } from 'react';
import { on } from '@shop/shared/bus';
import { formatEuro } from '@shop/shared/domain/money';
import { currentOrder, findOrder, isListedOrder, orderProductLines } from '@shop/shared/domain/orders';
import { orders as texts } from '@shop/shared/i18n/orders';
import { fill } from '@shop/shared/i18n/fill';
import { Link, useStore } from '@shop/shared/react';
import { authStore, lastOrdersStore } from '@shop/shared/stores';
import { Empty, Page, buttonClass } from '@shop/shared/ui';
import { fetchOrder, refreshLastOrders } from '../../data/orders-source';
import { dateTime } from '@shop/shared/domain/orders';
import css from './orders.module.css';

/**
 * Bestellungen: the last orders, newest first, each linking to its order page, each with its live
 * state (the kitchen's changes arrive over the event stream). Unpaid and expired online orders are
 * not orders: they are not listed.
 */
export function OrdersPage() {
  const orders = useStore(lastOrdersStore).filter(isListedOrder);
  const user = useStore(authStore);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    // The server knows this browser's (or this account's) orders too: merge them in.
    void refreshLastOrders()
      .catch((error: unknown) => console.warn('[mf_orders] last orders could not be loaded', error))
      .finally(() => setNow(Date.now()));
  }, [user?.uid]);

  useEffect(() => {
    const updates = on('orders:order-updated').subscribe(({ uniqueOrderId }) => {
      if (findOrder(lastOrdersStore.get(), uniqueOrderId)) void fetchOrder(uniqueOrderId).catch(() => undefined);
    });
    return () => updates.unsubscribe();
  }, []);

  if (orders.length === 0) {
    return (
      <Page title={texts.pastOrdersTitle} testId="orders-page">
        <Empty testId="orders-empty">
          <p>{texts.noOrders}</p>
          <Link to="Sortiment" className={buttonClass()}>
            {texts.toAssortment}
          </Link>
        </Empty>
      </Page>
    );
  }

  const current = currentOrder(orders, now);
  return (
    <Page title={texts.pastOrdersTitle} testId="orders-page">
      <ul className={css.list}>
        {orders.map((order) => {
          const items = orderProductLines(order).reduce((n, l) => n + l.count, 0);
          return (
            <li key={order.uniqueOrderId}>
              <Link
                to="Bestellung"
                params={{ uniqueOrderId: order.uniqueOrderId }}
                className={[css.entry, current?.uniqueOrderId === order.uniqueOrderId ? css.current : ''].join(' ')}
                data-testid="orders-entry"
                data-order-id={order.uniqueOrderId}
              >
                <span className={css.main}>
                  {current?.uniqueOrderId === order.uniqueOrderId ? <span className={css.badge}>{texts.currentOrder}</span> : null}
                  <span className={css.title}>
                    {fill(texts.orderNumberShort, { number: order.orderNumber })} · {texts.usecaseLabels[order.usecase]}
                  </span>
                  <span className={css.meta}>
                    {dateTime(order.createdAt)} · {fill(texts.itemsCount, { count: items })} ·{' '}
                    <span data-testid="orders-entry-state" data-state={order.state}>
                      {texts.stateLabels[order.state]}
                    </span>
                  </span>
                </span>
                <strong className={css.total}>{formatEuro(order.total)}</strong>
              </Link>
            </li>
          );
        })}
      </ul>
    </Page>
  );
}
