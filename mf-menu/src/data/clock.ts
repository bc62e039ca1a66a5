import { useEffect, useState } from 'react';
import { shopClock, type ShopClock } from '@shop/shared/domain/menu-visibility';

const MINUTE_MS = 60_000;

/** The shop's clock (Hamburg time), re-rendering each minute so time-bound items appear and vanish on their own. */
export function useShopClock(): ShopClock {
  const [clock, setClock] = useState(() => shopClock(Date.now()));
  useEffect(() => {
    const tick = () =>
      setClock((prev) => {
        const next = shopClock(Date.now());
        return next.weekday === prev.weekday && next.minutes === prev.minutes ? prev : next;
      });
    const id = window.setInterval(tick, MINUTE_MS / 4);
    return () => window.clearInterval(id);
  }, []);
  return clock;
}
