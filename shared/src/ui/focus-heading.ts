// Focus follows every step and page change, and the change is announced (docs/requirements.md#accessibility):
// after a route change the shell moves focus to the new page's h1; a remote that changes a step in place
// (checkout steps) moves it to the step's heading. One polite live region, found by id in the document,
// is shared by every app (each app bundles its own copy of this module; the DOM element is the singleton).

/** The id of the one polite live region of the page. */
export const ANNOUNCER_ID = 'shop-announcer';

const VISUALLY_HIDDEN: Partial<CSSStyleDeclaration> = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  margin: '-1px',
  padding: '0',
  overflow: 'hidden',
  clipPath: 'inset(50%)',
  whiteSpace: 'nowrap',
  border: '0',
};

function announcer(doc: Document): HTMLElement {
  const existing = doc.getElementById(ANNOUNCER_ID);
  if (existing) return existing;
  const region = doc.createElement('div');
  region.id = ANNOUNCER_ID;
  region.setAttribute('role', 'status');
  region.setAttribute('aria-live', 'polite');
  region.setAttribute('aria-atomic', 'true');
  region.setAttribute('data-testid', 'page-announcer');
  Object.assign(region.style, VISUALLY_HIDDEN);
  doc.body.appendChild(region);
  return region;
}

let pending = 0;

/** Says `text` politely (the region is emptied first, so the same text twice is read twice). */
export function announce(text: string, doc: Document = document): void {
  const region = announcer(doc);
  region.textContent = '';
  window.clearTimeout(pending);
  pending = window.setTimeout(() => {
    region.textContent = text;
  }, 60);
}

/** The text a heading is announced with (its accessible text, whitespace collapsed). */
export function headingText(heading: HTMLElement): string {
  return (heading.getAttribute('aria-label') ?? heading.textContent ?? '').replace(/\s+/g, ' ').trim();
}

/**
 * Moves focus to `heading` (made focusable by script only, tabindex -1) and announces `announcement`
 * (the heading's text when none is given). `scroll: false` keeps the scroll position (back and
 * forward restore it themselves).
 */
export function focusHeading(heading: HTMLElement, options: { announcement?: string; scroll?: boolean } = {}): void {
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  heading.focus({ preventScroll: options.scroll === false });
  announce(options.announcement ?? headingText(heading), heading.ownerDocument);
}

function isShown(el: Element): boolean {
  return el.getClientRects().length > 0 && !el.closest('[aria-hidden="true"], [hidden], [inert]');
}

/** Whether the guest (or a dialog) has put focus somewhere since `before` was focused. */
function focusTakenElsewhere(doc: Document, before: Element | null): boolean {
  const active = doc.activeElement;
  if (!active || active === doc.body || active === doc.documentElement) return false;
  if (active === before) return false;
  return true;
}

/**
 * After a page change: waits (up to `timeoutMs`) for the first visible h1 in `container`, then
 * focuses and announces it, unless focus has meanwhile gone somewhere else (a dialog, the guest's
 * own Tab). Returns a function that stops waiting.
 */
export function focusPageHeadingWhenShown(
  container: HTMLElement,
  options: {
    timeoutMs?: number;
    scroll?: boolean;
    /** The old page's headings (and their texts): not the new page's. */ stale?: ReadonlyMap<Element, string>;
  } = {},
): () => void {
  const doc = container.ownerDocument;
  const before = doc.activeElement;
  const timeoutMs = options.timeoutMs ?? 6000;
  let done = false;
  let observer: MutationObserver | null = null;
  let timer = 0;
  let frame = 0;
  const stop = () => {
    done = true;
    observer?.disconnect();
    window.clearTimeout(timer);
    cancelAnimationFrame(frame);
  };
  const fresh = (h: HTMLElement) => isShown(h) && options.stale?.get(h) !== (h.textContent ?? '');
  const attempt = () => {
    if (done) return;
    // The page's app (or the shell's focus rescue) has already focused the new h1: it is announced.
    const active = doc.activeElement;
    if (active instanceof HTMLElement && active.tagName === 'H1' && container.contains(active) && fresh(active)) {
      stop();
      announce(headingText(active), doc);
      return;
    }
    if (focusTakenElsewhere(doc, before) && !(active instanceof HTMLElement && active.tagName === 'H1')) return stop();
    const heading = [...container.querySelectorAll<HTMLElement>('h1')].find(fresh);
    if (!heading) return;
    stop();
    focusHeading(heading, options.scroll === undefined ? {} : { scroll: options.scroll });
  };
  // Two frames: the page's app renders the new route before its heading is looked for.
  frame = requestAnimationFrame(() => {
    frame = requestAnimationFrame(() => {
      attempt();
      if (done) return;
      observer = new MutationObserver(attempt);
      observer.observe(container, { childList: true, subtree: true, characterData: true, attributes: true, attributeFilter: ['hidden', 'class', 'style'] });
      timer = window.setTimeout(stop, timeoutMs);
    });
  });
  return stop;
}
