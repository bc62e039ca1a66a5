import { mayCountPageViews } from '@shop/shared/domain/consent';
import { PAGE_VIEW_NOT_FOUND } from '@shop/shared/domain/page-views';
import { matchRoute } from '@shop/shared/routes';
import { consentStore } from './consent-store';

const allowed = () => mayCountPageViews(consentStore.get(), Date.now());
let started = false;

/**
 * Real-user vitals (docs/requirements.md#web-vitals): LCP, INP and CLS of the page load, measured by
 * web-vitals and sent, only while the guest's consent to statistics holds, to the shop's own
 * statistics with the route name the guest landed on and the device class (mobile or desktop).
 * Without consent the library is not even loaded; when the guest allows statistics later in the
 * visit, it starts then (it reads the page's buffered LCP and layout shifts).
 */
export function startWebVitals(): void {
  const landed = matchRoute(window.location.pathname)?.name ?? PAGE_VIEW_NOT_FOUND;
  const hint = (navigator as Navigator & { userAgentData?: { mobile?: boolean } }).userAgentData?.mobile;
  const begin = () => {
    if (started || !allowed()) return;
    started = true;
    // The collector and the library: one chunk of their own, never loaded without consent.
    void import(/* webpackChunkName: "web-vitals" */ './vitals-report').then(
      (m) => m.collectVitals(landed, hint, allowed),
      () => undefined,
    );
  };
  begin();
  if (!started) {
    const sub = consentStore.value$.subscribe(() => {
      begin();
      if (started) queueMicrotask(() => sub.unsubscribe());
    });
  }
}
