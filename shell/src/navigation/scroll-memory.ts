// Scroll positions per history entry (requirements#accessibility: back in the menu returns to where the guest was).
// The browser's own restoration runs before a remote has drawn the page again, so it lands too
// high (1229 → 302 px); the shell keeps the position of every entry and, after a back or forward
// navigation, scrolls there as soon as the page is tall enough (or the guest scrolls themselves).

const STORAGE_KEY = 'shell:scroll';
const MAX_ENTRIES = 50;
const RESTORE_FOR_MS = 4000;

let popped = false;
let restoring: (() => void) | null = null;

function entryKey(): string {
  const state = window.history.state as { shopIndex?: unknown } | null;
  const index = typeof state?.shopIndex === 'number' ? state.shopIndex : 0;
  return `${index}:${window.location.pathname}${window.location.search}`;
}

/** Saved positions, oldest first (kept as [key, y] pairs in session storage). */
function readPositions(): Map<string, number> {
  try {
    const value: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '[]');
    return new Map(
      Array.isArray(value) ? value.filter((e): e is [string, number] => Array.isArray(e) && typeof e[0] === 'string' && typeof e[1] === 'number') : [],
    );
  } catch {
    return new Map();
  }
}

function savePosition(key: string, y: number): void {
  const positions = readPositions();
  positions.delete(key);
  positions.set(key, Math.round(y));
  const kept = [...positions].slice(-MAX_ENTRIES);
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(kept));
  } catch {
    // Storage full or blocked: the page then simply opens at the top.
  }
}

/** Shell only, once at start. */
export function installScrollMemory(): void {
  window.history.scrollRestoration = 'manual';
  window.addEventListener('popstate', () => {
    popped = true;
  });
  let frame = 0;
  window.addEventListener(
    'scroll',
    () => {
      if (frame || restoring) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        if (!restoring) savePosition(entryKey(), window.scrollY);
      });
    },
    { passive: true },
  );
}

/**
 * Scrolls to `target` once the page is tall enough. Until the page has settled, the browser's scroll
 * anchoring is off: a remote that draws more content above the saved position after the scroll (an item
 * page's gallery and options) would otherwise move the position by that height (about 800 px on an item
 * page), and the wrong position would be saved for the next back; a page that gets shorter for a moment
 * (a remote swapping its content) clamps the position, and focus moved to the page heading makes it
 * the browser's anchor: the position is held for RESTORE_FOR_MS, until the guest scrolls themselves.
 */
function restoreTo(target: number): void {
  restoring?.();
  const started = performance.now();
  const root = document.documentElement;
  let frame = 0;
  const stop = () => {
    cancelAnimationFrame(frame);
    for (const type of ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const) window.removeEventListener(type, stop);
    root.style.removeProperty('overflow-anchor');
    restoring = null;
  };
  for (const type of ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const) window.addEventListener(type, stop, { passive: true });
  root.style.setProperty('overflow-anchor', 'none');
  restoring = stop;
  const step = () => {
    const now = performance.now();
    const height = root.scrollHeight;
    const reachable = height - window.innerHeight;
    if (reachable >= target - 1 && Math.abs(window.scrollY - target) > 1) window.scrollTo({ top: target });
    const there = Math.abs(window.scrollY - target) <= 1;
    // The top needs no holding: a page may scroll itself (to a section) right after arriving.
    if (there && target === 0) return stop();
    if (now - started > RESTORE_FOR_MS) {
      if (!there) window.scrollTo({ top: Math.min(target, Math.max(0, reachable)) });
      return stop();
    }
    frame = requestAnimationFrame(step);
  };
  step();
}

/** After a route change: back or forward returns to the saved position, any other navigation starts at the top (requirements#screens). */
export function scrollAfterNavigation(): void {
  if (popped) {
    popped = false;
    restoreTo(readPositions().get(entryKey()) ?? 0);
    return;
  }
  restoring?.();
  window.scrollTo({ top: 0 });
}
