import { useCallback, useEffect, useRef, useState } from 'react';
import { SHOP_CONSTANTS } from '@shop/shared/domain/shop-constants';

/**
 * A widget step in progress: buttons are disabled at once, the busy bar shows only after 500 ms
 * (requirements#constants "widget busy spinner after 500 ms"), so quick answers do not flicker.
 */
export function useBusy(): { busy: boolean; spinner: boolean; run: <T>(task: () => Promise<T>) => Promise<T> } {
  const [busy, setBusy] = useState(false);
  const [spinner, setSpinner] = useState(false);
  const timer = useRef<number | null>(null);
  const alive = useRef(true);
  useEffect(
    () => () => {
      alive.current = false;
      if (timer.current !== null) window.clearTimeout(timer.current);
    },
    [],
  );
  const run = useCallback(async function runTask<T>(task: () => Promise<T>): Promise<T> {
    setBusy(true);
    timer.current = window.setTimeout(() => alive.current && setSpinner(true), SHOP_CONSTANTS.widgetBusySpinnerMs);
    try {
      return await task();
    } finally {
      if (timer.current !== null) window.clearTimeout(timer.current);
      timer.current = null;
      if (alive.current) {
        setBusy(false);
        setSpinner(false);
      }
    }
  }, []);
  return { busy, spinner, run };
}
