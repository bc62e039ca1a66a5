// Whether 'Zurück' can go back inside the shop (requirements#accessibility: no dead ends). `history.length` counts
// the tab's whole history, so a shop opened from a link or a QR code would leave it (about:blank,
// the other site). The shell numbers its history entries instead (installInShopHistory); a back
// button goes back only from an entry above the first one and to its logical parent otherwise.
// The key in `history.state` is the contract between the shell and the remotes (pure, bundled in each).

const KEY = 'shopIndex';

function indexOf(state: unknown): number {
  const value = state && typeof state === 'object' ? (state as Record<string, unknown>)[KEY] : undefined;
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : 0;
}

/** True when the entry before this one belongs to the shop. */
export function canGoBackInShop(): boolean {
  return indexOf(window.history.state) > 0;
}

/** Back inside the shop, or to `fallback` (a path) when this is the first entry the shop made. */
export function backInShopOr(fallback: () => void): void {
  if (canGoBackInShop()) window.history.back();
  else fallback();
}

/** Shell only, once at start: every pushState numbers its entry one above the current; replaceState keeps the number. */
export function installInShopHistory(history: History = window.history): void {
  const push = history.pushState.bind(history);
  const replace = history.replaceState.bind(history);
  const withIndex = (state: unknown, index: number): unknown => ({ ...(state && typeof state === 'object' ? state : {}), [KEY]: index });
  history.pushState = (state: unknown, unused: string, url?: string | URL | null) => push(withIndex(state, indexOf(history.state) + 1), unused, url);
  history.replaceState = (state: unknown, unused: string, url?: string | URL | null) => replace(withIndex(state, indexOf(history.state)), unused, url);
}
