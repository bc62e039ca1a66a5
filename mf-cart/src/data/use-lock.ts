import { useEffect, useState } from 'react';
import { isCartLocked } from '@shop/shared/domain/cart-lock';
import { useStore } from '@shop/shared/react';
import { cartLockStore } from '@shop/shared/stores';

/** True while the cart is locked after a restore; re-renders when the lock ends. */
export function useCartLocked(): boolean {
  const until = useStore(cartLockStore);
  const [, setTick] = useState(0);
  const locked = isCartLocked(until, Date.now());
  useEffect(() => {
    if (!locked) return undefined;
    const timer = window.setTimeout(() => setTick((n) => n + 1), Math.max(0, until - Date.now()) + 10);
    return () => window.clearTimeout(timer);
  }, [locked, until]);
  return locked;
}
