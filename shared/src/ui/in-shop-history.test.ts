import { beforeEach, describe, expect, it, vi } from 'vitest';
import { backInShopOr, canGoBackInShop, installInShopHistory } from './in-shop-history';

/** A tab's history: entries before the shop (another site) and the shop's own. */
function fakeHistory(before: number) {
  const entries: { state: unknown; url: string }[] = Array.from({ length: before + 1 }, (_, i) => ({ state: null, url: `other-${i}` }));
  let at = before;
  const history = {
    get length() {
      return entries.length;
    },
    get state() {
      return entries[at]!.state;
    },
    pushState(state: unknown, _u: string, url?: string | URL | null) {
      entries.splice(at + 1);
      entries.push({ state, url: String(url) });
      at++;
    },
    replaceState(state: unknown, _u: string, url?: string | URL | null) {
      entries[at] = { state, url: String(url ?? entries[at]!.url) };
    },
    back: vi.fn(() => {
      at--;
    }),
  };
  return history;
}

describe('back inside the shop only (requirements#accessibility)', () => {
  let history: ReturnType<typeof fakeHistory>;
  beforeEach(() => {
    history = fakeHistory(3); // three pages of another site before the shop: history.length is 4
    vi.stubGlobal('window', { history });
    installInShopHistory(history as unknown as History);
    history.replaceState(null, '', '/Speise/burrito'); // the shop's first entry (opened from a link)
  });

  it('the first entry of the shop cannot go back in the shop although history.length > 1', () => {
    expect(history.length).toBe(4);
    expect(canGoBackInShop()).toBe(false);
    const parent = vi.fn();
    backInShopOr(parent);
    expect(parent).toHaveBeenCalledTimes(1);
    expect(history.back).not.toHaveBeenCalled();
  });

  it('after an in-shop navigation it goes back; replaceState keeps the number and the router state', () => {
    history.pushState({ usr: null, key: 'k1', idx: 1 }, '', '/Korb');
    expect(canGoBackInShop()).toBe(true);
    history.replaceState({ usr: null, key: 'k2', idx: 1 }, '', '/Korb?x=1');
    expect(history.state).toEqual({ usr: null, key: 'k2', idx: 1, shopIndex: 1 });
    const parent = vi.fn();
    backInShopOr(parent);
    expect(history.back).toHaveBeenCalledTimes(1);
    expect(parent).not.toHaveBeenCalled();
  });
});
