import { callAction } from '@shop/shared/client';
import { mayCountPageViews } from '@shop/shared/domain/consent';
import { PAGE_VIEW_NOT_FOUND } from '@shop/shared/domain/page-views';
import { deviceClass } from '@shop/shared/domain/shop-constants';
import { matchRoute } from '@shop/shared/routes';
import { consentStore } from './consent-store';

let lastCounted: string | null = null;

/**
 * Each route change logs a page view (requirements#screens), only while the guest's consent to statistics
 * holds, to the shop's own API (LogPageView): the route's name and the device class, nothing else.
 * A path is counted once per visit of it (a re-render does not count again); failures are silent.
 */
export function countPageView(pathname: string, now: number = Date.now(), widthPx: number = window.innerWidth): void {
  if (pathname === lastCounted) return;
  if (!mayCountPageViews(consentStore.get(), now)) return;
  lastCounted = pathname;
  const route = matchRoute(pathname)?.name ?? PAGE_VIEW_NOT_FOUND;
  void callAction('LogPageView', { route, deviceClass: deviceClass(widthPx) }).catch(() => undefined);
}

/** The guest chose again: the current page may be counted anew. */
export function forgetCountedPage(): void {
  lastCounted = null;
}
