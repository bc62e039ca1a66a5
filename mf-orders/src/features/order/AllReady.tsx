import { useEffect, useRef, useState } from 'react';
import type { SavedOrder } from '@shop/shared/contract';
import { ActionCallError, TransportError, callAction, withRetry } from '@shop/shared/client';
import { CHECKOUT_CONSTANTS } from '@shop/shared/domain/checkout-constants';
import { orders as texts } from '@shop/shared/i18n/orders';
import { Button, Notice } from '@shop/shared/ui';
import { rememberOrders } from '../../data/orders-source';
import css from './order.module.css';

/**
 * 'WIR SIND FERTIG' (requirements#checkout-screens, requirements#checkout-behaviour): the table's group is done. The call is retried every
 * 2 s until it succeeds, then a confirmation appears. Shown from the first paint, it can be pressed once
 * the server has answered with the order (`enabled`).
 */
export function AllReady({ order, enabled }: { order: SavedOrder; enabled: boolean }) {
  const [state, setState] = useState<'idle' | 'sending' | 'done' | 'failed'>('idle');
  const alive = useRef(true);
  useEffect(
    () => () => {
      alive.current = false;
    },
    [],
  );

  const send = async () => {
    setState('sending');
    try {
      const confirmed = await withRetry(
        async () => {
          const res = await callAction('ConfirmAllReady', { uniqueOrderId: order.uniqueOrderId });
          return res.ok ? res.order : null;
        },
        {
          retries: Number.POSITIVE_INFINITY,
          delayMs: CHECKOUT_CONSTANTS.allReadyRetryMs,
          retryOn: (e) => alive.current && (e instanceof TransportError || (e instanceof ActionCallError && e.status >= 500)),
        },
      );
      if (!alive.current) return;
      if (confirmed) rememberOrders([confirmed]);
      setState(confirmed ? 'done' : 'failed');
    } catch (error) {
      console.warn('[mf_orders] ConfirmAllReady failed', error);
      if (alive.current) setState('failed');
    }
  };

  if (state === 'done' || order.allReady) {
    return (
      <div className={css.allReady}>
        <Notice testId="order-all-ready-confirmed">{texts.allReadyConfirmed}</Notice>
      </div>
    );
  }
  return (
    <div className={css.allReady}>
      {state === 'failed' ? <Notice error>{texts.allReadyFailed}</Notice> : null}
      <Button block disabled={!enabled || state === 'sending'} onClick={() => void send()} data-testid="order-all-ready">
        {texts.allReadyButton}
      </Button>
    </div>
  );
}
