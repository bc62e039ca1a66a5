import { focusPageHeadingWhenShown } from '@shop/shared/ui';

/**
 * Every route change moves focus to the new page's h1 and announces it (docs/requirements.md#accessibility).
 * Runs after single-spa has unmounted the old page's app and mounted the new one, so the heading
 * found is the new page's; the first page of a visit keeps the browser's own start.
 */
export function installRouteFocus(target: Window = window): () => void {
  let last = target.location.pathname;
  let stopWaiting: (() => void) | null = null;
  // The old page's headings, so that the new page's is waited for (an app may still show the old one).
  let stale = new Map<Element, string>();
  const onBefore = () => {
    stale = new Map([...target.document.querySelectorAll('#main h1')].map((h) => [h, h.textContent ?? '']));
  };
  const onRouted = () => {
    const pathname = target.location.pathname;
    if (pathname === last) return;
    last = pathname;
    stopWaiting?.();
    const main = target.document.getElementById('main');
    // No scrolling: the shell has already put the page at the top or back where the guest was.
    if (main) stopWaiting = focusPageHeadingWhenShown(main, { scroll: false, stale });
  };
  target.addEventListener('single-spa:before-routing-event', onBefore);
  target.addEventListener('single-spa:routing-event', onRouted);
  return () => {
    stopWaiting?.();
    target.removeEventListener('single-spa:before-routing-event', onBefore);
    target.removeEventListener('single-spa:routing-event', onRouted);
  };
}
