// Back owns overlays (docs/requirements.md#navigation): the drawer, dialogs and remote layers (the
// allergen filter among them) push one history entry while any of them is open, at the same URL.
// Back pops that entry: the overlay closes and nothing else happens (no page left, no step used up).
// Closed another way (a button, Escape), the entry is taken back; a navigation that follows a close
// at once reuses the entry instead. And a visit that starts on a deep link gets the Home page below
// its first entry, so back on the first page stays in the shop.
import { closeAllLayers, hasOpenLayer, layers$ } from './layers';

const MARK = 'shopOverlay';
const HOME_BELOW = 'shopHomeBelow';

type State = Record<string, unknown> | null;

function stateOf(history: History): State {
  const value: unknown = history.state;
  return value && typeof value === 'object' ? (value as Record<string, unknown>) : null;
}

/** A popstate the browser fired (back, forward), not single-spa's artificial one after pushState/replaceState. */
function isBrowserPop(event: PopStateEvent): boolean {
  return !(event as PopStateEvent & { singleSpa?: boolean }).singleSpa;
}

/**
 * Shell only, once at start, after installInShopHistory (entries keep their shopIndex). Returns the
 * uninstall (tests).
 */
export function installOverlayHistory(target: Window = window): () => void {
  const history = target.history;
  const state = () => stateOf(history);
  const onOverlayEntry = () => state()?.[MARK] === true;
  // A reload on an overlay's entry (the entry survives, the overlay does not): the entry is the page's
  // own again, or the next overlay would find it marked and its close would go back a real step.
  if (onOverlayEntry()) {
    const rest = Object.fromEntries(Object.entries(state() ?? {}).filter(([key]) => key !== MARK));
    history.replaceState(rest, '', target.location.href);
  }
  /** We called history.back() to take the overlay entry away and wait for its popstate. */
  let takingBack = false;
  /** Counts closes: a pending take-back runs only if nothing opened or navigated since its close. */
  let closeGeneration = 0;
  /**
   * A navigation asked for while the entry is being taken back (history.back() is asynchronous): it
   * waits for that back to land, or the back would leave the page just navigated to (the order page
   * after the card dialog closed).
   */
  let deferred: Parameters<History['pushState']> | null = null;
  let takeBackTimer: number | undefined;

  const pushEntry = () => {
    // The same URL: single-spa (urlRerouteOnly) does not reroute for it.
    history.pushState({ ...(state() ?? {}), [MARK]: true }, '', target.location.href);
  };

  const sub = layers$.subscribe((layers) => {
    if (hasOpenLayer(layers)) {
      closeGeneration++;
      if (!onOverlayEntry() && !takingBack) pushEntry();
      return;
    }
    if (!onOverlayEntry()) return;
    // Closed by a button or Escape: take the entry back, unless another overlay opens at once
    // (a question that follows a question) or a navigation replaces it, in the same task. A
    // microtask, not a timer: a timer may run much later (a page in the background, a test's clock)
    // and its back would then undo whatever came in between.
    const closing = ++closeGeneration;
    queueMicrotask(() => {
      // One back per entry: a second "closed" (two layers closing one after the other) while the first
      // back is still on its way would go back a real step (the page before, out of the shop).
      if (takingBack || closing !== closeGeneration || hasOpenLayer() || !onOverlayEntry()) return;
      takingBack = true;
      history.back();
      // Should the browser never report the back (a page being left), nothing stays deferred.
      takeBackTimer = target.setTimeout(landed, 1000);
    });
  });

  /** The back that took the overlay entry away has landed: a navigation asked for meanwhile runs now. */
  function landed() {
    target.clearTimeout(takeBackTimer);
    takingBack = false;
    const next = deferred;
    deferred = null;
    if (next) push(...next);
  }

  // A navigation right after a close lands on the overlay entry's place instead of adding a step.
  const push = history.pushState.bind(history);
  history.pushState = (data: unknown, unused: string, url?: string | URL | null) => {
    if (takingBack) {
      deferred = [data, unused, url];
      return;
    }
    if (onOverlayEntry() && !hasOpenLayer()) {
      closeGeneration++;
      const rest = Object.fromEntries(
        Object.entries((data && typeof data === 'object' ? data : {}) as Record<string, unknown>).filter(([key]) => key !== MARK),
      );
      history.replaceState(rest, unused, url);
      return;
    }
    push(data, unused, url);
  };

  const onPop = (event: PopStateEvent) => {
    if (!isBrowserPop(event)) return;
    if (takingBack) {
      const navigating = deferred !== null;
      landed();
      // Something opened while the entry was being taken back: it gets a fresh one.
      if (!navigating && hasOpenLayer()) pushEntry();
      return;
    }
    // Back from the overlay entry: the overlay closes, the page stays.
    if (hasOpenLayer() && !onOverlayEntry()) closeAllLayers();
  };
  target.addEventListener('popstate', onPop);

  return () => {
    sub.unsubscribe();
    closeGeneration++;
    target.clearTimeout(takeBackTimer);
    history.pushState = push;
    target.removeEventListener('popstate', onPop);
  };
}

/**
 * A visit that starts on a deep link (a shared link, a QR code) gets the Home page as the entry
 * below it, so back on its first page stays in the shop. Only for a fresh entry (a reload keeps its
 * history) and never below Home itself. The deep link keeps shopIndex 0, so the in-page 'Zurück'
 * still goes to its logical parent.
 */
export function putHomeBelowDeepLink(target: Window = window, homePath = '/'): void {
  const history = target.history;
  if (history.state !== null || target.location.pathname === homePath) return;
  const here = target.location.pathname + target.location.search + target.location.hash;
  // The native methods: nothing may reroute or renumber yet (single-spa has not started).
  History.prototype.replaceState.call(history, { shopIndex: 0, [HOME_BELOW]: true }, '', homePath);
  History.prototype.pushState.call(history, { shopIndex: 0 }, '', here);
}
