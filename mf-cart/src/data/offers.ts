import { filter } from 'rxjs';
import { on } from '@shop/shared/bus';
import { callAction } from '@shop/shared/client';
import type { Coupon } from '@shop/shared/contract';
import { offersStore } from '@shop/shared/stores';

/** Loads the visible coupons and the active offers (LoadCoupons); offers go to the shared store. */
export async function loadCoupons(): Promise<Coupon[]> {
  const res = await callAction('LoadCoupons', {});
  if (!res.ok) return [];
  offersStore.set(res.offers);
  return res.coupons;
}

/**
 * Keeps the offers fresh: at start and whenever the server announces new offers. The event carries
 * the offers (the shell puts them into the shared store at once, re-pricing the cart); only an event
 * without them (an older server) makes the cart ask again.
 */
export function startOffersSync(): void {
  void loadCoupons().catch(() => undefined);
  on('shell:server-event')
    .pipe(filter((e) => e.type === 'offersUpdated' && !Array.isArray((e.data as { offers?: unknown } | null)?.offers)))
    .subscribe(() => void loadCoupons().catch(() => undefined));
}
