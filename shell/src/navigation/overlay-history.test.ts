import { afterEach, describe, expect, it } from 'vitest';
import { closeAllLayers, closeDialog, openDialog } from './layers';
import { installOverlayHistory } from './overlay-history';

/** A tab's history: entries with state, back() lands asynchronously with a browser popstate. */
function fakeWindow() {
  const entries: { state: unknown; url: string }[] = [
    { state: null, url: 'https://shop.test/Korb' },
    { state: null, url: 'https://shop.test/' },
  ];
  let index = 1;
  const listeners: ((event: PopStateEvent) => void)[] = [];
  const history = {
    get state() {
      return entries[index]!.state;
    },
    pushState(state: unknown, _unused: string, url?: string | URL | null) {
      entries.splice(index + 1);
      entries.push({ state, url: String(url ?? entries[index]!.url) });
      index += 1;
    },
    replaceState(state: unknown, _unused: string, url?: string | URL | null) {
      entries[index] = { state, url: String(url ?? entries[index]!.url) };
    },
    back() {
      setTimeout(() => {
        index = Math.max(0, index - 1);
        for (const listener of listeners) listener({} as PopStateEvent);
      }, 5);
    },
  };
  const target = {
    history,
    get location() {
      return { href: entries[index]!.url };
    },
    addEventListener: (_type: string, listener: (event: PopStateEvent) => void) => listeners.push(listener),
    removeEventListener: () => undefined,
    setTimeout: (fn: () => void, ms: number) => setTimeout(fn, ms),
    clearTimeout: (id: number) => clearTimeout(id),
  } as unknown as Window;
  return { target, url: () => entries[index]!.url, count: () => entries.length };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 30));

describe('overlay history (docs/requirements.md#navigation)', () => {
  let uninstall = () => {};
  afterEach(() => {
    uninstall();
    closeAllLayers();
  });

  it('a dialog closed by Escape takes its entry back once and stays on the page', async () => {
    const tab = fakeWindow();
    uninstall = installOverlayHistory(tab.target);
    openDialog('consent');
    expect(tab.count()).toBe(3);
    closeDialog('consent');
    await settle();
    expect(tab.url()).toBe('https://shop.test/');
  });

  it('a second "closed" while the first back is on its way does not go back a real step', async () => {
    const tab = fakeWindow();
    uninstall = installOverlayHistory(tab.target);
    openDialog('consent');
    closeDialog('consent');
    await Promise.resolve();
    // Another layer update with nothing open (a second registration of the same dialog closing).
    closeDialog('remote:consent');
    await settle();
    expect(tab.url()).toBe('https://shop.test/');
  });
});

describe('overlay history after a reload on an overlay entry', () => {
  it('the entry is the page’s own again: the next dialog gets its own entry and its close stays on the page', async () => {
    const tab = fakeWindow();
    tab.target.history.pushState({ shopOverlay: true }, '', 'https://shop.test/');
    const uninstall = installOverlayHistory(tab.target);
    try {
      expect((tab.target.history.state as Record<string, unknown>).shopOverlay).toBeUndefined();
      openDialog('consent');
      closeDialog('consent');
      await settle();
      expect(tab.url()).toBe('https://shop.test/');
      expect(tab.count()).toBe(4);
    } finally {
      uninstall();
      closeAllLayers();
    }
  });
});
