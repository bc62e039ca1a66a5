import { useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { filter } from 'rxjs';
import type { SavedOrder } from '@shop/shared/contract';
import { emit, inform, on } from '@shop/shared/bus';
import { CHECKOUT_CONSTANTS } from '@shop/shared/domain/checkout-constants';
import { SHOP_CONSTANTS } from '@shop/shared/domain/shop-constants';
import { formatEuro } from '@shop/shared/domain/money';
import { findOrder, isCancelledOrFinished, needsStatusRefresh, orderSituation, readyTitle, readyTransitions } from '@shop/shared/domain/orders';
import { orders as texts } from '@shop/shared/i18n/orders';
import { fill } from '@shop/shared/i18n/fill';
import { useStore } from '@shop/shared/react';
import { redirectTo } from '@shop/shared/routes';
import { lastOrdersStore } from '@shop/shared/stores';
import { fetchOrder } from '../../data/orders-source';
import { createChime } from '../sound/chime';

/** The order-ready signal of this page (silent until the guest has tapped the page once). */
const readyChime = createChime();

export interface ReadyOverlays {
  readonly food: boolean;
  readonly drinks: boolean;
}

export interface OrderStatus {
  /** The order as known (local copy first, then the server's), or undefined while it is looked up. */
  readonly order: SavedOrder | undefined;
  /** True once the server has answered with this order. */
  readonly confirmed: boolean;
  /** Neither on this device nor on the server after a while: the page says so (and keeps looking). */
  readonly notFound: boolean;
  /** Self-service full-screen overlays 'Speisen Abholbereit!' / 'Getränke Abholbereit!'. */
  readonly overlays: ReadyOverlays;
  readonly dismissOverlay: (kind: keyof ReadyOverlays) => void;
}

/**
 * Ready dialog, the ready signal (5 times, 2 s apart, until the dialog is closed) and, when the
 * guest allowed it, a system notification (requirements#checkout-behaviour).
 */
function announceReady(order: SavedOrder, kind: 'food' | 'drinks'): void {
  const title = readyTitle(order, kind);
  const text = fill(texts.readyDialogText, { sum: formatEuro(order.total), number: order.orderNumber });
  const stopSignal = readyChime.repeat('ready', SHOP_CONSTANTS.notificationSoundRepeats, SHOP_CONSTANTS.notificationSoundGapMs);
  // A phone in the pocket: vibrate as well (where the device can).
  try {
    navigator.vibrate?.(SHOP_CONSTANTS.readyVibrationPattern);
  } catch {
    // Vibration is a courtesy; the dialog and the signal are the message.
  }
  void inform(title, text).then(stopSignal);
  try {
    if (typeof Notification !== 'undefined' && Notification.permission === 'granted')
      new Notification(title, { body: text, tag: `${order.uniqueOrderId}-${kind}` });
  } catch {
    // Some browsers only allow notifications from a service worker: the dialog is enough.
  }
}

/**
 * The order of the status page (requirements#checkout-screens, requirements#checkout-behaviour): looked up in the last orders and on the
 * server, retried every 2 s until found; then refreshed every 15 s until food and drinks are each
 * ready, and at once when the server reports an update (bus 'orders:order-updated').
 */
export function useOrderStatus(uniqueOrderId: string): OrderStatus {
  const list = useStore(lastOrdersStore);
  const order = findOrder(list, uniqueOrderId);
  const [confirmed, setConfirmed] = useState(false);
  const [notFound, setNotFound] = useState(false);
  const [overlays, setOverlays] = useState<ReadyOverlays>({ food: false, drinks: false });
  const latest = useRef(order);
  latest.current = order;

  useEffect(() => {
    let alive = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let running = false;
    let again = false;
    let seenOnServer: SavedOrder | undefined;
    const started = Date.now();
    setConfirmed(false);
    setNotFound(false);

    const schedule = (ms: number) => {
      clearTimeout(timer);
      timer = setTimeout(() => void run(), ms);
    };

    const run = async (): Promise<void> => {
      if (running) {
        again = true;
        return;
      }
      running = true;
      const before = findOrder(lastOrdersStore.get(), uniqueOrderId);
      let fetched: SavedOrder | null = null;
      try {
        fetched = await fetchOrder(uniqueOrderId);
      } catch (error) {
        console.warn('[mf_orders] order lookup failed, retrying', error);
      }
      running = false;
      if (!alive) return;
      if (!fetched) {
        if (!seenOnServer && !findOrder(lastOrdersStore.get(), uniqueOrderId) && Date.now() - started >= CHECKOUT_CONSTANTS.orderNotFoundAfterMs)
          setNotFound(true);
        schedule(seenOnServer ? CHECKOUT_CONSTANTS.orderStatusRefreshMs : CHECKOUT_CONSTANTS.orderLookupRetryMs);
        return;
      }
      const current = findOrder(lastOrdersStore.get(), uniqueOrderId) ?? fetched;
      setConfirmed(true);
      setNotFound(false);
      if (orderSituation(current) === 'awaitingAuthorization') {
        // A direct-pay order whose payment is not authorized: nothing to show (requirements#checkout-screens).
        redirectTo('Home');
        return;
      }
      // Dialogs only for a change seen on this device, not for an order that was ready before.
      if (before && !isCancelledOrFinished(current)) {
        const changes = readyTransitions(before, current);
        const selfService = orderSituation(current) === 'selfservice';
        if (changes.food || changes.drinks) {
          // The overlay is drawn before the ready dialog is asked for, so the dialog (the shell's, in another React root)
          // opens on top of it and keeps the focus; otherwise whichever root commits last would cover the other.
          if (selfService) flushSync(() => setOverlays((o) => ({ food: o.food || changes.food, drinks: o.drinks || changes.drinks })));
          if (changes.food) announceReady(current, 'food');
          if (changes.drinks) announceReady(current, 'drinks');
        }
      }
      seenOnServer = current;
      if (again) {
        again = false;
        void run();
      } else if (needsStatusRefresh(current)) {
        schedule(CHECKOUT_CONSTANTS.orderStatusRefreshMs);
      }
    };

    void run();
    const updates = on('orders:order-updated')
      .pipe(filter((e) => e.uniqueOrderId === uniqueOrderId))
      .subscribe(() => {
        clearTimeout(timer);
        void run();
      });

    return () => {
      alive = false;
      clearTimeout(timer);
      updates.unsubscribe();
      // Leaving before the order is ready (requirements#checkout-behaviour).
      const last = latest.current;
      if (last && needsStatusRefresh(last)) emit('shell:overlay', { kind: 'snackbar', text: texts.stayOnStatus });
    };
  }, [uniqueOrderId]);

  return {
    order,
    confirmed,
    notFound: notFound && !order,
    overlays,
    dismissOverlay: (kind) => setOverlays((o) => ({ ...o, [kind]: false })),
  };
}
