// Focus is never dropped to the page body (docs/requirements.md#accessibility): when the focused control
// goes away (a cart line removed, a step's content replaced), focus moves to the page's heading, so
// the next Tab continues in the page instead of at the top of the document.

/** Shell only, once at start. */
export function installFocusRescue(doc: Document = document): void {
  doc.addEventListener('focusout', (event) => {
    const lost = event.target as HTMLElement | null;
    if (!lost || event.relatedTarget || !lost.closest('#main')) return;
    requestAnimationFrame(() => {
      if (lost.isConnected) return;
      const active = doc.activeElement;
      if (active && active !== doc.body && active !== doc.documentElement) return;
      const heading = [...doc.querySelectorAll<HTMLElement>('#main h1')].find((h) => h.getClientRects().length > 0);
      if (!heading) return;
      if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
      heading.focus({ preventScroll: true });
    });
  });
}
