// Nothing focused is covered (docs/requirements.md#accessibility): fixed and sticky bars (header, offline
// banner, floating cart bar, sticky checkout and cart bars, category tabs) mark themselves with
// data-fixed-layer="top" or "bottom", toasts and sheets floating above the bottom bars "bottom-float",
// a toast below the header "top-float" (the page then keeps room for it at its top: --shop-float-top). The shell keeps the page's scroll-padding at the height they cover
// (--shop-covered-top/-bottom, used by tokens.css), and when focus lands under one of them it scrolls the
// focused control clear.

export const LAYER_ATTRIBUTE = 'data-fixed-layer';
const MARGIN = 8;

interface Covered {
  top: number;
  bottom: number;
  /** The bottom bars alone (not the toasts floating above them). */
  bars: number;
  /** How far a toast floating below the header reaches beyond it (the page keeps that room at its top). */
  floatTop: number;
}

/** Whether a sticky element is currently stuck to its edge (a fixed one always is). */
function stuck(el: HTMLElement, rect: DOMRect, edge: 'top' | 'bottom', viewportHeight: number): boolean {
  const style = getComputedStyle(el);
  if (style.position === 'fixed') return true;
  if (style.position !== 'sticky') return false;
  const offset = parseFloat(edge === 'top' ? style.top : style.bottom) || 0;
  return edge === 'top' ? Math.abs(rect.top - offset) < 1.5 : Math.abs(viewportHeight - rect.bottom - offset) < 1.5;
}

/** The heights covered at the top and the bottom of the viewport by the marked layers now shown. */
export function coveredEdges(doc: Document = document): Covered {
  const view = doc.defaultView!;
  const height = view.innerHeight;
  const covered: Covered = { top: 0, bottom: 0, bars: 0, floatTop: 0 };
  for (const el of doc.querySelectorAll<HTMLElement>(`[${LAYER_ATTRIBUTE}]`)) {
    const rect = el.getBoundingClientRect();
    if (rect.width === 0 || rect.height === 0 || rect.bottom <= 0 || rect.top >= height) continue;
    const kind = el.getAttribute(LAYER_ATTRIBUTE);
    const edge = kind === 'top' || kind === 'top-float' ? 'top' : 'bottom';
    if (!stuck(el, rect, edge, height)) continue;
    if (edge === 'top') covered.top = Math.max(covered.top, rect.bottom);
    else covered.bottom = Math.max(covered.bottom, height - rect.top);
    if (kind === 'bottom') covered.bars = Math.max(covered.bars, height - rect.top);
    if (kind === 'top-float') covered.floatTop = Math.max(covered.floatTop, rect.height + 16);
  }
  return covered;
}

/** Shell only, once at start. */
export function installCoveredEdges(doc: Document = document): void {
  const view = doc.defaultView!;
  const root = doc.documentElement;
  let frame = 0;
  const update = () => {
    frame = 0;
    const { top, bottom, bars, floatTop } = coveredEdges(doc);
    root.style.setProperty('--shop-float-top', `${Math.ceil(floatTop)}px`);
    root.style.setProperty('--shop-covered-top', `${Math.ceil(top)}px`);
    root.style.setProperty('--shop-covered-bottom', `${Math.ceil(bottom)}px`);
    root.style.setProperty('--shop-bars-bottom', `${Math.ceil(bars)}px`);
  };
  const schedule = () => {
    if (!frame) frame = view.requestAnimationFrame(update);
  };
  new MutationObserver(schedule).observe(doc.body, { childList: true, subtree: true });
  view.addEventListener('resize', schedule);
  view.addEventListener('scroll', schedule, { passive: true });
  update();

  // Focus that lands under a bar (Tab, a script) is scrolled clear of it, with a small margin. Only
  // what is at least partly on screen: a page heading focused after back or forward, scrolled out of
  // view by the restored scroll position, stays where it is (the guest is back where they were).
  doc.addEventListener('focusin', (event) => {
    const target = event.target as HTMLElement | null;
    if (!target || target === doc.body || target.closest(`[${LAYER_ATTRIBUTE}], dialog`)) return;
    const rect = target.getBoundingClientRect();
    if (rect.height === 0 || rect.bottom <= 0 || rect.top >= view.innerHeight) return;
    const { top, bottom } = coveredEdges(doc);
    const visibleBottom = view.innerHeight - bottom;
    if (rect.bottom > visibleBottom - 1 && rect.height < visibleBottom - top) view.scrollBy({ top: rect.bottom - visibleBottom + MARGIN });
    else if (rect.top < top + 1) view.scrollBy({ top: rect.top - top - MARGIN });
  });
}
